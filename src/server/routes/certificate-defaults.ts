// The owners' certificate defaults (docs/licence-file.md "Choosing v1 or v2"): read by every role (the console
// prefills its form with them), changed by owners (`settings:manage`).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { certificateDefaultsResponseSchema, certificateDefaultsSchema } from '../../contract/license-terms';
import { actorOf } from '../plugins/auth';
import type { CertificateDefaultsService } from '../services/certificates/defaults';
import { errorResponses, personSecurity } from './route-schemas';

export const certificateDefaultsRoutes: FastifyPluginAsyncZod<{
  defaults: CertificateDefaultsService;
}> = async (app, { defaults }) => {
  const tags = ['settings'];
  const errors = errorResponses(400, 401, 403, 429);

  app.get(
    '/settings/certificate-defaults',
    {
      onRequest: app.requireCapability('certificates:read'),
      schema: {
        tags,
        security: personSecurity,
        description:
          'The grace period and licence file lifetime a new certificate gets when its create omits them, and the licence file format the server signs (`v1` only for certificates that use nothing v2 carries).',
        response: { 200: certificateDefaultsResponseSchema, ...errors },
      },
    },
    async () => ({ data: await defaults.get() }),
  );

  app.put(
    '/settings/certificate-defaults',
    {
      onRequest: app.requirePerson('settings:manage'),
      schema: {
        tags,
        security: personSecurity,
        description:
          'Replaces the certificate defaults (owners only; recorded in the activity log). Existing certificates keep their terms; `licenseFormat` applies to every licence signed from then on.',
        body: certificateDefaultsSchema,
        response: { 200: certificateDefaultsResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await defaults.update(actorOf(request), request.body) }),
  );
};
