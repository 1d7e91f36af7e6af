// The mail dispatcher, in every process while mail is on: claims due messages of the outbox with `FOR UPDATE SKIP
// LOCKED`, committing each claim with a lease before sending (two processes never send the same attempt, and an
// attempt a dead process left is taken up again when its lease ends), sends each through SMTP_URL, and writes the
// outcome: sent, retrying at the next step of the schedule (backoff with jitter), or dead when the schedule is spent.
// The retention purge (housekeeping.ts) deletes what is finished.
import { sql } from 'drizzle-orm';
import { DAY_MS } from '../../../contract/constants';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { tsParam } from '../../db/sql';
import type { AppContext } from '../shared/context';
import { aliasCheckInColumns, checkInSinceSql } from '../certificates/status-rules';
import { drainBatches, leaseUntil, PURGE_CHUNK, purgeInChunks, serialPasses } from '../shared/serial-passes';
import { retryDelayMs } from '../webhooks/retry-schedule';
import { createMailSender, isMailOn, MailRefusedError, type MailEnv, type MailSender } from './transport';

export const MAIL_DISPATCH_INTERVAL_MS = 5000;
/** Each attempt, connecting included, is cut after this long. */
export const MAIL_SEND_TIMEOUT_MS = 60_000;
/**
 * Seconds before each retry after an immediate first attempt: 1 min, 5 min, 30 min, 2 h, 6 h, 12 h (seven attempts
 * over about 21 hours), each with up to 10 % jitter (webhooks/retry-schedule.ts).
 */
export const MAIL_RETRY_SCHEDULE_SECONDS: readonly number[] = [60, 300, 1800, 7200, 21_600, 43_200];
/** Sent and dead messages, finished digest runs and the reminders of certificates long past their end are kept this long. */
export const MAIL_RETENTION_DAYS = 30;
const CLAIM_BATCH = 10;

interface Claimed {
  id: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  headers: Record<string, string> | string;
  attempt: number;
}

/** Claims due messages (committed at once): each gets its attempt number and a lease until `leaseUntil`. */
function claim(db: Db, at: Date, leaseUntil: Date, limit: number): Promise<Claimed[]> {
  return queryRows<Claimed>(
    db,
    sql`
    update mail_outbox o
    set attempt = o.attempt + 1, next_attempt_at = ${tsParam(leaseUntil)}, updated_at = ${tsParam(at)}
    where o.id in (
      select id from mail_outbox
      where status in ('pending', 'retrying') and next_attempt_at <= ${tsParam(at)}
      order by next_attempt_at, id
      limit ${limit}
      for update skip locked
    )
    returning o.id, o.recipient, o.subject, o.text_body, o.html_body, o.headers, o.attempt`,
  );
}

/**
 * Writes an attempt's outcome. Only while the claim is still this attempt's: a sender that outlived its lease (and
 * whose message another process took up) does not overwrite the newer attempt.
 */
async function record(
  db: Db,
  message: Claimed,
  error: string | null,
  at: Date,
  schedule: readonly number[],
): Promise<'sent' | 'retrying' | 'dead'> {
  if (error === null) {
    await db.execute(sql`
      update mail_outbox set status = 'sent', sent_at = ${tsParam(at)}, last_error = null, next_attempt_at = null,
        updated_at = ${tsParam(at)}
      where id = ${message.id}::uuid and attempt = ${message.attempt}`);
    return 'sent';
  }
  const delay = retryDelayMs(schedule, message.attempt);
  const status = delay === null ? 'dead' : 'retrying';
  const next = delay === null ? null : new Date(at.getTime() + delay).toISOString();
  await db.execute(sql`
    update mail_outbox set status = ${status}, last_error = ${error}, next_attempt_at = ${next}::timestamptz,
      updated_at = ${tsParam(at)}
    where id = ${message.id}::uuid and attempt = ${message.attempt}`);
  return status;
}

export interface MailDispatchResult {
  attempts: number;
  sent: number;
}

export interface MailDispatcher {
  /** One pass (after any pass in progress): sends the messages due now. */
  runOnce(): Promise<MailDispatchResult>;
  /** Passes at `intervalMs` until stopped; failures are logged and retried on the next pass. */
  start(intervalMs?: number): void;
  /** Stops the timer (if started) and waits for a pass in progress. */
  stop(): Promise<void>;
}

