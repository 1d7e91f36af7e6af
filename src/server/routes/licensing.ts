// Licensing calls: the public signing keys and the validate call (docs/licence-file.md).
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  VALIDATE_RATE_LIMIT_PER_MINUTE,
  publicKeysResponseSchema,
  validateLicenseRequestSchema,
  validateLicenseResponseSchema,
} from '../../contract/licensing';
import { builtFieldByField } from '../answer-serializer';
import { rateLimited } from '../errors';
import type { LicenseService } from '../licensing/license-service';
import { errorResponses } from './route-schemas';

const errors = errorResponses(400, 401, 403, 429);

/** The licence check's path under the API prefix: the route every licensed machine calls. */
export const LICENCE_CHECK_PATH = '/certificates/validate';

export const licensingRoutes: FastifyPluginAsyncZod<{ licensing: LicenseService }> = async (
  app,
  { licensing },
) => {
  if (app.ctx.env.VALIDATE_RATE_LIMIT) {
    // Only routes that ask for it are limited; the store is this process's memory.
    await app.register(fastifyRateLimit, { global: false });
  }

  app.get(
    '/licensing/public-keys',
    { schema: { tags: ['licensing'], response: { 200: publicKeysResponseSchema, ...errors } } },
    async () => ({ data: { keys: await licensing.publicKeys() } }),
  );

  const requireStaffIfToken = app.requireCapability('certificates:read');
  app.post(
    LICENCE_CHECK_PATH,
    {
      // A few hundred bytes, always under the compression threshold: skip the hook on the hottest route.
      compress: false,
      // Licensed machines call anonymously (the signed licence is their credential); a staff token, when sent, must be good.
      // A callback hook, so that the anonymous call (nearly every call) costs no promise (issue 23).
      onRequest: (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
        if (request.headers.authorization === undefined) return done();
        requireStaffIfToken.call(app, request, reply).then(() => done(), done);
      },
      config: app.ctx.env.VALIDATE_RATE_LIMIT
        ? {
            rateLimit: {
              max: VALIDATE_RATE_LIMIT_PER_MINUTE,
              timeWindow: 60_000,
              keyGenerator: (request: FastifyRequest) => request.ip,
              // Staff calls are authenticated instead; a bad token gets its 401 from the auth check.
              allowList: (request: FastifyRequest) => request.headers.authorization !== undefined,
              errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
                rateLimited(Math.max(1, Math.ceil(context.ttl / 1000))),
            },
          }
        : {},
      schema: {
        tags: ['certificates'],
        security: [{ bearer: [] }, {}],
        body: validateLicenseRequestSchema,
        response: { 200: builtFieldByField(validateLicenseResponseSchema), ...errors },
      },
    },
    // Licensed machines (anonymous) and integrations acting for them (API tokens) use the licence; a staff member
    // signed in to the console only looks at it, so their check leaves Last Used and the history alone (issue 20).
    async (request) => ({
      data: await licensing.validate(request.body.license, request.body.serialNumber, {
        recordUse: request.principal?.kind !== 'user',
      }),
    }),
  );
};
