// Liveness, readiness and the console's runtime configuration.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { configResponseSchema } from '../../contract/auth';
import { DEFAULT_API_BASE } from '../../contract/constants';
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
    { compress: false, schema: { hide: true, response: { 200: status, 503: status } } },
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
