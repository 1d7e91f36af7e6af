// The webhooks API (docs/webhooks.md) over an in-memory store, with the server's rules the screen relies on:
// owners and admins only, the secret shown once, a test ping and Redeliver adding to the delivery log.
import { delay, http, HttpResponse } from 'msw';
import type { z } from 'zod';
import {
  createWebhookRequestSchema,
  DAY_MS,
  MESSAGES,
  updateWebhookRequestSchema,
  WEBHOOK_MESSAGES,
  WEBHOOK_SECRET_PREFIX,
  type createdWebhookResponseSchema,
  type rotatedWebhookSecretResponseSchema,
  type Webhook,
  type WebhookDelivery,
  type webhookDeliveriesResponseSchema,
  type webhookDeliveryResponseSchema,
  type webhookResponseSchema,
  type webhooksResponseSchema,
} from '../../src/contract';
import { FIXED_NOW } from '../fixtures';
import { api, errorResponse, jsonOf, refusal, validationFailed } from './directory-common';

const webhookId = (n: number) => `50000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const deliveryId = (n: number) => `51000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const eventId = (n: number) => `52000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** The secret of the n-th secret a store makes: the real form (`whsec_` + base64 of 32 bytes), the same every run. */
export const mockWebhookSecret = (n: number) =>
  `${WEBHOOK_SECRET_PREFIX}${btoa(String(n).padStart(32, '7'))}`;

/** The endpoints every story starts with: one in service with a log, one the dispatcher disabled. */
function createMockWebhooks(): { webhooks: Webhook[]; deliveries: Map<string, WebhookDelivery[]> } {
  const billing: Webhook = {
    id: webhookId(1),
    url: 'https://billing.internal.example/hooks/licences',
    events: ['certificate.activated', 'certificate.renewed', 'certificate.revoked', 'certificate.expiring'],
    description: 'Billing: invoices follow licences',
    enabled: true,
    disabledReason: null,
    createdAt: FIXED_NOW - 30 * DAY_MS,
  };
  const crm: Webhook = {
    id: webhookId(2),
    url: 'http://10.0.4.17:8080/crm/webhook',
    events: ['client.created', 'client.updated', 'client.deleted'],
    description: '',
    enabled: false,
    disabledReason: WEBHOOK_MESSAGES.disabledFailing('Jan 13, 2025, 9:00 AM UTC'),
    createdAt: FIXED_NOW - 90 * DAY_MS,
  };
  const delivery = (n: number, fields: Partial<WebhookDelivery>): WebhookDelivery => ({
    id: deliveryId(n),
    eventId: eventId(n),
    type: 'certificate.activated',
    attempt: 1,
    status: 'delivered',
    responseCode: 200,
    durationMs: 84,
    error: null,
    createdAt: FIXED_NOW - n * 3_600_000,
    nextAttemptAt: null,
    ...fields,
  });
  return {
    webhooks: [billing, crm],
    deliveries: new Map([
      [
        billing.id,
        [
          delivery(1, { type: 'certificate.revoked' }),
          delivery(2, {
            type: 'certificate.renewed',
            status: 'retrying',
            attempt: 3,
            responseCode: 503,
            durationMs: 1200,
            nextAttemptAt: FIXED_NOW + 600_000,
          }),
          delivery(3, {
            type: 'certificate.expiring',
            status: 'dead',
            attempt: 8,
            responseCode: null,
            durationMs: null,
            error: 'Timed out after 10 s',
          }),
          delivery(4, {}),
        ],
      ],
      [crm.id, []],
    ]),
  };
}

export interface WebhookStore {
  webhooks: Webhook[];
  deliveries: Map<string, WebhookDelivery[]>;
  /** How many secrets and deliveries this store has made (numbers them). */
  made: number;
}

export const createWebhookStore = (
  seed: { webhooks: Webhook[]; deliveries: Map<string, WebhookDelivery[]> } = createMockWebhooks(),
): WebhookStore => ({ ...seed, made: 0 });

/** The webhooks calls over `store` (a fresh one by default: pass one to share or inspect it). */
export function webhookHandlers(store: WebhookStore = createWebhookStore()) {
  const find = (id: unknown) => store.webhooks.find((webhook) => webhook.id === id);
  const notFound = () => errorResponse(404, 'Webhook not found', 'NOT_FOUND');
  /** A new delivery of `type` to `webhook`, first in its log, on its way. */
  const queue = (webhook: Webhook, type: string, sameEvent?: string): WebhookDelivery => {
    store.made += 1;
    const queued: WebhookDelivery = {
      id: deliveryId(100 + store.made),
      eventId: sameEvent ?? eventId(100 + store.made),
      type,
      attempt: 0,
      status: 'pending',
      responseCode: null,
      durationMs: null,
      error: null,
      createdAt: Date.now(),
      nextAttemptAt: Date.now(),
    };
    store.deliveries.set(webhook.id, [queued, ...(store.deliveries.get(webhook.id) ?? [])]);
    return queued;
  };

  return [
    http.get(api('/webhooks'), ({ request }) => {
      const denied = refusal(request, 'webhooks:manage');
      if (denied) return denied;
      return HttpResponse.json({ data: store.webhooks } satisfies z.input<typeof webhooksResponseSchema>);
    }),

    http.post(api('/webhooks'), async ({ request }) => {
      const denied = refusal(request, 'webhooks:manage');
      if (denied) return denied;
      const body = createWebhookRequestSchema.safeParse(await jsonOf(request));
      if (!body.success) return validationFailed(body.error);
      if (/^https?:\/\/169\.254\./.test(body.data.url))
        return errorResponse(400, WEBHOOK_MESSAGES.addressRefused, 'VALIDATION_FAILED', {
          url: WEBHOOK_MESSAGES.addressRefused,
        });
      store.made += 1;
      const created: Webhook = {
        id: webhookId(10 + store.made),
        url: body.data.url,
        events: body.data.events,
        description: body.data.description ?? '',
        enabled: body.data.enabled ?? true,
        disabledReason: null,
        createdAt: Date.now(),
      };
      store.webhooks.unshift(created);
      store.deliveries.set(created.id, []);
      return HttpResponse.json(
        { data: { ...created, secret: mockWebhookSecret(store.made) } } satisfies z.input<
          typeof createdWebhookResponseSchema
        >,
        { status: 201 },
      );
    }),

    http.put(api('/webhooks/:id'), async ({ request, params }) => {
      const denied = refusal(request, 'webhooks:manage');
      if (denied) return denied;
      const target = find(params.id);
      if (!target) return notFound();
      const body = updateWebhookRequestSchema.safeParse(await jsonOf(request));
      if (!body.success) return validationFailed(body.error);
      Object.assign(target, body.data);
      if (body.data.enabled) target.disabledReason = null;
      return HttpResponse.json({ data: target } satisfies z.input<typeof webhookResponseSchema>);
    }),

    http.delete(api('/webhooks/:id'), ({ request, params }) => {
      const denied = refusal(request, 'webhooks:manage');
      if (denied) return denied;
      const target = find(params.id);
      if (!target) return notFound();
      store.webhooks.splice(store.webhooks.indexOf(target), 1);
      store.deliveries.delete(target.id);
      return new HttpResponse(null, { status: 204 });
    }),

    http.post(api('/webhooks/:id/rotate-secret'), ({ request, params }) => {
      const denied = refusal(request, 'webhooks:manage');
      if (denied) return denied;
      const target = find(params.id);
      if (!target) return notFound();
      store.made += 1;
      return HttpResponse.json({
        data: { id: target.id, secret: mockWebhookSecret(store.made) },
      } satisfies z.input<typeof rotatedWebhookSecretResponseSchema>);
    }),

    http.post(api('/webhooks/:id/test'), ({ request, params }) => {
      const denied = refusal(request, 'webhooks:manage');
      if (denied) return denied;
      const target = find(params.id);
      if (!target) return notFound();
      return HttpResponse.json(
        { data: queue(target, 'ping') } satisfies z.input<typeof webhookDeliveryResponseSchema>,
        { status: 202 },
      );
    }),

    http.get(api('/webhooks/:id/deliveries'), ({ request, params }) => {
      const denied = refusal(request, 'webhooks:manage');
      if (denied) return denied;
      const target = find(params.id);
      if (!target) return notFound();
      return HttpResponse.json({
        data: store.deliveries.get(target.id) ?? [],
      } satisfies z.input<typeof webhookDeliveriesResponseSchema>);
    }),

    http.post(api('/webhooks/:id/deliveries/:deliveryId/redeliver'), ({ request, params }) => {
      const denied = refusal(request, 'webhooks:manage');
      if (denied) return denied;
      const target = find(params.id);
      const original = store.deliveries.get(String(params.id))?.find((d) => d.id === params.deliveryId);
      if (!target || !original) return notFound();
      return HttpResponse.json(
        { data: queue(target, original.type, original.eventId) } satisfies z.input<
          typeof webhookDeliveryResponseSchema
        >,
        { status: 202 },
      );
    }),
  ];
}

/** Per-story overrides: an empty list, failures, and a list that never answers. */
export const webhooksMocks = {
  empty: () => webhookHandlers(createWebhookStore({ webhooks: [], deliveries: new Map() })),
  listNeverAnswers: () => http.get(api('/webhooks'), () => delay('infinite')),
  listFailsOnce: () =>
    http.get(api('/webhooks'), () => errorResponse(503, 'Database unavailable', 'INTERNAL'), { once: true }),
  deliveriesFail: () =>
    http.get(api('/webhooks/:id/deliveries'), () => errorResponse(500, MESSAGES.internal, 'INTERNAL')),
};
