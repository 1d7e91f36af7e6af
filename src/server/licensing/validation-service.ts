// The validate and check-in calls: the offline checks plus what only the server knows (does the certificate exist, is
// it revoked, has its own grace ended), every answer signed (a proof, docs/licence-file.md "Signed answers"), and
// the licensed software's use recorded in batches (usage-recorder.ts).
import type { KeyObject } from 'node:crypto';
import {
  LICENSE_CHECK_TEXTS,
  isGoodVerdict,
  type AnswerProof,
  type CheckInAnswer,
  type LicenseCheckCodeName,
  type ValidateAnswer,
  type ValidatedCertificate,
} from '../../contract/licensing';
import { effectiveStatus } from '../../contract/certificate-lifecycle';
import { fileExpiresAt, graceUntilOf } from '../../contract/license-terms';
import { DAY_MS } from '../../contract/constants';
import type { Tx } from '../db/client';
import type { AppContext } from '../services/shared/context';
import { INACTIVE_CLIENT_VERDICT } from '../services/clients/inactive-clients';
import {
  checkClaims,
  licenseFileOf,
  type LicenseClaims,
  type LicenseFile,
  type ParsedLicense,
} from './verify-license';
import { createAnswerSigner, type AnswerFacts, type ValidationKeys } from './answer-signer';

export type { ValidationKeys } from './answer-signer';
import { createKnownFiles } from './known-files';
import { createRecentMap } from '../recent-map';
import { createUsageRecorder, type MachineInfo } from './usage-recorder';
import { uncachedChecks, type CheckCache, type CheckedRow, type StoredLicenseOf } from './check-cache';

export { USAGE_FLUSH_MS } from './usage-recorder';
/** Stored licence files remembered for check-ins (a few hundred bytes each, one per machine's certificate). */
const STORED_FILES = 10_000;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How a check counts, and what it asks. */
export interface CheckOptions {
  /** Whether a good answer is the licensed software's use (default true); a staff member's look is not (ADR 0011). */
  recordUse?: boolean;
  /** The caller's nonce, echoed in the proof. */
  nonce?: string | undefined;
  /** Entitlements the software needs; a licence that lacks one answers ENTITLEMENTS_MISSING. */
  requiredEntitlements?: readonly string[] | undefined;
}

/** A check-in's body as the contract reads it. */
export interface CheckInInput {
  license: unknown;
  serialNumber: string;
  nonce?: string | undefined;
  requiredEntitlements?: readonly string[] | undefined;
  machine?: MachineInfo | undefined;
}

export interface ValidationService {
  /** The validate call: a verdict for a licence file, optionally bound to the asking machine's serial number. */
  validate(license: unknown, serialNumber?: string, options?: CheckOptions): Promise<ValidateAnswer>;
  /**
   * The same answer, at once, when everything it reads is in memory (the keys, the certificate's cached row); else
   * undefined, and `validate` reads what is missing. The hot route answers most checks this way, without a promise.
   */
  validateFromMemory(
    license: unknown,
    serialNumber?: string,
    options?: CheckOptions,
  ): ValidateAnswer | undefined;
  /** The check-in: answered from the certificate, with its current licence when the presented one is good. */
  checkIn(input: CheckInInput, options?: Pick<CheckOptions, 'recordUse'>): Promise<CheckInAnswer>;
  /** Reads the current key for proofs, so the first answers from memory can be signed. */
  ready(): Promise<void>;
  /** Writes pending `lastUsedAt`, check-ins and history now (also done every few seconds and on close). */
  flushUsage(): Promise<void>;
  /** Stops the usage timer after a last flush. */
  close(): Promise<void>;
}

/** Signs a check-in's fresh file: the licence service's `reissue`, inside a transaction holding the row. */
export type Reissue = (
  tx: Tx,
  certificateId: string,
  at: Date,
  kid: string,
) => Promise<StoredLicenseOf | null>;

/** A verdict before it is signed: its code, and what the proof and the answer say with it. */
interface Verdict {
  code: LicenseCheckCodeName;
  certificate?: ValidatedCertificate;
  missing?: string[];
  /** The presented file's trusted claims, once its signature verified. */
  claims?: LicenseClaims;
  /** The certificate's row, once found. */
  row?: CheckedRow;
}

