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
import { certificateStatusSchema } from '../../contract/certificates';
import { effectiveStatus } from '../../contract/certificate-lifecycle';
import { certificateRecords, certificates } from '../db/schema';
import type { AppContext } from '../services/context';
import { INACTIVE_CLIENT_VERDICT } from '../services/inactive-clients';
import { loggableError } from '../log-redaction';
import { checkClaims, hasValidSignature, parseLicenseFile, type ParsedLicense } from './verify-license';
import { uncachedChecks, type CheckCache } from './check-cache';

/** How often pending usage is written; "visible within a few seconds". */
export const USAGE_FLUSH_MS = 2000;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How a check counts: a staff member checking a licence from the console is not the licensed machine using it. */
export interface CheckOptions {
  /** Whether a valid answer sets Last Used and records the day's `used` entry (default true). */
  recordUse?: boolean;
}

export interface ValidationService {
  validate(license: unknown, serialNumber?: string, options?: CheckOptions): Promise<LicenseValidation>;
  flushUsage(): Promise<void>;
  close(): Promise<void>;
}

interface PendingUsage {
  lastUsedAt: number;
  /** UTC days (YYYY-MM-DD) with a valid check, each with its first check time. */
  days: Map<string, number>;
}

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Signature checks remembered; a licence is checked by the same machine again and again. */
const VERIFIED_CACHE_SIZE = 10_000;

/**
 * Remembers which (key, signed bytes, signature) triples verified, so a licence seen before skips the
 * Ed25519 check. The entry's name holds the payload and signature as the file wrote them, so a changed payload can
 * never hit an entry; they are the file's own text, not re-encoded bytes, because this runs on every check.
 * (Two spellings of the same bytes are two entries, each verified on its own.)
 */
export function createVerificationCache(size = VERIFIED_CACHE_SIZE) {
  const entries = new Map<string, boolean>();
  return {
    check(parsed: ParsedLicense, key: KeyObject): boolean {
      const id = `${parsed.kid}.${parsed.encoded.signature}.${parsed.encoded.payload}`;
      const known = entries.get(id);
      if (known !== undefined) {
        // Refresh its place: the map's insertion order makes the oldest entry the first to go.
        entries.delete(id);
        entries.set(id, known);
        return known;
      }
      const valid = hasValidSignature(parsed, key);
      if (entries.size >= size) entries.delete(entries.keys().next().value!);
      entries.set(id, valid);
      return valid;
    },
    get size() {
      return entries.size;
    },
  };
}

/** The validate call's checks and the batched usage writes; `keys` resolves a kid to its public key. */
export function createValidationService(
  ctx: AppContext,
  keys: { publicKey(kid: string): Promise<KeyObject | undefined> },
  checks: CheckCache = uncachedChecks(ctx.db),
): ValidationService {
  const { db, now, log } = ctx;
  let pending = new Map<string, PendingUsage>();
  const verified = createVerificationCache();
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

  return {
    async validate(license, serialNumber, { recordUse = true } = {}) {
      const parsed = parseLicenseFile(license);
      if (!parsed) return answer('MALFORMED');
      const key = await keys.publicKey(parsed.kid);
      if (!key) return answer('UNKNOWN_KEY');
      if (!verified.check(parsed, key)) return answer('SIGNATURE_INVALID');

      const { claims } = parsed;
      if (!UUID_PATTERN.test(claims.certificateId)) return answer('NOT_FOUND');
      const row = await checks.get(claims.certificateId);
      if (!row) return answer('NOT_FOUND');
      const certificate: ValidatedCertificate = {
        uuid: row.id,
        serialNumber: row.serialNumber,
        clientName: row.clientName,
        // As every reader sees it: past-due but not yet swept is already expired.
        status: effectiveStatus(
          certificateStatusSchema.parse(row.status),
          row.validTo.getTime(),
          now().getTime(),
        ),
        validFrom: row.validFrom.getTime(),
        validTo: row.validTo.getTime(),
      };
      if (row.status === 'revoked') return answer('REVOKED', certificate);
      // A licence of a deactivated client is not honoured while the client is inactive (services/inactive-clients.ts).
      if (!row.clientIsActive) return answer(INACTIVE_CLIENT_VERDICT, certificate);

      const at = now().getTime();
      let code = checkClaims(claims, { now: at, serialNumber });
      // A certificate the server has already marked expired stays expired whatever the claims say.
      if (row.status === 'expired' && code !== 'NOT_YET_VALID') code = 'EXPIRED';
      if (code === 'VALID' && recordUse) noteUse(row.id, at);
      return answer(code, certificate);
    },

    flushUsage,

    async close() {
      clearInterval(timer);
      await flushUsage();
    },
  };
}
