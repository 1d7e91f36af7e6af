// The offline verdict on a licence file (docs/licence-file.md section 4 and "Version 2"): the checks any holder of
// the public keys can make. The server runs the same steps and adds the two only it can make (NOT_FOUND, REVOKED).
import { verify as verifySignature, type KeyObject } from 'node:crypto';
import { keyRingOf, type KeyRing, type PublicKeyInput } from './keys.js';
import {
  LICENSE_FORMAT_V2,
  expiresAtOf,
  graceUntilOf,
  parseLicenseFile,
  type LicenseClaims,
  type ParsedLicense,
} from './license-file.js';

/** Every verdict, in the order the checks run. */
export const LICENSE_CHECK_CODES = [
  'MALFORMED',
  'UNKNOWN_KEY',
  'SIGNATURE_INVALID',
  'NOT_FOUND',
  'REVOKED',
  'NOT_YET_VALID',
  'EXPIRED',
  'FILE_EXPIRED',
  'SERIAL_MISMATCH',
  'ENTITLEMENTS_MISSING',
  'GRACE',
  'VALID',
] as const;
export type LicenseCheckCode = (typeof LICENSE_CHECK_CODES)[number];
/** The verdicts of an offline verifier: all but the server's NOT_FOUND and REVOKED. */
export type OfflineLicenseCheckCode = Exclude<LicenseCheckCode, 'NOT_FOUND' | 'REVOKED'>;
/** The verdicts of the checks after the signature (and, on the server, after the certificate's status). */
export type ClaimsCheckCode = Exclude<
  OfflineLicenseCheckCode,
  'MALFORMED' | 'UNKNOWN_KEY' | 'SIGNATURE_INVALID'
>;

/** What each verdict means (the server's contract quotes the same texts). */
export const LICENSE_CHECK_MESSAGES: Record<LicenseCheckCode, string> = {
  MALFORMED: 'The licence file is malformed.',
  UNKNOWN_KEY: 'The licence is signed with an unknown key.',
  SIGNATURE_INVALID: 'The licence signature is invalid: the file was altered or not issued by this server.',
  NOT_FOUND: 'No certificate matches this licence.',
  REVOKED: 'The certificate of this licence has been revoked.',
  NOT_YET_VALID: 'The licence is not valid yet.',
  EXPIRED: 'The licence has expired.',
  FILE_EXPIRED: 'This licence file has expired: check in for a fresh one.',
  SERIAL_MISMATCH: 'The licence belongs to another machine: its serial number does not match.',
  ENTITLEMENTS_MISSING: 'The licence lacks a required entitlement.',
  GRACE: 'The licence has ended and is in its grace period.',
  VALID: 'The licence is valid.',
};

/** The verdicts the licensed software may keep working on: VALID, and GRACE (the licence ended, its grace has not). */
export const isValidCode = (code: string): boolean => code === 'VALID' || code === 'GRACE';

/** A verifier's answer; `claims` are present once the signature has been verified, `missing` with ENTITLEMENTS_MISSING. */
export interface LicenseVerdict<Code extends LicenseCheckCode = OfflineLicenseCheckCode> {
  valid: boolean;
  code: Code;
  message: string;
  claims?: LicenseClaims;
  /** The required entitlements the licence lacks (ENTITLEMENTS_MISSING only). */
  missing?: string[];
}

export interface ClaimsCheckOptions {
  now: Date | number;
  /** The verifying machine's own serial number, when it knows it (compared after trimming white space). */
  serialNumber?: string | undefined;
  /** Entitlement codes the software needs; a version 1 licence has none. */
  requiredEntitlements?: readonly string[] | undefined;
}

/** The required entitlements `claims` lack, in the order required, each once. */
export function missingEntitlements(claims: LicenseClaims, required: readonly string[] = []): string[] {
  const held = new Set(claims.format === LICENSE_FORMAT_V2 ? claims.entitlements : []);
  return [...new Set(required)].filter((code) => !held.has(code));
}

