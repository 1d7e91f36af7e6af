// When the digests go out: at the first tick at or after REMINDER_TIME (UTC) each day, in whichever process claims
// the day first. The claim is a row per day (`mail_digest_runs`) held under a lease the run renews as it goes; a run
// that dies (a crash, a restart, a lost database connection) leaves its lease to end, and the next tick of any process
// takes the day up again and completes it with the time the day's run started, so the recipients it had reached find
// everything marked (digest.ts) and get no second e-mail. Every process ticks; only the claim decides who runs.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { tsParam } from '../../db/sql';
import type { Env } from '../../env';
import { loggableError } from '../../log-redaction';
import type { AppContext } from '../shared/context';
import { queueDigests, type DigestContext } from './digest';

export const DIGEST_TICK_MS = 60_000;
/** How long a run holds its day without renewing the claim; a dead run's day is taken up after it. */
export const DIGEST_LEASE_MS = 5 * 60_000;

export type DailyDigestContext = DigestContext &
  Pick<AppContext, 'now' | 'log'> & { env: Pick<Env, 'PUBLIC_URL' | 'REMINDER_TIME'> };

export interface DigestRun {
  /** The UTC day (YYYY-MM-DD). */
  day: string;
  /** The time the day's run started: the digests' `now`, also when a later tick completes the run. */
  startedAt: Date;
  /** Digests this call queued. */
  messages: number;
}

/** The moment the digest of `day` (YYYY-MM-DD) is due: REMINDER_TIME on that UTC day. */
export const digestDueAt = (day: string, reminderTime: string) => new Date(`${day}T${reminderTime}:00.000Z`);

/**
 * Claims `day` for this process until `leaseUntil`, unless it is finished or another run holds it; answers the time
 * the day's run started (its first claim), or null.
 */
async function claimDay(db: Db, day: string, at: Date, leaseUntil: Date): Promise<Date | null> {
  const [row] = await queryRows<{ started_at: string | Date }>(
    db,
    sql`
    insert into mail_digest_runs (day, lease_until, started_at) values (${day}::date, ${tsParam(leaseUntil)}, ${tsParam(at)})
    on conflict (day) do update set lease_until = excluded.lease_until
      where mail_digest_runs.finished_at is null and mail_digest_runs.lease_until <= ${tsParam(at)}
    returning started_at`,
  );
  return row ? new Date(row.started_at) : null;
}

/**
 * The daily run: when it is due today and this process claims the day, queues every recipient's digest and marks the
 * day finished. Answers the run, or null when there was nothing to do (not due yet, finished, or running elsewhere).
 * Tests call it with their own clock (`ctx.now`).
 */
export async function runDailyDigest(ctx: DailyDigestContext): Promise<DigestRun | null> {
  const at = ctx.now();
  const day = at.toISOString().slice(0, 10);
  if (at < digestDueAt(day, ctx.env.REMINDER_TIME)) return null;
  const startedAt = await claimDay(ctx.db, day, at, new Date(at.getTime() + DIGEST_LEASE_MS));
  if (!startedAt) return null;
  let renewedAt = at.getTime();
  const messages = await queueDigests(ctx, startedAt, async () => {
    // Renewed when half the lease is gone, so a long run keeps its day and a short one writes no more than it must.
    const now = ctx.now().getTime();
    if (now - renewedAt < DIGEST_LEASE_MS / 2) return;
    renewedAt = now;
    await ctx.db.execute(
      sql`update mail_digest_runs set lease_until = ${tsParam(new Date(now + DIGEST_LEASE_MS))} where day = ${day}::date`,
    );
  });
  await ctx.db.execute(sql`
    update mail_digest_runs set finished_at = ${tsParam(ctx.now())}, messages = messages + ${messages}
    where day = ${day}::date`);
  return { day, startedAt, messages };
}

export interface DigestScheduler {
  /** A tick now (after any tick in progress). */
  runNow(): Promise<DigestRun | null>;
  /** Ticks every `intervalMs` until stopped. */
  start(intervalMs?: number): void;
  /** Stops the timer and waits for a tick in progress. */
  stop(): Promise<void>;
}

export function createDigestScheduler(ctx: DailyDigestContext): DigestScheduler {
  let running: Promise<DigestRun | null> = Promise.resolve(null);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const runNow = () => {
    // One tick at a time in a process; a tick during a long run queues behind it.
    running = running
      .catch(() => null)
      .then(async () => {
        if (stopped) return null;
        try {
          const run = await runDailyDigest(ctx);
          if (run)
            ctx.log.info(
              { event: 'mail.digest_queued', day: run.day, messages: run.messages },
              'expiry reminders queued',
            );
          return run;
        } catch (error) {
          ctx.log.error({ err: loggableError(error), event: 'mail.digest_failed' }, 'expiry digest failed');
          return null;
        }
      });
    return running;
  };
  return {
    runNow,
    start(intervalMs = DIGEST_TICK_MS) {
      void runNow();
      timer = setInterval(() => void runNow(), intervalMs);
      // Never keeps a process (or a test run) alive on its own.
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running.catch(() => null);
    },
  };
}
