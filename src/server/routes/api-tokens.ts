// API tokens (docs/api.md "API tokens"): owners and admins, signed in as themselves, create, list and revoke them.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiTokensResponseSchema,
  createApiTokenRequestSchema,
  createdApiTokenResponseSchema,
} from '../../contract/api-tokens';
import { idParamsSchema } from '../../contract/common';
import { actorOf } from '../plugins/auth';
import { secretAnswer } from '../plugins/secret-answers';
import type { ApiTokensService } from '../services/api-tokens/api-tokens-service';
import { errorResponses, personSecurity } from './route-schemas';

const tags = ['api-tokens'];
const security = personSecurity;

export const apiTokenRoutes: FastifyPluginAsyncZod<{ apiTokens: ApiTokensService }> = async (
  app,
  { apiTokens },
) => {
  const onRequest = app.requirePerson('users:manage');

  app.post(
    '/api-tokens',
    {
      onRequest,
      ...secretAnswer,
      schema: {
        tags,
        security,
        description:
          "Creates an API token with a role no higher than the caller's (never owner). The answer shows the secret (`token`) this once; only a hash is kept.",
        body: createApiTokenRequestSchema,
        response: { 201: createdApiTokenResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await apiTokens.create(actorOf(request), request.body) }),
  );

  app.get(
    '/api-tokens',
    {
      onRequest,
      schema: {
        tags,
        security,
        description: 'Live API tokens (not revoked), newest first, without their secrets.',
        response: { 200: apiTokensResponseSchema, ...errorResponses(401, 403, 429) },
      },
    },
    async () => ({ data: await apiTokens.list() }),
  );

  app.delete(
    '/api-tokens/:id',
    {
      onRequest,
      schema: {
        tags,
        security,
        description: 'Revokes a token: its next call answers 401.',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      await apiTokens.revoke(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
