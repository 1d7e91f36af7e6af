// The expiry sweep: active and distributed certificates whose validTo has passed become expired, with one
// `expired` history record and one `certificate.expired` activity each. It runs at start and every minute in
// every server process; processes share the work safely:
// - each batch claims its rows with `FOR UPDATE SKIP LOCKED` and updates only rows still active/distributed,
//   so two sweepers never expire one certificate twice nor wait on each other;
// - the partial unique index `certificate_records_expired_once` on the certificate and the record's text, which
//   names the end date (and `ON CONFLICT DO NOTHING`), makes a second `expired` record for one period impossible
//   even so, while a certificate renewed after it lapsed is recorded expired again at its new end.
// Pending certificates are drafts without a licence; they are left pending (ADR 0002). The status update itself is
// `expirePastDue` of certificates/lifecycle.ts, the one writer of a certificate's status.
import { sql } from 'drizzle-orm';
import {
  CERTIFICATE_ACTIVITY,
  CERTIFICATE_HISTORY,
  certificateActivityText,
} from '../../../contract/certificate-texts';
import type { Db } from '../../db/client';
import { activities, certificateRecords } from '../../db/schema';
import type { AppContext, Clock } from '../shared/context';
import { addToCounters, certificateCounterKey, countActivities, endingCounterKey } from '../shared/counters';
import { timeOrderedId } from '../../db/ids';
import { expirePastDue, type ExpiredRow } from './lifecycle';
import { loggableError } from '../../log-redaction';
import {
  recordCertificateEvents,
  recordCheckInOverdueEvents,
  recordExpiringEvents,
  recordGraceEndedEvents,
} from '../webhooks/outbox';

export const EXPIRY_SWEEP_INTERVAL_MS = 60_000;

/** The activity text of an expiry: "Certificate SN-1 for Acme expired". */
const expiredActivity = (row: ExpiredRow) =>
  certificateActivityText(
    { serialNumber: row.serial_number, clientName: row.client_name },
    CERTIFICATE_ACTIVITY.expired,
  );
const DEFAULT_BATCH_SIZE = 500;

/** Expires one batch in one transaction; returns how many certificates it expired. */
async function sweepBatch(db: Db, at: Date, batchSize: number): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await expirePastDue(tx, at, batchSize);
    if (rows.length === 0) return 0;

    await tx
      .insert(certificateRecords)
      .values(
        rows.map((row) => ({
          id: timeOrderedId(at),
          certificateId: row.id,
          action: 'expired',
          // Names the end of the period that lapsed (the unique index reads it: see above).
          description: CERTIFICATE_HISTORY.expired(new Date(row.valid_to).getTime()),
          createdAt: at,
        })),
      )
      .onConflictDoNothing();

    // Clients lose the expired ones from their active count; rows are locked in id order (see counters.ts).
    const perClient = new Map<string, number>();
    for (const row of rows) perClient.set(row.client_id, (perClient.get(row.client_id) ?? 0) + 1);
    const clientIds = [...perClient.keys()].sort();
    await tx.execute(
      sql`select id from clients where id = any(${sql.param(clientIds)}::uuid[]) order by id for update`,
    );
    await tx.execute(sql`
      update clients c set active_certificates = c.active_certificates - d.n
      from unnest(${sql.param(clientIds)}::uuid[], ${sql.param(clientIds.map((id) => perClient.get(id) ?? 0))}::int[]) as d(id, n)
      where c.id = d.id`);

    const deltas: Record<string, number> = { [certificateCounterKey('expired')]: rows.length };
    const subtract = (key: string) => (deltas[key] = (deltas[key] ?? 0) - 1);
    for (const row of rows) {
      subtract(certificateCounterKey(row.old_status));
      // No longer licensed: out of its day's ending counter.
      subtract(endingCounterKey(new Date(row.valid_to)));
    }
    await addToCounters(tx, deltas);
    // The webhook events of the expiries (services/webhooks/outbox.ts), then the activity rows last: their counters
    // are the last locks (see counters.ts).
    await recordCertificateEvents(
      tx,
      'certificate.expired',
      rows.map((row) => ({
        id: row.id,
        description: expiredActivity(row),
      })),
      at,
    );
    await tx.insert(activities).values(
      rows.map((row) => ({
        type: 'certificate.expired',
        targetType: 'certificate',
        targetId: row.id,
        description: expiredActivity(row),
        createdAt: at,
      })),
    );
    await countActivities(
      tx,
      rows.map(() => 'certificate'),
    );
    return rows.length;
  });
}

/** Expires every past-due certificate (in batches); returns how many this call expired. */
export async function runExpirySweep(
  ctx: Pick<AppContext, 'db' | 'now'>,
  { batchSize = DEFAULT_BATCH_SIZE } = {},
): Promise<number> {
  const at = ctx.now();
  let total = 0;
  for (;;) {
    const expired = await sweepBatch(ctx.db, at, batchSize);
    total += expired;
    if (expired < batchSize) break;
  }
  // The expiry warnings of webhooks (certificate.expiring), once per certificate, threshold and end date.
  await recordExpiringEvents(ctx.db, at);
  // Licences whose machines stopped working (grace over) or stopped checking in.
  await recordGraceEndedEvents(ctx.db, at);
  await recordCheckInOverdueEvents(ctx.db, at);
  return total;
}

export interface ExpirySweeper {
  /** Runs a sweep now (after any sweep in progress); resolves with how many it expired. */
  runNow(): Promise<number>;
  /** Stops the timer and waits for a sweep in progress. */
  stop(): Promise<void>;
}

/** Sweeps at once and then every `intervalMs`; failures are logged and retried on the next tick. */
export function startExpirySweeper(
  ctx: Pick<AppContext, 'db' | 'log'> & { now: Clock },
  { intervalMs = EXPIRY_SWEEP_INTERVAL_MS, batchSize = DEFAULT_BATCH_SIZE } = {},
): ExpirySweeper {
  let running: Promise<number> = Promise.resolve(0);
  let stopped = false;

  const runNow = () => {
    // One sweep at a time in a process; a tick during a long sweep queues behind it.
    running = running
      .catch(() => 0)
      .then(async () => {
        if (stopped) return 0;
        try {
          const expired = await runExpirySweep(ctx, { batchSize });
          if (expired > 0)
            ctx.log.info({ event: 'certificates.expired', count: expired }, 'expired past-due certificates');
          return expired;
        } catch (error) {
          ctx.log.error(
            { err: loggableError(error), event: 'certificates.expiry_sweep_failed' },
            'expiry sweep failed',
          );
          return 0;
        }
      });
    return running;
  };

  void runNow();
  const timer = setInterval(() => void runNow(), intervalMs);
  // The sweep must never keep a process (or a test run) alive on its own.
  timer.unref();

  return {
    runNow,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running.catch(() => 0);
    },
  };
}
