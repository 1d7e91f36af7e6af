// Signed webhooks (docs/webhooks.md): endpoints other systems register to learn what happened, the events
// they can subscribe to, and what their delivery log shows. Delivery follows the Standard Webhooks specification.
import { z } from 'zod';
import { dataOf, epochMsSchema, singleLineText } from './common';

/** Every event a webhook can subscribe to, as the outbox names it. */
export const WEBHOOK_EVENT_TYPES = [
  'certificate.created',
  'certificate.updated',
  'certificate.activated',
  'certificate.downloaded',
  'certificate.renewed',
  'certificate.transferred',
  'certificate.revoked',
  'certificate.expired',
  'certificate.deleted',
  'certificate.expiring',
  'certificate.grace_ended',
  'certificate.check_in_overdue',
  'client.created',
  'client.updated',
  'client.deleted',
  'user.created',
  'user.updated',
  'user.deleted',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** The test event `POST /webhooks/{id}/test` sends to one endpoint; it is not subscribed to. */
export const WEBHOOK_PING_EVENT = 'ping';
export type WebhookDeliveryType = WebhookEventType | typeof WEBHOOK_PING_EVENT;

/** `certificate.expiring` is written when this many days (or fewer) are left, once per threshold and end date. */
export const WEBHOOK_EXPIRING_DAYS = [30, 7, 1] as const;

/** The signing secret's form (Standard Webhooks): `whsec_` + base64 of this many random bytes. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
export const WEBHOOK_SECRET_BYTES = 32;
export const WEBHOOK_URL_MAX_LENGTH = 2000;
export const WEBHOOK_DESCRIPTION_MAX_LENGTH = 200;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'retrying', 'delivered', 'dead'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** Why an attempt failed, as the delivery log shows it (the dispatcher writes them; the mocks' fixtures use them). */
export const WEBHOOK_ATTEMPT_ERRORS = {
  answered: (code: number) => `Answered ${code}`,
  noAnswer: (timeoutMs: number) => `No answer within ${timeoutMs / 1000} s`,
};

export const WEBHOOK_MESSAGES = {
  urlRequired: 'URL is required',
  urlInvalid: 'URL must be an http:// or https:// URL',
  urlTooLong: `URL must be at most ${WEBHOOK_URL_MAX_LENGTH} characters`,
  urlCredentials: 'URL must not carry a user name or password',
  /** The address policy (docs/webhooks.md "Address policy"), for a literal address at creation and any at send time. */
  addressRefused:
    'URL points at a link-local, cloud metadata, multicast or unspecified address, which webhooks may not reach',
  eventsRequired: 'Pick at least one event',
  eventUnknown: `Unknown event; allowed events are ${WEBHOOK_EVENT_TYPES.join(', ')}`,
  eventRepeated: 'An event is listed twice',
  descriptionTooLong: `Description must be at most ${WEBHOOK_DESCRIPTION_MAX_LENGTH} characters`,
  /** The reasons an endpoint is disabled by the dispatcher (its `disabledReason`). */
  disabledFailing: (since: string) => `Disabled: every delivery failed since ${since}`,
  disabledExhausted: 'Disabled: a delivery failed on every attempt of the retry schedule',
} as const;

const urlSchema = z
  .string({ error: WEBHOOK_MESSAGES.urlRequired })
  .trim()
  .min(1, { error: WEBHOOK_MESSAGES.urlRequired })
  .max(WEBHOOK_URL_MAX_LENGTH, { error: WEBHOOK_MESSAGES.urlTooLong })
  .pipe(z.url({ protocol: /^https?$/, error: WEBHOOK_MESSAGES.urlInvalid }))
  .refine((value) => {
    if (!URL.canParse(value)) return true;
    const url = new URL(value);
    return !url.username && !url.password;
  }, WEBHOOK_MESSAGES.urlCredentials);

const eventsSchema = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: WEBHOOK_MESSAGES.eventUnknown }), {
    error: WEBHOOK_MESSAGES.eventsRequired,
  })
  .min(1, { error: WEBHOOK_MESSAGES.eventsRequired })
  .max(WEBHOOK_EVENT_TYPES.length, { error: WEBHOOK_MESSAGES.eventRepeated })
  .refine((events) => new Set(events).size === events.length, WEBHOOK_MESSAGES.eventRepeated);