/**
 * The checks after the signature, in order: NOT_YET_VALID, EXPIRED (grace ended), FILE_EXPIRED (the file's own
 * end, version 2 only), SERIAL_MISMATCH, ENTITLEMENTS_MISSING, GRACE, VALID. `missing` lists what
 * ENTITLEMENTS_MISSING found lacking (empty otherwise).
 */
export function checkClaims(
  claims: LicenseClaims,
  { now, serialNumber, requiredEntitlements }: ClaimsCheckOptions,
): { code: ClaimsCheckCode; missing: string[] } {
  const at = typeof now === 'number' ? now : now.getTime();
  const result = (code: ClaimsCheckCode, missing: string[] = []) => ({ code, missing });
  // Half-open intervals: valid while validFrom <= now < validTo, in grace while validTo <= now < graceUntil.
  if (at < claims.validFrom) return result('NOT_YET_VALID');
  if (at >= graceUntilOf(claims)) return result('EXPIRED');
  if (claims.format === LICENSE_FORMAT_V2 && at >= expiresAtOf(claims)) return result('FILE_EXPIRED');
  if (serialNumber !== undefined && serialNumber.trim() !== claims.serialNumber)
    return result('SERIAL_MISMATCH');
  const missing = missingEntitlements(claims, requiredEntitlements);
  if (missing.length > 0) return result('ENTITLEMENTS_MISSING', missing);
  return result(at >= claims.validTo ? 'GRACE' : 'VALID');
}

/** Whether the signature over the signed bytes verifies with the key. */
export function hasValidSignature(
  parsed: Pick<ParsedLicense, 'signedBytes' | 'signature'>,
  publicKey: KeyObject,
): boolean {
  try {
    return verifySignature(null, parsed.signedBytes, publicKey, parsed.signature);
  } catch {
    return false;
  }
}

/** The verdict of `code`, with its message, the trusted claims and what is missing. */
export function verdictOf<Code extends LicenseCheckCode>(
  code: Code,
  claims?: LicenseClaims,
  missing: string[] = [],
): LicenseVerdict<Code> {
  return {
    valid: isValidCode(code),
    code,
    message: LICENSE_CHECK_MESSAGES[code],
    ...(claims ? { claims } : {}),
    ...(code === 'ENTITLEMENTS_MISSING' ? { missing } : {}),
  };
}

export interface VerifyOptions {
  /**
   * The trusted public keys: the `keys` of `GET /api/v1/licensing/public-keys` as shipped with the software, PEM
   * strings or KeyObjects (or a ring `keysByKid` built once).
   */
  publicKeys: readonly PublicKeyInput[] | KeyRing;
  serialNumber?: string | undefined;
  now?: Date | number | undefined;
  requiredEntitlements?: readonly string[] | undefined;
}

/** The parsed JSON of a licence file, or undefined when `file` is text that is not JSON. */
function fileValue(file: unknown): unknown {
  if (typeof file !== 'string') return file;
  try {
    return JSON.parse(file) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Verifies a licence file (version 1 or 2) offline: MALFORMED, UNKNOWN_KEY, SIGNATURE_INVALID, NOT_YET_VALID,
 * EXPIRED, FILE_EXPIRED, SERIAL_MISMATCH, ENTITLEMENTS_MISSING, GRACE or VALID, checked in that order. `file` is the
 * parsed JSON or its text. `valid` is true for VALID and GRACE. Throws only for a public key that is not Ed25519.
 */
export function verifyLicense(file: unknown, options: VerifyOptions): LicenseVerdict {
  const ring = keyRingOf(options.publicKeys);
  const parsed = parseLicenseFile(fileValue(file));
  if (!parsed) return verdictOf('MALFORMED');
  const key = ring.get(parsed.kid);
  if (!key) return verdictOf('UNKNOWN_KEY');
  if (!hasValidSignature(parsed, key)) return verdictOf('SIGNATURE_INVALID');
  const { code, missing } = checkClaims(parsed.claims, {
    now: options.now ?? Date.now(),
    serialNumber: options.serialNumber,
    requiredEntitlements: options.requiredEntitlements,
  });
  return verdictOf(code, parsed.claims, missing);
}
