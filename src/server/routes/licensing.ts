// Licensing calls: the public signing keys and the validate call (docs/licence-file.md).
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  publicKeysResponseSchema,
  validateLicenseRequestSchema,
  validateLicenseResponseSchema,
} from '../../contract/licensing';
import { builtFieldByField } from '../answer-serializer';
import { rateLimited } from '../errors';
import type { LicenseService } from '../licensing/license-service';
import type { MinuteLimiter } from '../services/shared/minute-limiter';
import { errorResponses } from './route-schemas';

const errors = errorResponses(400, 401, 403, 429);

/** The licence check's path under the API prefix: the route every licensed machine calls. */
export const LICENSE_CHECK_PATH = '/certificates/validate';

export interface LicensingRoutesOptions {
  licensing: LicenseService;
  /**
   * Anonymous checks per client address (VALIDATE_RATE_LIMIT, in this process's memory), or null when off; the hot
   * routes (hot-routes.ts) count with the same one.
   */
  checkLimiter: MinuteLimiter | null;
}

export const licensingRoutes: FastifyPluginAsyncZod<LicensingRoutesOptions> = async (
  app,
  { licensing, checkLimiter },
) => {
  app.get(
    '/licensing/public-keys',
    { schema: { tags: ['licensing'], response: { 200: publicKeysResponseSchema, ...errors } } },
    async () => ({ data: { keys: await licensing.publicKeys() } }),
  );

  const requireStaffIfToken = app.requireCapability('certificates:read');
  app.post(
    LICENSE_CHECK_PATH,
    {
      // A few hundred bytes, always under the compression threshold: skip the hook on the hottest route.
      compress: false,
      // Licensed machines call anonymously (the signed licence is their credential) and are limited per client
      // address; a staff token, when sent, must be good (a bad one gets its 401 from the auth check) and is not
      // limited. A callback hook, so that the anonymous call (nearly every call) costs no promise.
      onRequest: (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
        if (request.headers.authorization === undefined) {
          const wait = checkLimiter?.hit(request.ip) ?? null;
          return done(wait === null ? undefined : rateLimited(wait));
        }
        requireStaffIfToken.call(app, request, reply).then(() => done(), done);
      },
      schema: {
        tags: ['certificates'],
        security: [{ bearer: [] }, {}],
        body: validateLicenseRequestSchema,
        response: { 200: builtFieldByField(validateLicenseResponseSchema), ...errors },
      },
    },
    // Licensed machines (anonymous) and integrations acting for them (API tokens) use the licence; a staff member
    // signed in to the console only looks at it, so their check leaves Last Used and the history alone.
    async (request) => ({
      data: await licensing.validate(request.body.license, request.body.serialNumber, {
        recordUse: request.principal?.kind !== 'user',
      }),
    }),
  );
};
