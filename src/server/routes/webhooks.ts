// Webhooks (docs/webhooks.md): owners and admins register endpoints, read their delivery log, send a test event and
// redeliver. The signing secret is answered by the creation and the rotation only.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '../../contract/common';
import {
  createdWebhookResponseSchema,
  createWebhookRequestSchema,
  rotatedWebhookSecretResponseSchema,
  updateWebhookRequestSchema,
  webhookDeliveriesResponseSchema,
  webhookDeliveryParamsSchema,
  webhookDeliveryResponseSchema,
  webhookResponseSchema,
  webhooksResponseSchema,
} from '../../contract/webhooks';
import { actorOf } from '../plugins/auth';
import { secretAnswer } from '../plugins/secret-answers';
import type { WebhooksService } from '../services/webhooks';
import { errorResponses, staffOperations } from './route-schemas';

const schema = staffOperations('webhooks', errorResponses(400, 401, 403, 404, 429));

export const webhookRoutes: FastifyPluginAsyncZod<{ webhooks: WebhooksService }> = async (
  app,
  { webhooks },
) => {
  const onRequest = app.requireCapability('webhooks:manage');

  app.post(
    '/webhooks',
    {
      onRequest,
      ...secretAnswer,
      schema: schema({
        description:
          'Registers an endpoint for the events listed. The answer shows the signing secret (`whsec_…`) this once. A URL that is not http(s), or whose literal address the address policy refuses (link-local, cloud metadata), is a 400; reachability is not checked (send a test event).',
        body: createWebhookRequestSchema,
        response: { 201: createdWebhookResponseSchema },
      }),
    },
    async (request, reply) =>
      reply.status(201).send({ data: await webhooks.create(actorOf(request), request.body) }),
  );

  app.get(
    '/webhooks',
    {
      onRequest,
      schema: schema({
        description: 'Every endpoint, newest first, without its secret.',
        response: { 200: webhooksResponseSchema },
      }),
    },
    async () => ({ data: await webhooks.list() }),
  );

  app.get(
    '/webhooks/:id',
    {
      onRequest,
      schema: schema({ params: idParamsSchema, response: { 200: webhookResponseSchema } }),
    },
    async (request) => ({ data: await webhooks.get(request.params.id) }),
  );

  app.put(
    '/webhooks/:id',
    {
      onRequest,
      schema: schema({
        description: 'Changes the fields sent. Enabling a disabled endpoint clears its `disabledReason`.',
        params: idParamsSchema,
        body: updateWebhookRequestSchema,
        response: { 200: webhookResponseSchema },
      }),
    },
    async (request) => ({ data: await webhooks.update(actorOf(request), request.params.id, request.body) }),
  );

  app.delete(
    '/webhooks/:id',
    {
      onRequest,
      schema: schema({
        description: 'Deletes the endpoint and its delivery log; pending deliveries are not sent.',
        params: idParamsSchema,
        response: { 204: z.null() },
      }),
    },
    async (request, reply) => {
      await webhooks.remove(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/webhooks/:id/rotate-secret',
    {
      onRequest,
      ...secretAnswer,
      schema: schema({
        description: 'A new signing secret, shown this once; the old one stops signing at once.',
        params: idParamsSchema,
        response: { 200: rotatedWebhookSecretResponseSchema },
      }),
    },
    async (request) => ({ data: await webhooks.rotateSecret(actorOf(request), request.params.id) }),
  );

  app.post(
    '/webhooks/:id/test',
    {
      onRequest,
      schema: schema({
        description:
          'Sends a `ping` event to this endpoint (even when disabled); its delivery shows in the log with the answer.',
        params: idParamsSchema,
        response: { 202: webhookDeliveryResponseSchema },
      }),
    },
    async (request, reply) => reply.status(202).send({ data: await webhooks.ping(request.params.id) }),
  );

  app.get(
    '/webhooks/:id/deliveries',
    {
      onRequest,
      schema: schema({
        description:
          'The latest 100 deliveries to this endpoint, newest first: one per event, with the last answer, the next attempt and `attempts`, every attempt first to last with its own status code (or error), duration and time.',
        params: idParamsSchema,
        response: { 200: webhookDeliveriesResponseSchema },
      }),
    },
    async (request) => ({ data: await webhooks.deliveries(request.params.id) }),
  );

  app.post(
    '/webhooks/:id/deliveries/:deliveryId/redeliver',
    {
      onRequest,
      schema: staffOperations(
        'webhooks',
        errorResponses(400, 401, 403, 404, 409, 429),
      )({
        description:
          'Sends the delivery again now, with the same `webhook-id`. A disabled endpoint is a 409 (enable it first).',
        params: webhookDeliveryParamsSchema,
        response: { 202: webhookDeliveryResponseSchema },
      }),
    },
    async (request, reply) =>
      reply
        .status(202)
        .send({ data: await webhooks.redeliver(request.params.id, request.params.deliveryId) }),
  );
};
