// The dispatcher, in every server process: fans new outbox events out into one delivery per enabled endpoint that
// subscribes to the event's type, claims due deliveries with `FOR UPDATE SKIP LOCKED` (committed before sending, each
// claim holding a lease, so two processes never send the same attempt and a process that dies mid-send leaves the
// attempt to be taken up after its lease), sends each attempt signed (Standard Webhooks), and writes the outcome:
// delivered, retrying at the next step of the schedule, or dead. An endpoint failing for a day, or whose delivery
// exhausted the schedule, is disabled with its reason and an activity row.
import { sql } from 'drizzle-orm';
import { DAY_MS } from '../../../contract/constants';
import { describeDay } from '../../../contract/common';
import { WEBHOOK_MESSAGES, type WebhookPayload } from '../../../contract/webhooks';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import type { AppContext } from '../shared/context';
import { drainBatches, leaseUntil, PURGE_CHUNK, purgeInChunks, serialPasses } from '../shared/serial-passes';
import { recordWebhookActivity } from './endpoints';
import { DEFAULT_RETRY_SCHEDULE_SECONDS, retryDelayMs } from './retry-schedule';
import { sendAttempt, WEBHOOK_TIMEOUT_MS, type AttemptResult } from './sender';
import { signWebhook } from './signing';

export const DISPATCH_INTERVAL_MS = 1000;
const FAN_OUT_BATCH = 500;
const CLAIM_BATCH = 20;

export interface DispatcherOptions {
  /** Seconds before each retry; WEBHOOK_RETRY_SCHEDULE or the default. */
  schedule?: readonly number[];
  timeoutMs?: number;
  batchSize?: number;
}

export interface DispatchResult {
  fannedOut: number;
  attempts: number;
  delivered: number;
}

interface Claimed {
  id: string;
  event_id: string;
  webhook_id: string;
  attempt: number;
  type: string;
  data: Record<string, unknown>;
  event_at: string | Date;
  url: string;
  secret: string;
}

/** Writes one delivery per subscribed, enabled endpoint for a batch of new events; answers how many events it took. */
async function fanOut(db: Db, at: Date): Promise<number> {
  const now = at.toISOString();
  const rows = await queryRows<{ id: string }>(
    db,
    sql`
    with batch as (
      select id, type from webhook_events
      where fanned_out_at is null
      order by created_at, id
      limit ${FAN_OUT_BATCH}
      for update skip locked
    ), written as (
      insert into webhook_deliveries (id, event_id, webhook_id, status, attempt, next_attempt_at, created_at, updated_at)
      select gen_random_uuid(), b.id, w.id, 'pending', 0, ${now}::timestamptz, ${now}::timestamptz, ${now}::timestamptz
      from batch b join webhooks w on w.enabled and b.type = any(w.events)
      on conflict (event_id, webhook_id) do nothing
    )
    update webhook_events set fanned_out_at = ${now}::timestamptz
    where id in (select id from batch)
    returning id`,
  );
  return rows.length;
}

/** Claims due deliveries (committed at once): each gets its attempt number and a lease until `leaseUntil`. */
async function claim(db: Db, at: Date, leaseUntil: Date, limit: number): Promise<Claimed[]> {
  return queryRows<Claimed>(
    db,
    sql`
    with claimed as (
      update webhook_deliveries d
      set attempt = d.attempt + 1, next_attempt_at = ${leaseUntil.toISOString()}::timestamptz,
        updated_at = ${at.toISOString()}::timestamptz
      where d.id in (
        select d2.id from webhook_deliveries d2
        join webhooks w on w.id = d2.webhook_id
        join webhook_events e on e.id = d2.event_id
        where d2.status in ('pending', 'retrying') and d2.next_attempt_at <= ${at.toISOString()}::timestamptz
          and (w.enabled or e.type = 'ping')
        order by d2.next_attempt_at, d2.id
        limit ${limit}
        for update of d2 skip locked
      )
      returning d.id, d.event_id, d.webhook_id, d.attempt
    )
    select c.id, c.event_id, c.webhook_id, c.attempt, e.type, e.data, e.created_at as event_at, w.url, w.secret
    from claimed c
    join webhook_events e on e.id = c.event_id
    join webhooks w on w.id = c.webhook_id`,
  );
}

/** The body and headers of one attempt; `webhook-id` is the event's id, the same on every retry. */
export function signedRequest(
  delivery: Pick<Claimed, 'event_id' | 'type' | 'data' | 'event_at' | 'secret'>,
  at: Date,
) {
  const payload: WebhookPayload = {
    type: delivery.type as WebhookPayload['type'],
    timestamp: new Date(delivery.event_at).toISOString(),
    data: delivery.data,
  };
  const body = JSON.stringify(payload);
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    body,
    headers: {
      'webhook-id': delivery.event_id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook(delivery.secret, delivery.event_id, timestamp, body),
    },
  };
}

