// The webhooks API (docs/webhooks.md) over an in-memory store, with the server's rules the screen relies on:
// owners and admins only, the secret shown once, a test ping adding to the delivery log, and Redeliver adding an
// attempt to its delivery.
import { delay, http, HttpResponse } from 'msw';
import type { z } from 'zod';
import {
  WEBHOOK_ATTEMPT_ERRORS,
  createWebhookRequestSchema,
  DAY_MS,
  MESSAGES,
  updateWebhookRequestSchema,
  WEBHOOK_MESSAGES,
  WEBHOOK_SECRET_PREFIX,
  type createdWebhookResponseSchema,
  type rotatedWebhookSecretResponseSchema,
  type Webhook,
  type WebhookAttempt,
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

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** When each attempt of the default schedule goes, in seconds after the first: 0, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
const SCHEDULE_OFFSETS_S = [0, 5, 305, 2105, 9305, 27_305, 63_305, 99_305];

type Answer = Pick<WebhookAttempt, 'responseCode' | 'error' | 'durationMs'>;
const ok = (durationMs: number): Answer => ({ responseCode: 200, error: null, durationMs });
const answered = (code: number, durationMs: number): Answer => ({
  responseCode: code,
  error: WEBHOOK_ATTEMPT_ERRORS.answered(code),
  durationMs,
});
const timedOut = (durationMs: number): Answer => ({
  responseCode: null,
  error: WEBHOOK_ATTEMPT_ERRORS.noAnswer(10_000),
  durationMs,
});

/** A delivery whose attempts went at the default schedule's times from `createdAt`; its own fields tell the last. */
function delivery(
  n: number,
  type: string,
  createdAt: number,
  status: WebhookDelivery['status'],
  answers: readonly Answer[],
): WebhookDelivery {
  const attempts = answers.map((answer, i) => ({
    attempt: i + 1,
    ...answer,
    attemptedAt: createdAt + (SCHEDULE_OFFSETS_S[i] ?? 0) * 1000,
  }));
  const last = attempts.at(-1);
  const next = SCHEDULE_OFFSETS_S[attempts.length];
  return {
    id: deliveryId(n),
    eventId: eventId(n),
    type,
    attempt: attempts.length,
    status,
    responseCode: last?.responseCode ?? null,
    durationMs: last?.durationMs ?? null,
    error: last?.error ?? null,
    createdAt,
    nextAttemptAt: status === 'retrying' && next !== undefined ? createdAt + next * 1000 : null,
    attempts,
  };
}

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
  const billingLog = [
    delivery(1, 'certificate.revoked', FIXED_NOW - 10 * MINUTE_MS, 'delivered', [ok(84)]),
    // Failing for now: three attempts so far, the next one at the schedule's 30 minutes.
    delivery(2, 'certificate.renewed', FIXED_NOW - 20 * MINUTE_MS, 'retrying', [
      answered(503, 1180),
      answered(503, 1240),
      answered(503, 1200),
    ]),
    // Every attempt of the schedule timed out.
    delivery(
      3,
      'certificate.expiring',
      FIXED_NOW - 30 * HOUR_MS,
      'dead',
      Array.from({ length: SCHEDULE_OFFSETS_S.length }, (_, i) => timedOut(10_003 + i)),
    ),
    delivery(4, 'certificate.activated', FIXED_NOW - 2 * DAY_MS, 'delivered', [ok(91)]),
  ];
  return {
    webhooks: [billing, crm],
    deliveries: new Map([
      [billing.id, billingLog],
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
  const queue = (webhook: Webhook, type: string): WebhookDelivery => {
    store.made += 1;
    const queued: WebhookDelivery = {
      id: deliveryId(100 + store.made),
      eventId: eventId(100 + store.made),
      type,
      attempt: 0,
      status: 'pending',
      responseCode: null,
      durationMs: null,
      error: null,
      createdAt: Date.now(),
      nextAttemptAt: Date.now(),
      attempts: [],
    };
    store.deliveries.set(webhook.id, [queued, ...(store.deliveries.get(webhook.id) ?? [])]);
    return queued;
  };
  /**
   * Redeliver: the answer is the delivery due again, as the server's; the store then has the attempt the dispatcher
   * would make a moment later (answered 200), so the log reloaded after it shows one attempt more.
   */
  const sendAgain = (original: WebhookDelivery): WebhookDelivery => {
    const queued: WebhookDelivery = {
      ...original,
      status: original.status === 'retrying' ? 'retrying' : 'pending',
      nextAttemptAt: Date.now(),
      attempts: [...original.attempts],
    };
    const attempt: WebhookAttempt = {
      attempt: original.attempt + 1,
      responseCode: 200,
      error: null,
      durationMs: 95,
      attemptedAt: Date.now(),
    };
    Object.assign(original, {
      attempt: attempt.attempt,
      status: 'delivered',
      responseCode: 200,
      durationMs: attempt.durationMs,
      error: null,
      nextAttemptAt: null,
      attempts: [...original.attempts, attempt],
    } satisfies Partial<WebhookDelivery>);
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
        { data: sendAgain(original) } satisfies z.input<typeof webhookDeliveryResponseSchema>,
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
