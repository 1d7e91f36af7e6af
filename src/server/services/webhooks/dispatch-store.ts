// What the dispatcher (dispatcher.ts) reads and writes: the fan-out of new events into deliveries, the claim of due
// deliveries under a lease (each endpoint within what it may have in flight), an attempt's outcome with its own row,
// and the retention purge.
import { sql } from 'drizzle-orm';
import { DAY_MS } from '../../../contract/constants';
import { describeDay } from '../../../contract/common';
import { WEBHOOK_MESSAGES } from '../../../contract/webhooks';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import type { AppContext } from '../shared/context';
import { PURGE_CHUNK, purgeInChunks } from '../shared/serial-passes';
import { recordWebhookActivity } from './endpoints';
import { retryDelayMs } from './retry-schedule';
import type { AttemptResult } from './sender';

export const FAN_OUT_BATCH = 500;

export interface Claimed {
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
export async function fanOut(db: Db, at: Date): Promise<number> {
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

export interface ClaimLimits {
  at: Date;
  leaseUntil: Date;
  /** Deliveries to claim at most, all endpoints together. */
  room: number;
  endpointInFlight: number;
  /** Deliveries not to claim (those a `runOnce` has attempted already). */
  except: readonly string[];
}

/**
 * Claims due deliveries (committed at once), oldest due first: of each endpoint no more than it may have in flight
 * less what it has in flight now in any process (one at most while it is timing out). Each claimed delivery gets its
 * attempt number and a lease until `leaseUntil`, in `next_attempt_at` (so it is due again if its sender dies) and in
 * `leased_until` (so every process counts it in flight until its outcome is written).
 */
export async function claim(db: Db, limits: ClaimLimits): Promise<Claimed[]> {
  const now = sql`${limits.at.toISOString()}::timestamptz`;
  const lease = sql`${limits.leaseUntil.toISOString()}::timestamptz`;
  return queryRows<Claimed>(
    db,
    sql`
    with candidates as (
      select d.id, d.next_attempt_at from webhooks w
      cross join lateral (
        select greatest(0, (case when w.consecutive_timeouts > 0 then 1 else ${limits.endpointInFlight}::int end)
          - (select count(*) from webhook_deliveries f where f.webhook_id = w.id and f.leased_until > ${now})) as free
      ) slots
      cross join lateral (
        select d2.id, d2.next_attempt_at from webhook_deliveries d2
        where d2.webhook_id = w.id and d2.status in ('pending', 'retrying') and d2.next_attempt_at <= ${now}
          and d2.id <> all(${sql.param([...limits.except])}::uuid[])
          and (w.enabled or exists (select 1 from webhook_events e where e.id = d2.event_id and e.type = 'ping'))
        order by d2.next_attempt_at, d2.id
        limit slots.free
      ) d
      order by d.next_attempt_at, d.id
      limit ${limits.room}
    ), claimed as (
      update webhook_deliveries d
      set attempt = d.attempt + 1, next_attempt_at = ${lease}, leased_until = ${lease}, updated_at = ${now}
      where d.id in (
        -- Locked here, and due checked again on the row as it is now: a delivery another process claimed since the
        -- candidates were read is skipped.
        select d3.id from webhook_deliveries d3
        where d3.id in (select id from candidates)
          and d3.status in ('pending', 'retrying') and d3.next_attempt_at <= ${now}
        for update of d3 skip locked
      )
      returning d.id, d.event_id, d.webhook_id, d.attempt
    )
    select c.id, c.event_id, c.webhook_id, c.attempt, e.type, e.data, e.created_at as event_at, w.url, w.secret
    from claimed c
    join webhook_events e on e.id = c.event_id
    join webhooks w on w.id = c.webhook_id`,
  );
}

/**
 * Writes an attempt's outcome on its delivery and the attempt's own row, in one transaction; counts the endpoint's
 * time-outs in a row (an answer, whatever its status, ends them); disables an endpoint that has failed for a day or
 * exhausted the schedule.
 */
export async function recordAttempt(
  ctx: Pick<AppContext, 'db'>,
  delivery: Claimed,
  result: AttemptResult,
  sentAt: Date,
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
    await tx.execute(sql`
      insert into webhook_delivery_attempts (delivery_id, attempt, response_code, error, duration_ms, attempted_at)
      select id, ${delivery.attempt}::int, ${result.responseCode}::int, ${result.error}::text,
        ${result.durationMs}::int, ${sentAt.toISOString()}::timestamptz
      from webhook_deliveries where id = ${delivery.id}
      on conflict (delivery_id, attempt) do update set response_code = excluded.response_code,
        error = excluded.error, duration_ms = excluded.duration_ms, attempted_at = excluded.attempted_at`);
    const timeouts = result.timedOut
      ? sql`consecutive_timeouts + 1`
      : result.responseCode === null
        ? sql`consecutive_timeouts`
        : sql`0`;
    if (result.ok) {
      await tx.execute(sql`
        update webhook_deliveries set status = 'delivered', response_code = ${result.responseCode},
          duration_ms = ${result.durationMs}, last_error = null, next_attempt_at = null, leased_until = null,
          updated_at = ${iso}::timestamptz
        where id = ${delivery.id}`);
      await tx.execute(
        sql`update webhooks set failing_since = null, consecutive_timeouts = 0 where id = ${delivery.webhook_id}`,
      );
      return;
    }
    const delay = retryDelayMs(schedule, delivery.attempt);
    const next = delay === null ? null : new Date(at.getTime() + delay).toISOString();
    await tx.execute(sql`
      update webhook_deliveries set status = ${delay === null ? 'dead' : 'retrying'},
        response_code = ${result.responseCode}, duration_ms = ${result.durationMs}, last_error = ${result.error},
        next_attempt_at = ${next}::timestamptz, leased_until = null, updated_at = ${iso}::timestamptz
      where id = ${delivery.id}`);
    const failingSince = webhook.failing_since ? new Date(webhook.failing_since) : at;
    await tx.execute(sql`
      update webhooks set failing_since = coalesce(failing_since, ${iso}::timestamptz), consecutive_timeouts = ${timeouts}
      where id = ${delivery.webhook_id}`);
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
