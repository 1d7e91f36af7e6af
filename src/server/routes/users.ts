// Managed users and their client assignments (docs/requirements.md#calls "Users"); every call needs `users:manage` (owner, admin).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  selectionIdsResponseSchema,
  usersBulkRequestSchema,
  usersBulkResponseSchema,
} from '../../contract/bulk';
import { idParamsSchema } from '../../contract/common';
import {
  assignClientsRequestSchema,
  createUserRequestSchema,
  rolesResponseSchema,
  updateUserRequestSchema,
  userClientsResponseSchema,
  userResponseSchema,
  usersListResponseSchema,
  usersQuerySchema,
  usersSelectionQuerySchema,
} from '../../contract/users';
import { actorOf } from '../plugins/auth';
import type { UsersService } from '../services/users/users-service';
import { errorResponses, staffOperations } from './route-schemas';

const schema = staffOperations('users', errorResponses(400, 401, 403, 404, 409));

export const userRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  // Checked in onRequest, before the body is read or validated: a caller without the role learns nothing from
  // field errors, and an anonymous 10 MB body is refused unread.
  const onRequest = app.requireCapability('users:manage');

  app.get(
    '/users',
    {
      onRequest,
      schema: schema({ querystring: usersQuerySchema, response: { 200: usersListResponseSchema } }),
    },
    async (request) => ({ data: await users.list(request.query) }),
  );

  // Static paths: the router prefers them to `/users/:id`, so `ids` and `bulk` are never taken for an id.
  app.get(
    '/users/ids',
    {
      onRequest,
      schema: schema({
        querystring: usersSelectionQuerySchema,
        response: { 200: selectionIdsResponseSchema },
      }),
    },
    async (request) => ({ data: await users.selectionIds(request.query) }),
  );

  app.post(
    '/users/bulk',
    {
      onRequest,
      schema: schema({
        description:
          'Enables or disables every id, each in its own transaction with the rules of `PUT /users/{id}` (an owner only by an owner, never oneself, never the last active owner); every id comes back with its outcome, in the order sent.',
        body: usersBulkRequestSchema,
        response: { 200: usersBulkResponseSchema },
      }),
    },
    async (request) => ({
      data: await users.bulk(actorOf(request), request.body.action, request.body.ids),
    }),
  );

  app.get(
    '/users/roles',
    { onRequest, schema: schema({ response: { 200: rolesResponseSchema } }) },
    async () => ({ data: await users.assignableRoles() }),
  );

  app.post(
    '/users',
    { onRequest, schema: schema({ body: createUserRequestSchema, response: { 201: userResponseSchema } }) },
    async (request, reply) =>
      reply.status(201).send({ data: await users.create(actorOf(request), request.body) }),
  );

  app.get(
    '/users/:id',
    { onRequest, schema: schema({ params: idParamsSchema, response: { 200: userResponseSchema } }) },
    async (request) => ({ data: await users.get(request.params.id) }),
  );

  app.put(
    '/users/:id',
    {
      onRequest,
      schema: schema({
        params: idParamsSchema,
        body: updateUserRequestSchema,
        response: { 200: userResponseSchema },
      }),
    },
    async (request) => ({ data: await users.update(actorOf(request), request.params.id, request.body) }),
  );

  app.delete(
    '/users/:id',
    { onRequest, schema: schema({ params: idParamsSchema, response: { 204: z.null() } }) },
    async (request, reply) => {
      await users.remove(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/users/:id/clients',
    { onRequest, schema: schema({ params: idParamsSchema, response: { 200: userClientsResponseSchema } }) },
    async (request) => ({ data: await users.clientsOf(request.params.id) }),
  );

  app.put(
    '/users/:id/clients',
    {
      onRequest,
      schema: schema({
        params: idParamsSchema,
        body: assignClientsRequestSchema,
        response: { 200: userClientsResponseSchema },
      }),
    },
    async (request) => ({
      data: await users.assignClients(actorOf(request), request.params.id, request.body.clientUuids),
    }),
  );
};
