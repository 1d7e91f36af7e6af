// The validate call: the offline checks plus what only the server knows (does the certificate exist, is it revoked),
// and usage tracking. A valid check sets `lastUsedAt` and records one `used` history entry per certificate per UTC
// day; those writes are batched (every USAGE_FLUSH_MS and on close) so a busy validator does not write per call.
import { randomUUID, type KeyObject } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  LICENSE_CHECK_TEXTS,
  type LicenseCheckCodeName,
  type LicenseValidation,
  type ValidatedCertificate,
} from '../../contract/licensing';
import { effectiveStatus } from '../../contract/certificate-lifecycle';
import { DAY_MS } from '../../contract/constants';
import { certificateRecords, certificates } from '../db/schema';
import type { AppContext } from '../services/shared/context';
import { INACTIVE_CLIENT_VERDICT } from '../services/clients/inactive-clients';
import { loggableError } from '../log-redaction';
import { checkClaims, type LicenseClaims, type ParsedLicense } from './verify-license';
import { createKnownFiles } from './known-files';
import { uncachedChecks, type CheckCache, type CheckedRow } from './check-cache';

/** How often pending usage is written; "visible within a few seconds". */
export const USAGE_FLUSH_MS = 2000;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How a check counts: a staff member checking a licence from the console is not the licensed machine using it. */
export interface CheckOptions {
  /** Whether a valid answer sets Last Used and records the day's `used` entry (default true). */
  recordUse?: boolean;
}

export interface ValidationService {
  /** The validate call: a verdict for a licence file, optionally bound to the asking machine's serial number. */
  validate(license: unknown, serialNumber?: string, options?: CheckOptions): Promise<LicenseValidation>;
  /**
   * The same verdict, at once, when everything it reads is in memory (the key, the certificate's cached row); else
   * undefined, and `validate` reads what is missing. The hot route answers most checks this way, without a promise.
   */
  validateFromMemory(
    license: unknown,
    serialNumber?: string,
    options?: CheckOptions,
  ): LicenseValidation | undefined;
  /** Writes pending `lastUsedAt` and `used` history now (also done every few seconds and on close). */
  flushUsage(): Promise<void>;
  /** Stops the usage timer after a last flush. */
  close(): Promise<void>;
}

interface PendingUsage {
  lastUsedAt: number;
  /** UTC days (YYYY-MM-DD) with a valid check, each with its first check time. */
  days: Map<string, number>;
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

/** The validate call's checks and the batched usage writes; `keys` resolves a kid to its public key. */
export function createValidationService(
  ctx: AppContext,
  keys: {
    publicKey(kid: string): Promise<KeyObject | undefined>;
    knownPublicKey(kid: string): KeyObject | undefined;
  },
  checks: CheckCache = uncachedChecks(ctx.db),
): ValidationService {
  const { db, now, log } = ctx;
  let pending = new Map<string, PendingUsage>();
  const files = createKnownFiles();
  let flushing: Promise<void> = Promise.resolve();

  function noteUse(certificateId: string, at: number) {
    const entry = pending.get(certificateId) ?? { lastUsedAt: at, days: new Map<string, number>() };
    entry.lastUsedAt = Math.max(entry.lastUsedAt, at);
    const day = utcDay(at);
    entry.days.set(day, Math.min(entry.days.get(day) ?? at, at));
    pending.set(certificateId, entry);
  }

  async function writeUsage(batch: Map<string, PendingUsage>) {
    await db.transaction(async (tx) => {
      for (const [certificateId, usage] of batch) {
        const lastUsedAt = new Date(usage.lastUsedAt);
        // greatest(): a slower process's older batch never moves lastUsedAt back.
        await tx
          .update(certificates)
          .set({
            lastUsedAt: sql`greatest(coalesce(${certificates.lastUsedAt}, ${lastUsedAt}), ${lastUsedAt})`,
          })
          .where(eq(certificates.id, certificateId));
        for (const [day, firstAt] of usage.days) {
          // The partial unique index (certificate_id, used_day) keeps this to one a day across processes.
          await tx
            .insert(certificateRecords)
            .values({
              id: randomUUID(),
              certificateId,
              action: 'used',
              description: 'Licence validated',
              actorId: null,
              actorName: null,
              usedDay: day,
              createdAt: new Date(firstAt),
            })
            .onConflictDoNothing();
        }
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

  const answer = (code: LicenseCheckCodeName, certificate?: ValidatedCertificate): LicenseValidation => ({
    valid: code === 'VALID',
    code,
    message: LICENSE_CHECK_TEXTS[code],
    ...(certificate ? { certificate } : {}),
  });

  /** The verdicts the file itself settles once its key is known: MALFORMED, UNKNOWN_KEY, SIGNATURE_INVALID, NOT_FOUND. */
  function fileVerdict(parsed: ParsedLicense, key: KeyObject | undefined): LicenseValidation | null {
    if (!key) return answer('UNKNOWN_KEY');
    if (!files.verify(parsed, key)) return answer('SIGNATURE_INVALID');
    if (!UUID_PATTERN.test(parsed.claims.certificateId)) return answer('NOT_FOUND');
    return null;
  }

  /** The verdict once the certificate's row is read (undefined: there is no such certificate). */
  function rowVerdict(
    claims: LicenseClaims,
    row: CheckedRow | undefined,
    serialNumber: string | undefined,
    recordUse: boolean,
  ): LicenseValidation {
    if (!row) return answer('NOT_FOUND');
    const at = now().getTime();
    const certificate: ValidatedCertificate = {
      uuid: row.id,
      serialNumber: row.serialNumber,
      clientName: row.clientName,
      // As every reader sees it: past-due but not yet swept is already expired.
      status: effectiveStatus(row.status, row.validTo.getTime(), at),
      validFrom: row.validFrom.getTime(),
      validTo: row.validTo.getTime(),
    };
    if (row.status === 'revoked') return answer('REVOKED', certificate);
    // A licence of a deactivated client is not honoured while the client is inactive (services/clients/inactive-clients.ts).
    if (!row.clientIsActive) return answer(INACTIVE_CLIENT_VERDICT, certificate);

    let code = checkClaims(claims, { now: at, serialNumber });
    // A certificate the server has already marked expired stays expired whatever the claims say.
    if (row.status === 'expired' && code !== 'NOT_YET_VALID') code = 'EXPIRED';
    if (code === 'VALID' && recordUse) noteUse(row.id, at);
    return answer(code, certificate);
  }

  return {
    async validate(license, serialNumber, { recordUse = true } = {}) {
      const parsed = files.parse(license);
      if (!parsed) return answer('MALFORMED');
      const key = keys.knownPublicKey(parsed.kid) ?? (await keys.publicKey(parsed.kid));
      const settled = fileVerdict(parsed, key);
      if (settled) return settled;
      const id = parsed.claims.certificateId;
      return rowVerdict(parsed.claims, checks.peek(id) ?? (await checks.get(id)), serialNumber, recordUse);
    },

    validateFromMemory(license, serialNumber, { recordUse = true } = {}) {
      const parsed = files.parse(license);
      if (!parsed) return answer('MALFORMED');
      const key = keys.knownPublicKey(parsed.kid);
      // An unknown kid may be a key this process has not read yet.
      if (!key) return undefined;
      const settled = fileVerdict(parsed, key);
      if (settled) return settled;
      // Not in memory, or no such certificate (never remembered): `validate` reads it.
      const row = checks.peek(parsed.claims.certificateId);
      return row && rowVerdict(parsed.claims, row, serialNumber, recordUse);
    },

    flushUsage,

    async close() {
      clearInterval(timer);
      await flushUsage();
    },
  };
}
