// What the server sends out: webhooks with their events and deliveries, and e-mail (reminders, outbox, digest runs).
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ts, createdAt } from './columns';
import { certificates } from './licensing';

/**
 * Webhook endpoints (docs/webhooks.md). The signing secret is kept as it is (it signs every delivery) and
 * answered only by the creation and the rotation; it is never logged.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: uuid('id').primaryKey(),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    description: text('description').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    // Why the dispatcher disabled it; cleared when someone enables it again.
    disabledReason: text('disabled_reason'),
    secret: text('secret').notNull(),
    // The first failed attempt since the last success: an endpoint failing for a day is disabled.
    failingSince: ts('failing_since'),
    // Attempts in a row that got no answer within the timeout: while above zero the endpoint is sent one attempt at
    // a time, so a receiver that hangs holds one sender, not many; any answer sets it back to zero.
    consecutiveTimeouts: integer('consecutive_timeouts').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('webhooks_created_at').on(t.createdAt.desc(), t.id)],
);

/**
 * The outbox: one row per event, written in the transaction of the change it reports (services/shared/audit.ts, the expiry
 * sweep), then fanned out by the dispatcher into one delivery per subscribed endpoint.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid('id').primaryKey(),
    type: text('type').notNull(),
    data: jsonb('data').notNull(),
    // Only `ping`: the one endpoint it is for (delivered directly, never fanned out).
    webhookId: uuid('webhook_id').references(() => webhooks.id, { onDelete: 'cascade' }),
    // Events written at most once across processes (certificate.expiring: certificate, threshold, end date).
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
    fannedOutAt: ts('fanned_out_at'),
  },
  (t) => [
    uniqueIndex('webhook_events_dedupe_key').on(t.dedupeKey),
    index('webhook_events_to_fan_out')
      .on(t.createdAt, t.id)
      .where(sql`${t.fannedOutAt} is null`),
    index('webhook_events_created_at').on(t.createdAt),
  ],
);

/** One event × endpoint: the attempts so far, the last answer, and when the next attempt is due. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    // pending | retrying | delivered | dead
    status: text('status').notNull().default('pending'),
    attempt: integer('attempt').notNull().default(0),
    responseCode: integer('response_code'),
    durationMs: integer('duration_ms'),
    lastError: text('last_error'),
    // Due when at or before now; while an attempt is in flight it holds the attempt's lease (a crashed sender's
    // attempt is taken up again after it).
    nextAttemptAt: ts('next_attempt_at'),
    // The lease again while an attempt is in flight, cleared when its outcome is written: every process counts an
    // endpoint's attempts in flight from it, to keep each endpoint within its own number of concurrent attempts.
    leasedUntil: ts('leased_until'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_webhook').on(t.eventId, t.webhookId),
    // The claim takes each endpoint's due deliveries apart, oldest due first.
    index('webhook_deliveries_due_by_webhook')
      .on(t.webhookId, t.nextAttemptAt, t.id)
      .where(sql`${t.status} in ('pending', 'retrying')`),
    index('webhook_deliveries_in_flight')
      .on(t.webhookId)
      .where(sql`${t.leasedUntil} is not null`),
    index('webhook_deliveries_webhook_created_at').on(t.webhookId, t.createdAt.desc(), t.id.desc()),
    index('webhook_deliveries_finished')
      .on(t.updatedAt)
      .where(sql`${t.status} in ('delivered', 'dead')`),
  ],
);

/**
 * Every attempt of a delivery, as the delivery log lists them: written in the transaction that writes the attempt's
 * outcome on its delivery, and deleted with the delivery (the retention purge, or the endpoint's deletion).
 */
