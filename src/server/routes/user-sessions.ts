// Another user's sessions, for owners and admins within the rules of managing users (docs/api.md "Sessions").
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionsResponseSchema } from '../../contract/auth';
import { idParamsSchema } from '../../contract/common';
import { actorOf } from '../plugins/auth';
import type { AuthService } from '../services/auth/auth-service';
import { errorResponses, personSecurity } from './route-schemas';

const tags = ['users'];
const security = personSecurity;
const errors = errorResponses(400, 401, 403, 404, 429);

export const userSessionRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  const onRequest = app.requirePerson('users:manage');

  app.get(
    '/users/:id/sessions',
    {
      onRequest,
      schema: {
        tags,
        security,
        description: "A user's live sessions (`current` is always false: they are not the caller's).",
        params: idParamsSchema,
        response: { 200: sessionsResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await auth.sessionsOfUser(actorOf(request), request.params.id) }),
  );

  app.delete(
    '/users/:id/sessions',
    {
      onRequest,
      schema: {
        tags,
        security,
        description: 'Signs the user out everywhere: every session ends, with its refresh and access tokens.',
        params: idParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await auth.endSessionsOfUser(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
