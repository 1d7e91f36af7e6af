// The licensed software's use, recorded in batches (ADR 0005): a good check sets `lastUsedAt` and records one `used`
// history entry per certificate per UTC day; a good check-in sets the last check-in columns and records `checked-in`
// instead. The writes wait in memory and go every USAGE_FLUSH_MS (and on close), so a busy validator does not write
// per call; a failed write keeps its uses for the next one.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { CERTIFICATE_HISTORY } from '../../contract/certificate-texts';
import { DAY_MS } from '../../contract/constants';
import type { Tx } from '../db/client';
import { certificateRecords, certificates } from '../db/schema';
import { loggableError } from '../log-redaction';
import type { AppContext } from '../services/shared/context';

/** How often pending usage is written; "visible within a few seconds". */
export const USAGE_FLUSH_MS = 2000;

/** What a check-in says of the machine. */
export interface MachineInfo {
  hostname?: string | undefined;
  softwareVersion?: string | undefined;
}

export interface UsageRecorder {
  /** A good check of the certificate at `at` (epoch ms). */
  noteUse(certificateId: string, at: number): void;
  /** A good check-in of the certificate at `at`, from `machine`. */
  noteCheckIn(certificateId: string, at: number, machine: MachineInfo | undefined): void;
  /** Writes what is pending now. */
  flush(): Promise<void>;
  /** Stops the timer after a last flush. */
  close(): Promise<void>;
}

interface PendingUsage {
  lastUsedAt: number;
  /** UTC days (YYYY-MM-DD) with a good check, each with its first check time. */
  days: Map<string, number>;
  /** The latest good check-in, and the UTC days with one. */
  checkIn?: { at: number; hostname: string | null; softwareVersion: string | null };
  checkInDays: Map<string, number>;
}

/** The UTC day (YYYY-MM-DD) of a time; the last one worked out is kept, as every check of a day asks for it. */
let knownDay = { start: 0, label: '1970-01-01' };
function utcDay(ms: number): string {
  if (ms < knownDay.start || ms >= knownDay.start + DAY_MS) {
    const start = Math.floor(ms / DAY_MS) * DAY_MS;
    knownDay = { start, label: new Date(start).toISOString().slice(0, 10) };
  }
  return knownDay.label;
}

export function createUsageRecorder({ db, log }: Pick<AppContext, 'db' | 'log'>): UsageRecorder {
  let pending = new Map<string, PendingUsage>();
  let flushing: Promise<void> = Promise.resolve();

  const entryOf = (certificateId: string, at: number): PendingUsage => {
    const entry = pending.get(certificateId) ?? {
      lastUsedAt: at,
      days: new Map<string, number>(),
      checkInDays: new Map<string, number>(),
    };
    entry.lastUsedAt = Math.max(entry.lastUsedAt, at);
    pending.set(certificateId, entry);
    return entry;
  };
  const earliest = (days: Map<string, number>, at: number) => {
    const day = utcDay(at);
    days.set(day, Math.min(days.get(day) ?? at, at));
  };
  const noteUse = (certificateId: string, at: number) => earliest(entryOf(certificateId, at).days, at);
  function noteCheckIn(certificateId: string, at: number, machine: MachineInfo | undefined) {
    const entry = entryOf(certificateId, at);
    earliest(entry.checkInDays, at);
    if (!entry.checkIn || entry.checkIn.at <= at)
      entry.checkIn = {
        at,
        hostname: machine?.hostname || null,
        softwareVersion: machine?.softwareVersion || null,
      };
  }

  async function insertDay(
    tx: Tx,
    certificateId: string,
    action: 'used' | 'checked-in',
    day: string,
    at: number,
  ) {
    // The partial unique indexes (certificate_id, used_day) keep each to one a day across processes.
    await tx
      .insert(certificateRecords)
      .values({
        id: randomUUID(),
        certificateId,
        action,
        description: action === 'used' ? 'Licence validated' : CERTIFICATE_HISTORY.checkedIn,
        actorId: null,
        actorName: null,
        usedDay: day,
        createdAt: new Date(at),
      })
      .onConflictDoNothing();
  }

  async function writeUsage(batch: Map<string, PendingUsage>) {
    await db.transaction(async (tx) => {
      for (const [certificateId, usage] of batch) {
        const lastUsedAt = new Date(usage.lastUsedAt);
        // greatest(): a slower process's older batch never moves lastUsedAt back.
        const set: Record<string, unknown> = {
          lastUsedAt: sql`greatest(coalesce(${certificates.lastUsedAt}, ${lastUsedAt}), ${lastUsedAt})`,
        };
        if (usage.checkIn) {
          const at = new Date(usage.checkIn.at);
          const isLater = sql`(${certificates.lastCheckInAt} is null or ${certificates.lastCheckInAt} <= ${at})`;
          set.lastCheckInAt = sql`case when ${isLater} then ${at} else ${certificates.lastCheckInAt} end`;
          set.lastCheckInHostname = sql`case when ${isLater} then ${usage.checkIn.hostname}::text else ${certificates.lastCheckInHostname} end`;
          set.lastCheckInSoftwareVersion = sql`case when ${isLater} then ${usage.checkIn.softwareVersion}::text else ${certificates.lastCheckInSoftwareVersion} end`;
        }
        await tx.update(certificates).set(set).where(eq(certificates.id, certificateId));
        for (const [day, firstAt] of usage.days) await insertDay(tx, certificateId, 'used', day, firstAt);
        for (const [day, firstAt] of usage.checkInDays)
          await insertDay(tx, certificateId, 'checked-in', day, firstAt);
      }
    });
  }

  function flushUsage(): Promise<void> {
    // Chained so two flushes never write the same batch at once.
    flushing = flushing.then(async () => {
      if (pending.size === 0) return;
      const batch = pending;
      pending = new Map();
      try {
        await writeUsage(batch);
      } catch (error) {
        // Keep the uses for the next attempt rather than lose them.
        for (const [id, usage] of batch) {
          for (const at of usage.days.values()) noteUse(id, at);
          noteUse(id, usage.lastUsedAt);
          if (usage.checkIn) {
            const machine = {
              hostname: usage.checkIn.hostname ?? undefined,
              softwareVersion: usage.checkIn.softwareVersion ?? undefined,
            };
            for (const at of usage.checkInDays.values()) noteCheckIn(id, at, machine);
            noteCheckIn(id, usage.checkIn.at, machine);
          }
        }
        log.error(
          { err: loggableError(error), event: 'licensing.usage_flush_failed' },
          'could not record licence usage; will retry',
        );
      }
    });
    return flushing;
  }

  const timer = setInterval(() => void flushUsage(), USAGE_FLUSH_MS);
  // The timer must not keep a process (a test, the CLI) alive.
  timer.unref();

  return {
    noteUse,
    noteCheckIn,
    flush: flushUsage,
    async close() {
      clearInterval(timer);
      await flushUsage();
    },
  };
}
