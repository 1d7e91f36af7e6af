// Licensing calls: the public signing keys, the validate call and the check-in (docs/licence-file.md).
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkInRequestSchema,
  checkInResponseSchema,
  publicKeysResponseSchema,
  validateLicenseRequestSchema,
  validateLicenseResponseSchema,
} from '../../contract/licensing';
import { builtFieldByField } from '../answer-serializer';
import { rateLimited } from '../errors';
import type { LicenseService } from '../licensing/license-service';
import { addressBucket, type MinuteLimiter } from '../services/shared/minute-limiter';
import { errorResponses } from './route-schemas';

const errors = errorResponses(400, 401, 403, 429);

/** The licence check's path under the API prefix: the route every licensed machine calls. */
export const LICENSE_CHECK_PATH = '/certificates/validate';
/** The check-in's path under the API prefix. */
export const CHECK_IN_PATH = '/licensing/check-in';
/** What shipped software calls: the check, the check-in, and the keys an offline verifier needs. */
export const MACHINE_PATHS = [LICENSE_CHECK_PATH, CHECK_IN_PATH, '/licensing/public-keys'] as const;

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
  // Licensed machines call anonymously (the signed licence is their credential) and are limited per client address,
  // validate and check-in together; a staff token, when sent, must be good (a bad one gets its 401 from the auth
  // check) and is not limited. A callback hook, so that the anonymous call (nearly every call) costs no promise.
  const limitMachines = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    if (request.headers.authorization === undefined) {
      const wait = checkLimiter?.hit(addressBucket(request.ip)) ?? null;
      return done(wait === null ? undefined : rateLimited(wait));
    }
    requireStaffIfToken.call(app, request, reply).then(() => done(), done);
  };
  app.post(
    LICENSE_CHECK_PATH,
    {
      // A few hundred bytes, always under the compression threshold: skip the hook on the hottest route.
      compress: false,
      onRequest: limitMachines,
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
        nonce: request.body.nonce,
        requiredEntitlements: request.body.requiredEntitlements,
      }),
    }),
  );

  app.post(
    CHECK_IN_PATH,
    {
      onRequest: limitMachines,
      schema: {
        tags: ['licensing'],
        security: [{ bearer: [] }, {}],
        description:
          'The licensed software checks in with its licence file: answered from the certificate, with its current licence (a renewal, a new lifetime or new terms reach the machine here) when the presented file is good, and a signed proof. Only an anonymous check-in (the machine itself) is recorded.',
        body: checkInRequestSchema,
        // Built field by field by the validation service, as the validate answer is.
        response: { 200: builtFieldByField(checkInResponseSchema), ...errors },
      },
    },
    async (request) => ({
      data: await licensing.checkIn(request.body, { recordUse: !request.principal }),
    }),
  );
};