/** Writes an attempt's outcome, and disables an endpoint that has failed for a day or exhausted the schedule. */
async function record(
  ctx: Pick<AppContext, 'db'>,
  delivery: Claimed,
  result: AttemptResult,
  at: Date,
  schedule: readonly number[],
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const iso = at.toISOString();
    const [webhook] = await queryRows<{ enabled: boolean; failing_since: string | Date | null; url: string }>(
      tx,
      sql`select enabled, failing_since, url from webhooks where id = ${delivery.webhook_id} for update`,
    );
    if (!webhook) return; // deleted meanwhile, its deliveries with it
    if (result.ok) {
      await tx.execute(sql`
        update webhook_deliveries set status = 'delivered', response_code = ${result.responseCode},
          duration_ms = ${result.durationMs}, last_error = null, next_attempt_at = null, updated_at = ${iso}::timestamptz
        where id = ${delivery.id}`);
      await tx.execute(sql`update webhooks set failing_since = null where id = ${delivery.webhook_id}`);
      return;
    }
    const delay = retryDelayMs(schedule, delivery.attempt);
    const next = delay === null ? null : new Date(at.getTime() + delay).toISOString();
    await tx.execute(sql`
      update webhook_deliveries set status = ${delay === null ? 'dead' : 'retrying'},
        response_code = ${result.responseCode}, duration_ms = ${result.durationMs}, last_error = ${result.error},
        next_attempt_at = ${next}::timestamptz, updated_at = ${iso}::timestamptz
      where id = ${delivery.id}`);
    const failingSince = webhook.failing_since ? new Date(webhook.failing_since) : at;
    if (!webhook.failing_since)
      await tx.execute(
        sql`update webhooks set failing_since = ${iso}::timestamptz where id = ${delivery.webhook_id}`,
      );
    if (!webhook.enabled || delivery.type === 'ping') return;
    const failedForADay = at.getTime() - failingSince.getTime() >= DAY_MS;
    if (delay !== null && !failedForADay) return;
    const reason = failedForADay
      ? WEBHOOK_MESSAGES.disabledFailing(describeDay(failingSince.getTime()))
      : WEBHOOK_MESSAGES.disabledExhausted;
    await tx.execute(sql`
      update webhooks set enabled = false, disabled_reason = ${reason}, updated_at = ${iso}::timestamptz
      where id = ${delivery.webhook_id}`);
    await recordWebhookActivity(
      tx,
      null,
      'disabled',
      { id: delivery.webhook_id, url: webhook.url },
      `disabled: ${reason.replace(/^Disabled: /, '')}`,
      at,
    );
  });
}

export interface WebhookDispatcher {
  /** One pass (after any pass in progress): fan out new events, then send the deliveries due now. */
  runOnce(): Promise<DispatchResult>;
  /** Stops the timer (if started) and waits for a pass in progress. */
  stop(): Promise<void>;
  /** Passes at `intervalMs` until stopped; failures are logged and retried on the next pass. */
  start(intervalMs?: number): void;
}

export function createWebhookDispatcher(
  ctx: Pick<AppContext, 'db' | 'log' | 'now'> & { env?: Pick<AppContext['env'], 'WEBHOOK_RETRY_SCHEDULE'> },
  options: DispatcherOptions = {},
): WebhookDispatcher {
  const schedule = options.schedule ?? ctx.env?.WEBHOOK_RETRY_SCHEDULE ?? DEFAULT_RETRY_SCHEDULE_SECONDS;
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const batchSize = options.batchSize ?? CLAIM_BATCH;

  const pass = async (isStopped: () => boolean): Promise<DispatchResult> => {
    const result: DispatchResult = { fannedOut: 0, attempts: 0, delivered: 0 };
    for (;;) {
      const taken = await fanOut(ctx.db, ctx.now());
      result.fannedOut += taken;
      if (taken < FAN_OUT_BATCH) break;
    }
    await drainBatches({
      claim: () => {
        const at = ctx.now();
        return claim(ctx.db, at, leaseUntil(at, timeoutMs), batchSize);
      },
      handle: async (delivery) => {
        const { body, headers } = signedRequest(delivery, ctx.now());
        const outcome = await sendAttempt({ url: delivery.url, headers, body, timeoutMs });
        await record(ctx, delivery, outcome, ctx.now(), schedule);
        result.attempts += 1;
        if (outcome.ok) result.delivered += 1;
        else
          ctx.log.info(
            {
              event: 'webhooks.attempt_failed',
              deliveryId: delivery.id,
              attempt: delivery.attempt,
              error: outcome.error,
            },
            'webhook attempt failed',
          );
      },
      batchSize,
      isStopped,
    });
    return result;
  };

  return serialPasses<DispatchResult>({
    pass,
    idle: () => ({ fannedOut: 0, attempts: 0, delivered: 0 }),
    log: ctx.log,
    failure: { event: 'webhooks.dispatch_failed', message: 'webhook dispatch failed' },
    defaultIntervalMs: DISPATCH_INTERVAL_MS,
  });
}

/**
 * Deletes delivered and dead deliveries (and those a disabled endpoint kept waiting), and events without deliveries
 * left, older than the retention.
 */
export async function purgeWebhookDeliveries(db: Db, at: Date, retentionDays: number): Promise<number> {
  const before = new Date(at.getTime() - retentionDays * DAY_MS).toISOString();
  const purged = await purgeInChunks(() =>
    queryRows<{ id: string }>(
      db,
      sql`delete from webhook_deliveries where id in (
        select id from webhook_deliveries
        where status in ('delivered', 'dead') and updated_at < ${before}::timestamptz
        union all
        -- Deliveries an endpoint left disabled for the whole retention period would never send.
        select d.id from webhook_deliveries d join webhooks w on w.id = d.webhook_id
        where not w.enabled and d.status in ('pending', 'retrying') and d.updated_at < ${before}::timestamptz
        limit ${PURGE_CHUNK})
      returning id`,
    ),
  );
  await purgeInChunks(() =>
    queryRows<{ id: string }>(
      db,
      sql`delete from webhook_events where id in (
        select e.id from webhook_events e
        where e.created_at < ${before}::timestamptz and e.fanned_out_at is not null
          and not exists (select 1 from webhook_deliveries d where d.event_id = e.id)
        limit ${PURGE_CHUNK})
      returning id`,
    ),
  );
  return purged;
}
