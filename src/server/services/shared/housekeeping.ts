// Periodic clean-up in every process (safe to run concurrently): sessions, refresh tokens and API tokens that ended
// or expired longer than the retention period ago are deleted (services/auth/sessions.ts), and so are delivered and dead
// webhook deliveries older than WEBHOOK_RETENTION_DAYS (services/webhooks/dispatcher.ts), and so are sent and dead mail,
// finished digest runs and the reminder marks of certificates long past their end (services/mail/dispatcher.ts).
import { loggableError } from '../../log-redaction';
import { purgeApiTokens } from '../api-tokens/api-tokens-service';
import type { AppContext } from './context';
import { purgeSessions } from '../auth/sessions';
import { purgeWebhookDeliveries } from '../webhooks';
import { purgeMail } from '../mail';

const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;

/** One pass: what it deleted is logged; a failure is logged and retried on the next pass. */
export async function runHousekeeping(ctx: Pick<AppContext, 'db' | 'log' | 'now' | 'env'>): Promise<void> {
  try {
    let sessions = 0;
    // In batches, so a large backlog never holds one long transaction.
    for (
      let batch = await purgeSessions(ctx.db, ctx.now());
      batch > 0;
      batch = await purgeSessions(ctx.db, ctx.now())
    )
      sessions += batch;
    await purgeApiTokens(ctx.db, ctx.now());
    const deliveries = await purgeWebhookDeliveries(ctx.db, ctx.now(), ctx.env.WEBHOOK_RETENTION_DAYS);
    if (deliveries > 0)
      ctx.log.info(
        { event: 'housekeeping.webhook_deliveries_purged', count: deliveries },
        'old deliveries purged',
      );
    const mail = await purgeMail(ctx.db, ctx.now());
    if (mail > 0) ctx.log.info({ event: 'housekeeping.mail_purged', count: mail }, 'old mail purged');
    if (sessions > 0)
      ctx.log.info({ event: 'housekeeping.sessions_purged', count: sessions }, 'old sessions purged');
  } catch (error) {
    ctx.log.error({ err: loggableError(error), event: 'housekeeping.failed' }, 'housekeeping failed');
  }
}

/** Runs housekeeping at start and every hour; `stop` waits for a pass in progress. */
export function startHousekeeping(ctx: Pick<AppContext, 'db' | 'log' | 'now' | 'env'>) {
  let running = runHousekeeping(ctx);
  const timer = setInterval(() => {
    running = running.then(() => runHousekeeping(ctx));
  }, HOUSEKEEPING_INTERVAL_MS);
  // Never keeps a process (or a test run) alive on its own.
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
