// Client companies and their users (docs/requirements.md#calls "Clients"). Reading is open to every role; writing needs
// `clients:write`, deleting `clients:delete`, assigning users `users:manage`.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assignedClientUsersResponseSchema,
  assignUsersRequestSchema,
  clientResponseSchema,
  clientUsersResponseSchema,
  clientsListResponseSchema,
  clientsQuerySchema,
  clientsSelectionQuerySchema,
  createClientRequestSchema,
  updateClientRequestSchema,
} from '../../contract/clients';
import {
  clientsBulkRequestSchema,
  clientsBulkResponseSchema,
  selectionIdsResponseSchema,
} from '../../contract/bulk';
import { idParamsSchema } from '../../contract/common';
import { actorOf } from '../plugins/auth';
import type { ClientsService } from '../services/clients/clients-service';
import { errorResponses, staffOperations } from './route-schemas';

const schema = staffOperations('clients', errorResponses(400, 401, 403, 404, 409));

export const clientRoutes: FastifyPluginAsyncZod<{ clients: ClientsService }> = async (app, { clients }) => {
  // Role checks run in onRequest, before the body is read or validated (see routes/users.ts).
  const canRead = app.requireCapability('clients:read');
  const canWrite = app.requireCapability('clients:write');
  const canDelete = app.requireCapability('clients:delete');
  const canAssign = app.requireCapability('users:manage');

  app.get(
    '/clients',
    {
      onRequest: canRead,
      schema: schema({ querystring: clientsQuerySchema, response: { 200: clientsListResponseSchema } }),
    },
    async (request) => clients.list(request.query),
  );

  app.get(
    '/clients/ids',
    {
      onRequest: canRead,
      schema: schema({
        querystring: clientsSelectionQuerySchema,
        response: { 200: selectionIdsResponseSchema },
      }),
    },
    async (request) => ({ data: await clients.selectionIds(request.query) }),
  );

  // Activating and deactivating is an edit of the client: the capability of `PUT /clients/{id}`.
  app.post(
    '/clients/bulk',
    {
      onRequest: canWrite,
      schema: schema({
        description:
          'Activates or deactivates every id, each in its own transaction with the rules of `PUT /clients/{id}`; every id comes back with its outcome, in the order sent.',
        body: clientsBulkRequestSchema,
        response: { 200: clientsBulkResponseSchema },
      }),
    },
    async (request) => ({
      data: await clients.bulk(actorOf(request), request.body.action, request.body.ids),
    }),
  );

  app.post(
    '/clients',
    {
      onRequest: canWrite,
      schema: schema({ body: createClientRequestSchema, response: { 201: clientResponseSchema } }),
    },
    async (request, reply) =>
      reply.status(201).send({ data: await clients.create(actorOf(request), request.body) }),
  );

  app.get(
    '/clients/:id',
    {
      onRequest: canRead,
      schema: schema({ params: idParamsSchema, response: { 200: clientResponseSchema } }),
    },
    async (request) => ({ data: await clients.get(request.params.id) }),
  );

  app.put(
    '/clients/:id',
    {
      onRequest: canWrite,
      schema: schema({
        params: idParamsSchema,
        body: updateClientRequestSchema,
        response: { 200: clientResponseSchema },
      }),
    },
    async (request) => ({ data: await clients.update(actorOf(request), request.params.id, request.body) }),
  );

  app.delete(
    '/clients/:id',
    { onRequest: canDelete, schema: schema({ params: idParamsSchema, response: { 204: z.null() } }) },
    async (request, reply) => {
      await clients.remove(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/clients/:id/users',
    {
      onRequest: canRead,
      schema: schema({
        description:
          "The client's users by name. Owners and admins get each in full; editors and viewers get uuid, name and isActive only, since staff e-mail addresses and roles are for the roles that may list users.",
        params: idParamsSchema,
        response: { 200: clientUsersResponseSchema },
      }),
    },
    // Every role reads who is assigned; their e-mail addresses and roles only the roles that may list users.
    async (request) => ({ data: await clients.usersOf(actorOf(request).role, request.params.id) }),
  );

  app.put(
    '/clients/:id/users',
    {
      onRequest: canAssign,
      schema: schema({
        params: idParamsSchema,
        body: assignUsersRequestSchema,
        response: { 200: assignedClientUsersResponseSchema },
      }),
    },
    async (request) => ({
      data: await clients.assignUsers(actorOf(request), request.params.id, request.body.userUuids),
    }),
  );
};
