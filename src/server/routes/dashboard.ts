// Dashboard (docs/requirements.md#calls "Dashboard"): every role reads it (`dashboard:read`).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activityQuerySchema,
  activityResponseSchema,
  dashboardStatsSchema,
  expirationQuerySchema,
  expirationResponseSchema,
} from '../../contract/dashboard';
import { actorOf } from '../plugins/auth';
import type { DashboardService } from '../services/dashboard-service';
import { bearerSecurity, errorResponses } from './route-schemas';

const security = bearerSecurity;
const errors = errorResponses(400, 401, 403);

export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (
  app,
  { dashboard },
) => {
  const canRead = app.requireCapability('dashboard:read');
  const tags = ['dashboard'];

  // Top-level shapes: the requirements' console stores the stats whole and reads `expiringCertificates`, `activities`.
  app.get(
    '/dashboard/stats',
    { onRequest: canRead, schema: { tags, security, response: { 200: dashboardStatsSchema, ...errors } } },
    async () => dashboard.stats(),
  );

  app.get(
    '/dashboard/certificate-expiration',
    {
      onRequest: canRead,
      schema: {
        tags,
        security,
        querystring: expirationQuerySchema,
        response: { 200: expirationResponseSchema, ...errors },
      },
    },
    async (request) => ({ expiringCertificates: await dashboard.expiring(request.query.days) }),
  );

  app.get(
    '/dashboard/activity',
    {
      onRequest: canRead,
      schema: {
        tags,
        security,
        querystring: activityQuerySchema,
        response: { 200: activityResponseSchema, ...errors },
      },
    },
    async (request) => dashboard.activity(request.query, actorOf(request).role),
  );
};
