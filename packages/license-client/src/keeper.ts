// Keeps a version 2 licence file fresh on disk: verified offline at every check, renewed by a check-in once half of
// its lifetime has passed (or once it has expired), and kept as it is while the server cannot be reached, so the
// software works on it until its `expiresAt`. A version 1 file has no lifetime: it is only verified offline.
import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { LICENSE_FORMAT_V2, type LicenseClaims } from './license-file.js';
import type { AnswerClaims } from './answer-proof.js';
import { LICENSE_CHECK_MESSAGES, verdictOf, type LicenseCheckCode, type LicenseVerdict } from './verify.js';
import type { LicenseClient, MachineInfo } from './client.js';
import type { LicenseClientError } from './errors.js';

export interface LicenseKeeperOptions {
  client: LicenseClient;
  /** The licence file on disk; a fresh one replaces it atomically (written beside it, then renamed). */
  path: string;
  /** This machine's serial number. */
  serialNumber: string;
  machine?: MachineInfo;
  requiredEntitlements?: readonly string[];
  /** The clock, epoch ms (default Date.now). */
  now?: () => number;
}

/** What one check found. */
export interface KeeperReport {
  valid: boolean;
  code: LicenseCheckCode;
  message: string;
  /** The trusted claims of the file now on disk. */
  claims?: LicenseClaims;
  missing?: string[];
  /** Whether the server answered a check-in (with a verified proof). */
  checkedIn: boolean;
  /** Whether a fresh licence file replaced the one on disk. */
  replaced: boolean;
  /** The verified answer of the check-in, when there was one. */
  answer?: AnswerClaims;
  /** Why a check-in that was due did not happen or was not trusted (the file on disk was kept). */
  error?: LicenseClientError | Error;
  /** When the file on disk is due for a check-in (epoch ms), or null for a file that never is (version 1). */
  checkInDueAt: number | null;
}

export interface LicenseKeeper {
  /** Reads and verifies the file, checks in when it is due, and reports. Never rejects. */
  check(): Promise<KeeperReport>;
}

/** Half of a version 2 file's lifetime after it was signed; version 1 files are never due. */
export const checkInDueAt = (claims: LicenseClaims): number | null =>
  claims.format === LICENSE_FORMAT_V2
    ? claims.issuedAt + Math.floor((claims.expiresAt - claims.issuedAt) / 2)
    : null;

/** Writes `text` to `path` atomically: a reader finds the old file or the new one, never half of one. */
async function writeAtomically(path: string, text: string): Promise<void> {
  const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, text, { encoding: 'utf8', flag: 'wx' });
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

export function createLicenseKeeper(options: LicenseKeeperOptions): LicenseKeeper {
  const { client, path, serialNumber, machine, requiredEntitlements } = options;
  const now = options.now ?? Date.now;

  const verify = (license: unknown, at: number) =>
    client.verify(license, {
      serialNumber,
      now: at,
      ...(requiredEntitlements ? { requiredEntitlements } : {}),
    });
  const reportOf = (
    verdict: LicenseVerdict<LicenseCheckCode>,
    extra: Partial<KeeperReport> = {},
  ): KeeperReport => ({
    ...verdict,
    checkedIn: false,
    replaced: false,
    checkInDueAt: verdict.claims ? checkInDueAt(verdict.claims) : null,
    ...extra,
  });

  return {
    async check() {
      const at = now();
      let text: string;
      try {
        text = await readFile(path, 'utf8');
      } catch (error) {
        return reportOf(verdictOf('MALFORMED'), { error: error as Error });
      }
      const verdict = verify(text, at);
      const claims = verdict.claims;
      const dueAt = claims ? checkInDueAt(claims) : null;
      const due = dueAt !== null && (at >= dueAt || verdict.code === 'FILE_EXPIRED');
      // A file not to be trusted, another machine's, or not due: the offline verdict is the answer.
      if (!claims || verdict.code === 'SERIAL_MISMATCH' || !due) {
        return reportOf(verdict);
      }
      let result;
      try {
        result = await client.checkIn({
          license: JSON.parse(text) as unknown,
          serialNumber,
          ...(machine ? { machine } : {}),
          ...(requiredEntitlements ? { requiredEntitlements } : {}),
        });
      } catch (error) {
        // Unreachable, refused or untrusted: keep working on the file on disk until its own end.
        return reportOf(verdict, { error: error as Error });
      }
      const answered = { checkedIn: true, answer: result.answer };
      if (result.license) {
        const fresh = `${JSON.stringify(result.license, null, 2)}\n`;
        try {
          await writeAtomically(path, fresh);
        } catch (error) {
          return reportOf(verify(result.license, at), { ...answered, error: error as Error });
        }
        return reportOf(verify(result.license, at), { ...answered, replaced: true });
      }
      // No fresh file: a verdict the server found against the licence (REVOKED, say) is the answer; the file stays,
      // and the next check, due as this one was, asks again.
      if (result.valid || !(result.code in LICENSE_CHECK_MESSAGES)) return reportOf(verdict, answered);
      const code = result.code as LicenseCheckCode;
      return reportOf({ ...verdictOf(code, claims, result.missing ?? []), valid: false }, answered);
    },
  };
}
