// The work the server does on timers rather than on requests: housekeeping, webhook delivery, mail and the expiry
// sweep, the daily backup. Each starts once the app is ready and, on close, finishes what it is doing before the database closes.
import type { FastifyInstance } from 'fastify';
import { loggableError } from './log-redaction';
import type { BackupsService } from './services/backups/backups-service';
import type { AppContext } from './services/shared/context';
import { startExpirySweeper, type ExpirySweeper } from './services/certificates/expiry-sweep';
import { startHousekeeping } from './services/shared/housekeeping';
import { createMailJobs, isMailOn, type UnsubscribeTokens } from './services/mail';
import { createWebhookDispatcher, type WebhookDispatcher } from './services/webhooks';

/** What tests may turn off or speed up; every job runs by default. */
export interface BackgroundJobOptions {
  /** The expiry sweep (at start, then every minute); `false` turns it off (tests that drive it themselves). */
  expirySweep?: { intervalMs?: number } | false;
  /**
   * The webhook dispatcher's timer (services/webhooks/dispatcher.ts, every second); `false` leaves it stopped (tests
   * that drive `app.webhookDispatcher.runOnce()` themselves).
   */
  webhookDispatcher?: { intervalMs?: number; timeoutMs?: number } | false;
  /**
   * The mail jobs while mail is on (services/mail: the daily digest's tick every minute, the outbox dispatcher every
   * 5 seconds); `false` leaves them stopped (tests that drive `runDailyDigest` and the dispatcher themselves).
   */
  mail?: { digestIntervalMs?: number; dispatchIntervalMs?: number } | false;
  /** Hourly purge of old sessions and tokens (services/shared/housekeeping.ts); `false` turns it off. */
  housekeeping?: false;
  /** The daily backup's tick while BACKUP_DIR is set (every minute); `false` leaves it stopped. */
  backups?: { intervalMs?: number } | false;
}

/** Hooks the jobs onto the app's start and close; answers the webhook dispatcher, which tests drive by hand. */
export function scheduleBackgroundJobs(
  app: FastifyInstance,
  ctx: AppContext,
  { unsubscribeTokens, backups }: { unsubscribeTokens: UnsubscribeTokens; backups: BackupsService },
  options: BackgroundJobOptions,
): WebhookDispatcher {
  if (options.housekeeping !== false) {
    let housekeeping: ReturnType<typeof startHousekeeping> | undefined;
    app.addHook('onReady', async () => {
      housekeeping = startHousekeeping(ctx);
    });
    app.addHook('onClose', async () => housekeeping?.stop());
  }

  // Every process delivers webhooks; claims with SKIP LOCKED keep processes off each other's attempts.
  const dispatcherOptions = options.webhookDispatcher === false ? {} : (options.webhookDispatcher ?? {});
  const webhookDispatcher = createWebhookDispatcher(ctx, {
    ...(dispatcherOptions.timeoutMs ? { timeoutMs: dispatcherOptions.timeoutMs } : {}),
  });
  if (options.webhookDispatcher !== false)
    app.addHook('onReady', async () => webhookDispatcher.start(dispatcherOptions.intervalMs));
  // A pass in progress finishes before close resolves (and so before the database closes).
  app.addHook('onClose', async () => webhookDispatcher.stop());

  // Every process ticks the daily digest (the day's claim picks one) and sends the mail outbox (SKIP LOCKED claims).
  if (isMailOn(ctx.env) && options.mail !== false) {
    const mailJobs = createMailJobs({ ...ctx, tokens: unsubscribeTokens }, options.mail ?? {});
    app.addHook('onReady', async () => mailJobs.start());
    // A run or a send in progress finishes before close resolves (and so before the database closes).
    app.addHook('onClose', async () => mailJobs.stop());
  }

  // Every process ticks the daily backup; the day's row picks the one that makes it.
  if (ctx.env.BACKUP_DIR && options.backups !== false) {
    const intervalMs = (options.backups || {}).intervalMs ?? 60_000;
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<unknown> | undefined;
    const tick = () => {
      running ??= backups
        .runScheduled()
        .catch((error: unknown) =>
          ctx.log.error(
            { err: loggableError(error), event: 'backup.schedule_failed' },
            'scheduled backup failed',
          ),
        )
        .finally(() => (running = undefined));
    };
    app.addHook('onReady', async () => {
      timer = setInterval(tick, intervalMs);
      timer.unref();
      tick();
    });
    // A backup being written finishes before close resolves (and so before the database closes).
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  }

  if (options.expirySweep !== false) {
    const sweepOptions = options.expirySweep ?? {};
    let sweeper: ExpirySweeper | undefined;
    app.addHook('onReady', async () => {
      sweeper = startExpirySweeper(ctx, sweepOptions);
    });
    // A sweep in progress finishes before close resolves (and so before the database closes).
    app.addHook('onClose', async () => sweeper?.stop());
  }
  return webhookDispatcher;
}
