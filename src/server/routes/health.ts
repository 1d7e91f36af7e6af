// Liveness, readiness and the console's runtime configuration.
//
// Liveness (`/healthz`) says the process runs and answers: it is never shed, however busy the process, or a load
// balancer would restart or drop a process for being busy. Readiness (`/readyz`) says it should be sent traffic:
// not while the database is out of reach, and not while the process is refusing requests for overload: then the
// load shedding hook refuses it like any route (503 OVERLOADED, overload.ts), before a ping could queue behind the
// work that overloads the process, and a load balancer sends the traffic elsewhere until it has caught up.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { configResponseSchema } from '../../contract/auth';
import { DEFAULT_API_BASE } from '../../contract/constants';
import { errorBodySchema } from '../../contract/errors';
import { builtFieldByField } from '../answer-serializer';

/** The liveness probe's path and answer, also written in front of Fastify (hot-routes.ts). */
export const HEALTHZ_PATH = '/healthz';
export const HEALTHY = { status: 'ok' } as const;
export const healthRoutes: FastifyPluginAsyncZod<{ ping: () => Promise<void> }> = async (app, { ping }) => {
  const status = builtFieldByField(z.object({ status: z.string() }));
  // Probes answer a few bytes, always under the compression threshold: the hook is skipped, as on the licence check.
  app.get(
    HEALTHZ_PATH,
    { compress: false, schema: { hide: true, response: { 200: status } } },
    async () => HEALTHY,
  );
  app.get(
    '/readyz',
    {
      compress: false,
      // 503: the database out of reach, or the load shedding hook's refusal.
      schema: { hide: true, response: { 200: status, 503: z.union([status, errorBodySchema]) } },
    },
    async (_request, reply) => {
      try {
        await ping();
        return { status: 'ready' };
      } catch {
        return reply.status(503).send({ status: 'database unreachable' });
      }
    },
  );
  app.get('/config.json', { schema: { hide: true, response: { 200: configResponseSchema } } }, async () => ({
    apiUrl: DEFAULT_API_BASE,
  }));
};