/** The validate and check-in calls' checks and the batched usage writes. */
export function createValidationService(
  ctx: AppContext,
  keys: ValidationKeys,
  checks: CheckCache = uncachedChecks(ctx.db),
  reissue?: Reissue,
): ValidationService {
  const { db, now } = ctx;
  const files = createKnownFiles();
  // The stored licences handed out by check-ins, as files: one per certificate's current licence.
  const storedFiles = createRecentMap<string, LicenseFile>(STORED_FILES);
  const storedFileOf = (stored: NonNullable<CheckedRow['license']>): LicenseFile => {
    let file = storedFiles.get(stored.signature);
    if (!file) {
      file = Object.freeze(licenseFileOf(stored.payload, stored.signature, stored.kid));
      storedFiles.set(stored.signature, file);
    }
    return file;
  };
  const answers = createAnswerSigner(ctx, keys);
  const usage = createUsageRecorder(ctx);
  const { noteUse, noteCheckIn } = usage;
  /** What the proof of a verdict says. */
  const factsOf = (verdict: Verdict, licenseIssuedAt: number | null): AnswerFacts => ({
    code: verdict.code,
    certificateId: verdict.certificate?.uuid ?? null,
    serialNumber: verdict.certificate?.serialNumber ?? null,
    licenseIssuedAt,
    missing: verdict.missing ?? [],
  });

  const answerOf = (verdict: Verdict, proof: AnswerProof): ValidateAnswer => ({
    valid: isGoodVerdict(verdict.code),
    code: verdict.code,
    message: LICENSE_CHECK_TEXTS[verdict.code],
    ...(verdict.certificate ? { certificate: verdict.certificate } : {}),
    ...(verdict.missing ? { missing: verdict.missing } : {}),
    proof,
  });

  /** The verdicts the file itself settles once its key is known: MALFORMED, UNKNOWN_KEY, SIGNATURE_INVALID, NOT_FOUND. */
  function fileVerdict(parsed: ParsedLicense, key: KeyObject | undefined): Verdict | null {
    if (!key) return { code: 'UNKNOWN_KEY' };
    if (!files.verify(parsed, key)) return { code: 'SIGNATURE_INVALID' };
    if (!UUID_PATTERN.test(parsed.claims.certificateId)) return { code: 'NOT_FOUND' };
    return null;
  }

  const certificateOf = (row: CheckedRow, at: number): ValidatedCertificate => ({
    uuid: row.id,
    serialNumber: row.serialNumber,
    clientName: row.clientName,
    // As every reader sees it: past-due but not yet swept is already expired.
    status: effectiveStatus(row.status, row.validTo.getTime(), at),
    validFrom: row.validFrom.getTime(),
    validTo: row.validTo.getTime(),
  });

  /**
   * The verdict for `claims` once the certificate's row is read (undefined: there is no such certificate): its
   * status first, then the claims' own checks, and EXPIRED once the certificate's own grace has ended whatever the
   * file says (a file never outlives its certificate's grace; the sweep's `expired` alone does not end a grace).
   */
  function rowVerdict(
    claims: LicenseClaims,
    row: CheckedRow | undefined,
    serialNumber: string | undefined,
    requiredEntitlements: readonly string[] | undefined,
    at: number,
  ): Verdict {
    if (!row) return { code: 'NOT_FOUND', claims };
    const certificate = certificateOf(row, at);
    if (row.status === 'revoked') return { code: 'REVOKED', certificate, claims, row };
    // A licence of a deactivated client is not honoured while the client is inactive (services/clients/inactive-clients.ts).
    if (!row.clientIsActive) return { code: INACTIVE_CLIENT_VERDICT, certificate, claims, row };
    const checked = checkClaims(claims, { now: at, serialNumber, requiredEntitlements });
    let code: LicenseCheckCodeName = checked.code;
    // Marked expired (by the sweep, or by hand) and not within its grace: expired, whatever the claims say.
    const validTo = row.validTo.getTime();
    const inGrace = validTo <= at && at < graceUntilOf(validTo, row.graceDays);
    const ownGraceEnded = at >= graceUntilOf(validTo, row.graceDays);
    if (
      code !== 'NOT_YET_VALID' &&
      code !== 'EXPIRED' &&
      (ownGraceEnded || (row.status === 'expired' && !inGrace))
    )
      code = 'EXPIRED';
    return {
      code,
      certificate,
      claims,
      row,
      ...(code === 'ENTITLEMENTS_MISSING' ? { missing: checked.missing } : {}),
    };
  }

  /** The verdict of a presented file, with what it read; undefined when something it needs is not in memory. */
  function verdictFromMemory(
    license: unknown,
    serialNumber: string | undefined,
    required: readonly string[] | undefined,
  ): Verdict | undefined {
    const parsed = files.parse(license);
    if (!parsed) return { code: 'MALFORMED' };
    const key = keys.knownPublicKey(parsed.kid);
    // An unknown kid may be a key this process has not read yet.
    if (!key) return undefined;
    const settled = fileVerdict(parsed, key);
    if (settled) return settled;
    // Not in memory, or no such certificate (never remembered): the caller reads it.
    const row = checks.peek(parsed.claims.certificateId);
    return row && rowVerdict(parsed.claims, row, serialNumber, required, now().getTime());
  }

  async function verdictOf(
    license: unknown,
    serialNumber: string | undefined,
    required: readonly string[] | undefined,
  ): Promise<Verdict> {
    const parsed = files.parse(license);
    if (!parsed) return { code: 'MALFORMED' };
    const key = keys.knownPublicKey(parsed.kid) ?? (await keys.publicKey(parsed.kid));
    const settled = fileVerdict(parsed, key);
    if (settled) return settled;
    const id = parsed.claims.certificateId;
    const row = checks.peek(id) ?? (await checks.get(id));
    return rowVerdict(parsed.claims, row, serialNumber, required, now().getTime());
  }

  function recordValidation(verdict: Verdict, recordUse: boolean) {
    if (recordUse && isGoodVerdict(verdict.code) && verdict.row) noteUse(verdict.row.id, now().getTime());
  }

  /**
   * The certificate's current licence for a check-in, signed again when a fresh file would end at least half a
   * lifetime later than the stored one (so a check-in is cheap while the stored file is young).
   */
  async function currentLicense(
    row: CheckedRow,
    presentedKid: string,
    at: number,
  ): Promise<CheckedRow['license']> {
    const stored = row.license;
    if (!stored || !reissue) return stored;
    if (row.fileLifetimeDays === null) return stored;
    const fresh = fileExpiresAt(
      { graceDays: row.graceDays, fileLifetimeDays: row.fileLifetimeDays },
      { validFrom: row.validFrom.getTime(), validTo: row.validTo.getTime() },
      at,
    );
    if (fresh - stored.expiresAt.getTime() < (row.fileLifetimeDays * DAY_MS) / 2) return stored;
    const signed = await db.transaction((tx) => reissue(tx, row.id, new Date(at), presentedKid));
    // The commit's notification empties the cache entry in every process; on PostgreSQL it arrives a moment after
    // the commit, so this process drops its own now rather than hand out the old file once more.
    checks.invalidate(row.id);
    return signed ?? stored;
  }

  return {
    async validate(license, serialNumber, { recordUse = true, nonce, requiredEntitlements } = {}) {
      const verdict = await verdictOf(license, serialNumber, requiredEntitlements);
      recordValidation(verdict, recordUse);
      const signer = await answers.signer(verdict.claims?.kid);
      return answerOf(
        verdict,
        answers.reusable(factsOf(verdict, verdict.claims?.issuedAt ?? null), signer, nonce),
      );
    },

    validateFromMemory(license, serialNumber, { recordUse = true, nonce, requiredEntitlements } = {}) {
      const verdict = verdictFromMemory(license, serialNumber, requiredEntitlements);
      if (!verdict) return undefined;
      const signer = answers.knownSigner(verdict.claims?.kid);
      if (!signer) return undefined;
      recordValidation(verdict, recordUse);
      return answerOf(
        verdict,
        answers.reusable(factsOf(verdict, verdict.claims?.issuedAt ?? null), signer, nonce),
      );
    },

    async checkIn(input, { recordUse = true } = {}) {
      const at = now().getTime();
      let verdict = await verdictOf(input.license, input.serialNumber, input.requiredEntitlements);
      let file: LicenseFile | undefined;
      let licenseIssuedAt = verdict.claims?.issuedAt ?? null;
      // A good presented file (or one that only its own end or entitlements fault): answered from the certificate.
      const answersFromCertificate =
        verdict.row &&
        verdict.claims &&
        ['VALID', 'GRACE', 'NOT_YET_VALID', 'FILE_EXPIRED', 'ENTITLEMENTS_MISSING'].includes(verdict.code);
      if (answersFromCertificate && verdict.row && verdict.claims) {
        const stored = await currentLicense(verdict.row, verdict.claims.kid, at);
        if (stored) {
          file = storedFileOf(stored);
          const current = files.parse(file);
          if (current) {
            const checked = checkClaims(current.claims, {
              now: at,
              serialNumber: input.serialNumber,
              requiredEntitlements: input.requiredEntitlements,
            });
            verdict = {
              ...verdict,
              code: checked.code,
              ...(checked.code === 'ENTITLEMENTS_MISSING' ? { missing: checked.missing } : {}),
            };
            licenseIssuedAt = current.claims.issuedAt;
          }
          // A file the machine could not use is not handed out (EXPIRED once the stored file's grace ended).
          if (!['VALID', 'GRACE', 'NOT_YET_VALID', 'ENTITLEMENTS_MISSING'].includes(verdict.code))
            file = undefined;
        }
      }
      if (file && recordUse && isGoodVerdict(verdict.code) && verdict.row)
        noteCheckIn(verdict.row.id, at, input.machine);
      const signer = await answers.signer(file?.kid ?? verdict.claims?.kid);
      const proof = answers.sign(factsOf(verdict, licenseIssuedAt), signer, input.nonce);
      return {
        ...answerOf(verdict, proof),
        ...(file ? { license: file } : {}),
        keys: await keys.publicKeyList.including(signer.kid),
      };
    },

    ready: () => answers.ready(),

    flushUsage: () => usage.flush(),
    close: () => usage.close(),
  };
}