export const webhookDeliveryAttempts = pgTable(
  'webhook_delivery_attempts',
  {
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    // 1 for the first attempt; a redelivery goes on counting.
    attempt: integer('attempt').notNull(),
    // The HTTP status answered, or null when there was no answer (then `error` says why).
    responseCode: integer('response_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    // When the attempt was sent.
    attemptedAt: ts('attempted_at').notNull(),
  },
  (t) => [primaryKey({ name: 'webhook_delivery_attempts_pkey', columns: [t.deliveryId, t.attempt] })],
);

/**
 * Expiry reminders sent by e-mail (docs/mail.md): one row per certificate, threshold (30, 7 or 1 days), end date and
 * recipient (a staff user, or a client's contact), written in the transaction that queues the digest carrying it, so
 * a certificate is reminded once per threshold and recipient across processes and restarts, and again before the new
 * end of a renewed certificate.
 */
export const mailReminders = pgTable(
  'mail_reminders',
  {
    certificateId: uuid('certificate_id')
      .notNull()
      .references(() => certificates.id, { onDelete: 'cascade' }),
    days: smallint('days').notNull(),
    validTo: ts('valid_to').notNull(),
    // 'user' (recipientId is a user) or 'contact' (recipientId is the client whose contact e-mail got it).
    recipientKind: text('recipient_kind').notNull(),
    recipientId: uuid('recipient_id').notNull(),
    // The outbox row of the digest that carried it (kept after that row is purged, so no foreign key).
    messageId: uuid('message_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({
      name: 'mail_reminders_pkey',
      columns: [t.certificateId, t.days, t.validTo, t.recipientKind, t.recipientId],
    }),
    check('mail_reminders_kind_check', sql`${t.recipientKind} in ('user','contact')`),
    index('mail_reminders_valid_to').on(t.validTo),
  ],
);

/**
 * Missed check-ins sent by e-mail (docs/mail.md): one row per certificate, overdue period (`since`, its last check-in
 * or, before the first, its last signing) and staff recipient, written in the transaction that queues the digest
 * carrying it, so a silent machine is told once per period, and again after it checked in and went quiet anew.
 */
export const mailCheckInReminders = pgTable(
  'mail_check_in_reminders',
  {
    certificateId: uuid('certificate_id')
      .notNull()
      .references(() => certificates.id, { onDelete: 'cascade' }),
    since: ts('since').notNull(),
    recipientId: uuid('recipient_id').notNull(),
    // The outbox row of the digest that carried it (kept after that row is purged, so no foreign key).
    messageId: uuid('message_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'mail_check_in_reminders_pkey', columns: [t.certificateId, t.since, t.recipientId] }),
    index('mail_check_in_reminders_created_at').on(t.createdAt),
  ],
);

/**
 * The mail outbox: one row per message, written in the transaction that decides to send it, then sent by the mail
 * dispatcher in every process (claimed with SKIP LOCKED under a lease, retried with backoff).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey(),
    // What the message is (`expiry_digest`), for logs and the retention purge.
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    // Extra header lines (List-Unsubscribe and the like), by name.
    headers: jsonb('headers').notNull().default({}),
    // pending | retrying | sent | dead
    status: text('status').notNull().default('pending'),
    attempt: integer('attempt').notNull().default(0),
    lastError: text('last_error'),
    // Due when at or before now; while an attempt is in flight it holds the attempt's lease (an attempt a dead process
    // left is taken up again after it).
    nextAttemptAt: ts('next_attempt_at'),
    sentAt: ts('sent_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('mail_outbox_status_check', sql`${t.status} in ('pending','retrying','sent','dead')`),
    index('mail_outbox_due')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'retrying')`),
    index('mail_outbox_finished')
      .on(t.updatedAt)
      .where(sql`${t.status} in ('sent', 'dead')`),
  ],
);

/** The daily digest's runs: one row per UTC day, claimed under a lease so one process runs it and a restart completes it. */
export const mailDigestRuns = pgTable('mail_digest_runs', {
  day: date('day', { mode: 'string' }).primaryKey(),
  leaseUntil: ts('lease_until').notNull(),
  startedAt: ts('started_at').notNull(),
  finishedAt: ts('finished_at'),
  // Digests queued by the run (after a restart, by the run that finished it).
  messages: integer('messages').notNull().default(0),
});
