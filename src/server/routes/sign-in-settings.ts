// How everyone signs in (docs/sign-in.md "Sign-in settings"): what the sign-in page offers, asked before sign-in, and
// the owners' settings (`settings:manage`).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  signInMethodsResponseSchema,
  signInSettingsResponseSchema,
  updateSignInSettingsRequestSchema,
} from '../../contract/sign-in';
import { actorOf } from '../plugins/auth';
import type { SignInSettingsService } from '../services/auth/sign-in-settings';
import { errorResponses, personSecurity } from './route-schemas';

export const signInSettingsRoutes: FastifyPluginAsyncZod<{ settings: SignInSettingsService }> = async (
  app,
  { settings },
) => {
  app.get(
    '/auth/methods',
    {
      schema: {
        tags: ['auth'],
        description:
          'Asked by the sign-in page before anyone signs in: whether staff may sign in with a password (when `false`, owners still may) and the single sign-on provider, or null.',
        response: { 200: signInMethodsResponseSchema, ...errorResponses(400) },
      },
    },
    async () => ({ data: await settings.methods() }),
  );

  const onRequest = app.requirePerson('settings:manage');
  const tags = ['settings'];
  const errors = errorResponses(400, 401, 403, 429);

  app.get(
    '/settings/sign-in',
    {
      onRequest,
      schema: {
        tags,
        security: personSecurity,
        description: 'The sign-in settings (owners only), with how single sign-on is configured.',
        response: { 200: signInSettingsResponseSchema, ...errors },
      },
    },
    async () => ({ data: await settings.get() }),
  );

  app.put(
    '/settings/sign-in',
    {
      onRequest,
      schema: {
        tags,
        security: personSecurity,
        description:
          'Changes the sign-in settings (owners only; recorded in the activity log): `passwordLogin: false` refuses a password to everyone but owners, `mfaRequired: true` sends every password account without two-factor codes to add them at its next sign-in. At least one of the two.',
        body: updateSignInSettingsRequestSchema,
        response: { 200: signInSettingsResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await settings.update(actorOf(request), request.body) }),
  );
};