export interface MailDispatcherOptions {
  /** Seconds before each retry (MAIL_RETRY_SCHEDULE_SECONDS unless told). */
  schedule?: readonly number[];
  timeoutMs?: number;
  batchSize?: number;
}

export function createMailDispatcher(
  ctx: Pick<AppContext, 'db' | 'log' | 'now'> & { env: MailEnv },
  options: MailDispatcherOptions = {},
): MailDispatcher {
  const schedule = options.schedule ?? MAIL_RETRY_SCHEDULE_SECONDS;
  const timeoutMs = options.timeoutMs ?? MAIL_SEND_TIMEOUT_MS;
  const batchSize = options.batchSize ?? CLAIM_BATCH;
  const { env } = ctx;
  const sender: MailSender | null = isMailOn(env) ? createMailSender(env, timeoutMs) : null;

  const sendOne = async (message: Claimed): Promise<string | null> => {
    try {
      await sender!.send({
        to: message.recipient,
        subject: message.subject,
        text: message.text_body,
        html: message.html_body,
        headers:
          typeof message.headers === 'string'
            ? (JSON.parse(message.headers) as Record<string, string>)
            : message.headers,
      });
      return null;
    } catch (error) {
      return error instanceof MailRefusedError ? error.reason : 'The message could not be sent';
    }
  };

  const pass = async (isStopped: () => boolean): Promise<MailDispatchResult> => {
    const result: MailDispatchResult = { attempts: 0, sent: 0 };
    if (!sender) return result;
    await drainBatches({
      claim: () => {
        const at = ctx.now();
        return claim(ctx.db, at, leaseUntil(at, timeoutMs), batchSize);
      },
      handle: async (message) => {
        const error = await sendOne(message);
        const status = await record(ctx.db, message, error, ctx.now(), schedule);
        result.attempts += 1;
        if (status === 'sent') result.sent += 1;
        else
          ctx.log[status === 'dead' ? 'warn' : 'info'](
            {
              event: `mail.${status === 'dead' ? 'dead' : 'attempt_failed'}`,
              messageId: message.id,
              attempt: message.attempt,
              error,
            },
            status === 'dead' ? 'mail given up after its last attempt' : 'mail attempt failed',
          );
      },
      batchSize,
      isStopped,
    });
    return result;
  };

  return serialPasses<MailDispatchResult>({
    pass,
    idle: () => ({ attempts: 0, sent: 0 }),
    log: ctx.log,
    failure: { event: 'mail.dispatch_failed', message: 'mail dispatch failed' },
    defaultIntervalMs: MAIL_DISPATCH_INTERVAL_MS,
    afterStop: () => sender?.close(),
  });
}

/**
 * Deletes, older than the retention: messages (sent, dead, or left unsent while mail was off), finished digest runs,
 * the reminder marks of certificates whose end has passed (a mark can only stop a reminder before that end), and the
 * missed check-in marks of periods that ended (the machine checked in or was signed anew since).
 */
export async function purgeMail(db: Db, at: Date, retentionDays = MAIL_RETENTION_DAYS): Promise<number> {
  const before = tsParam(new Date(at.getTime() - retentionDays * DAY_MS));
  const purged = await purgeInChunks(() =>
    queryRows<{ id: string }>(
      db,
      sql`delete from mail_outbox where id in (
        select id from mail_outbox where updated_at < ${before} limit ${PURGE_CHUNK})
      returning id`,
    ),
  );
  await purgeInChunks(() =>
    queryRows<{ certificate_id: string }>(
      db,
      sql`delete from mail_reminders where ctid in (
        select ctid from mail_reminders where valid_to < ${before} limit ${PURGE_CHUNK})
      returning certificate_id`,
    ),
  );
  // A missed check-in's mark outlives the retention while its period lasts (purged, it would be told again).
  await purgeInChunks(() =>
    queryRows<{ certificate_id: string }>(
      db,
      sql`delete from mail_check_in_reminders where ctid in (
        select m.ctid from mail_check_in_reminders m
        where m.created_at < ${before} and not exists (
          select 1 from certificates c
          where c.id = m.certificate_id and ${checkInSinceSql(aliasCheckInColumns('c'))} = m.since)
        limit ${PURGE_CHUNK})
      returning certificate_id`,
    ),
  );
  await db.execute(sql`delete from mail_digest_runs where finished_at < ${before}`);
  return purged;
}
