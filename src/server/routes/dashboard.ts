// Dashboard (docs/requirements.md#calls "Dashboard"): every role reads it (`dashboard:read`).
import { builtFieldByField } from '../answer-serializer';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activityQuerySchema,
  activityResponseSchema,
  dashboardStatsSchema,
  expirationQuerySchema,
  expirationResponseSchema,
} from '../../contract/dashboard';
import { actorOf } from '../plugins/auth';
import type { DashboardService } from '../services/dashboard/dashboard-service';
import { errorResponses, staffOperations } from './route-schemas';

const schema = staffOperations('dashboard', errorResponses(400, 401, 403));

export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (
  app,
  { dashboard },
) => {
  const onRequest = app.requireCapability('dashboard:read');

  // Top-level shapes: the requirements' console stores the stats whole and reads `expiringCertificates`, `activities`.
  app.get(
    '/dashboard/stats',
    { onRequest, schema: schema({ response: { 200: dashboardStatsSchema } }) },
    async () => dashboard.stats(),
  );

  app.get(
    '/dashboard/certificate-expiration',
    {
      onRequest,
      // A hundred rows built field by field by the service: written as they are (answer-serializer.ts), which was a
      // tenth of the list's time in the zod pass.
      schema: schema({
        querystring: expirationQuerySchema,
        response: { 200: builtFieldByField(expirationResponseSchema) },
      }),
    },
    async (request) => dashboard.expiring(request.query),
  );

  app.get(
    '/dashboard/activity',
    {
      onRequest,
      schema: schema({ querystring: activityQuerySchema, response: { 200: activityResponseSchema } }),
    },
    async (request) => dashboard.activity(request.query, actorOf(request).role),
  );
};