const descriptionSchema = singleLineText(
  z.string().trim().max(WEBHOOK_DESCRIPTION_MAX_LENGTH, { error: WEBHOOK_MESSAGES.descriptionTooLong }),
  'Description',
);

export const createWebhookRequestSchema = z.object({
  url: urlSchema,
  events: eventsSchema,
  description: descriptionSchema.optional(),
  /** Default true. */
  enabled: z.boolean().optional(),
});
export type CreateWebhookRequest = z.infer<typeof createWebhookRequestSchema>;

/** Every field optional; enabling a disabled endpoint clears its `disabledReason`. */
export const updateWebhookRequestSchema = createWebhookRequestSchema.partial();
export type UpdateWebhookRequest = z.infer<typeof updateWebhookRequestSchema>;

/** An endpoint as lists show it: never its secret. */
export const webhookSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  description: z.string(),
  enabled: z.boolean(),
  /** Why the dispatcher disabled it (failing for a day, or a delivery exhausting the retries); null otherwise. */
  disabledReason: z.string().nullable(),
  createdAt: epochMsSchema,
});
export type Webhook = z.infer<typeof webhookSchema>;
export const webhookResponseSchema = dataOf(webhookSchema);
export const webhooksResponseSchema = dataOf(z.array(webhookSchema));

/** The answer to a creation: the endpoint with its signing secret, shown this once. */
export const createdWebhookSchema = webhookSchema.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;
export const createdWebhookResponseSchema = dataOf(createdWebhookSchema);

/** The answer to a rotation: the new secret, shown this once; the old one stops signing at once. */
export const rotatedWebhookSecretResponseSchema = dataOf(z.object({ id: z.uuid(), secret: z.string() }));

/** One attempt of a delivery: what the receiver answered (or why nothing came back), how long it took, and when. */
export const webhookAttemptSchema = z.object({
  /** 1 for the first; a redelivery goes on counting. */
  attempt: z.number().int(),
  /** The HTTP status answered; null when there was no answer (`error` says why). */
  responseCode: z.number().int().nullable(),
  /** Why the attempt failed: no answer within the timeout, a refused address, a connection error, or the status. */
  error: z.string().nullable(),
  durationMs: z.number().int(),
  /** When it was sent. */
  attemptedAt: epochMsSchema,
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

/** One event × endpoint: its attempts so far, how the last one went, and when the next is due. */
export const webhookDeliverySchema = z.object({
  id: z.uuid(),
  /** Also the `webhook-id` header of every attempt, so receivers can deduplicate. */
  eventId: z.uuid(),
  type: z.string(),
  attempt: z.number().int(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  responseCode: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  /** Why the last attempt failed without an HTTP answer (timeout, refused address, connection error). */
  error: z.string().nullable(),
  createdAt: epochMsSchema,
  nextAttemptAt: epochMsSchema.nullable(),
  /** Every attempt, first to last (the fields above repeat the last one's, as they always have). */
  attempts: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveriesResponseSchema = dataOf(z.array(webhookDeliverySchema));
export const webhookDeliveryResponseSchema = dataOf(webhookDeliverySchema);

export const webhookDeliveryParamsSchema = z.object({
  id: z.uuid({ error: 'Invalid id' }),
  deliveryId: z.uuid({ error: 'Invalid id' }),
});

/** The body every attempt posts (Standard Webhooks). */
export interface WebhookPayload {
  type: WebhookDeliveryType;
  /** ISO 8601, when the event happened. */
  timestamp: string;
  data: Record<string, unknown>;
}
