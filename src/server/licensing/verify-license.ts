// The offline licence verifier (docs/licence-file.md). It depends on nothing but `node:crypto`, so the licensed
// software can copy this one file and check its licence without the server; the server's validate call reuses
// the same steps and adds the checks only it can make (NOT_FOUND, REVOKED).
import { createHash, createPublicKey, verify as verifySignature, type KeyObject } from 'node:crypto';

/** The `format` of every licence file and payload of this version. */
export const LICENSE_FORMAT = 'license-certificate/v1';
/** The only signature algorithm of this version. */
export const LICENSE_ALG = 'Ed25519';

/** The claims inside the signed payload, in the order they are serialised. */
export interface LicenseClaims {
  format: typeof LICENSE_FORMAT;
  certificateId: string;
  serialNumber: string;
  clientId: string;
  clientName: string;
  studioCount: number;
  userCount: number;
  validFrom: number;
  validTo: number;
  issuedAt: number;
  kid: string;
}

/** The licence file: readable copies of the claims beside the signed payload. */
export interface LicenseFile {
  format: typeof LICENSE_FORMAT;
  serialNumber: string;
  clientName: string;
  studioCount: number;
  userCount: number;
  validFrom: number;
  validTo: number;
  payload: string;
  signature: string;
  kid: string;
  alg: typeof LICENSE_ALG;
}

/** Claim names in payload order (the order is what the server writes; verifiers must not depend on it). */
export const CLAIM_KEYS = [
  'format',
  'certificateId',
  'serialNumber',
  'clientId',
  'clientName',
  'studioCount',
  'userCount',
  'validFrom',
  'validTo',
  'issuedAt',
  'kid',
] as const satisfies readonly (keyof LicenseClaims)[];

/** Field names of the file in the order the server writes them. */
export const FILE_KEYS = [
  'format',
  'serialNumber',
  'clientName',
  'studioCount',
  'userCount',
  'validFrom',
  'validTo',
  'payload',
  'signature',
  'kid',
  'alg',
] as const satisfies readonly (keyof LicenseFile)[];

/** The readable copies that must equal the payload's claims. */
const COPIED_KEYS = [
  'format',
  'serialNumber',
  'clientName',
  'studioCount',
  'userCount',
  'validFrom',
  'validTo',
  'kid',
] as const;

/** Every verdict, in the order the checks run; the offline verifier never answers NOT_FOUND or REVOKED. */
export type LicenseCheckCode =
  | 'MALFORMED'
  | 'UNKNOWN_KEY'
  | 'SIGNATURE_INVALID'
  | 'NOT_FOUND'
  | 'REVOKED'
  | 'NOT_YET_VALID'
  | 'EXPIRED'
  | 'SERIAL_MISMATCH'
  | 'VALID';
export type OfflineLicenseCheckCode = Exclude<LicenseCheckCode, 'NOT_FOUND' | 'REVOKED'>;

/** What each verdict means (the server's contract quotes the same texts). */
export const LICENSE_CHECK_MESSAGES: Record<LicenseCheckCode, string> = {
  MALFORMED: 'The licence file is malformed.',
  UNKNOWN_KEY: 'The licence is signed with an unknown key.',
  SIGNATURE_INVALID: 'The licence signature is invalid: the file was altered or not issued by this server.',
  NOT_FOUND: 'No certificate matches this licence.',
  REVOKED: 'The certificate of this licence has been revoked.',
  NOT_YET_VALID: 'The licence is not valid yet.',
  EXPIRED: 'The licence has expired.',
  SERIAL_MISMATCH: 'The licence belongs to another machine: its serial number does not match.',
  VALID: 'The licence is valid.',
};

/** A verifier's answer; `claims` are present once the signature has been verified. */
export interface LicenseVerdict<Code extends LicenseCheckCode = OfflineLicenseCheckCode> {
  valid: boolean;
  code: Code;
  message: string;
  claims?: LicenseClaims;
}

const KID_PATTERN = /^[0-9a-f]{16}$/;
const BASE64URL_PATTERN = /^[A-Za-z0-9_-]*$/;
const ED25519_SIGNATURE_BYTES = 64;

// Characters a terminal or a log viewer acts on instead of showing: C0 and C1 controls (ESC starts escape sequences
// that can move the cursor, rewrite a line or recolour it), DEL, lone surrogates, line and paragraph separators and
// the bidirectional overrides (which reorder what is shown). A licence's claims are only as trustworthy as its
// signer, so a verifier prints them through `printable`.
const NON_PRINTABLE = /[\p{Cc}\p{Cs}\p{Zl}\p{Zp}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/**
 * `text` with every non-printable character written as a `\uXXXX` escape (ESC is `\u001B`). The escape is JSON's
 * own and every such character of a JSON text sits inside a string, so JSON output stays valid and means the same.
 */
export function printable(text: string): string {
  return text.replace(
    NON_PRINTABLE,
    (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`,
  );
}

/** Unpadded base64url of bytes. */
export function toBase64Url(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64url');
}

/** Decodes canonical unpadded base64url, or returns null (padding, `+`, `/` and stray bits are refused). */
export function fromBase64Url(text: string): Buffer | null {
  if (!BASE64URL_PATTERN.test(text) || text.length % 4 === 1) return null;
  const bytes = Buffer.from(text, 'base64url');
  // Node's decoder ignores trailing bits; re-encoding catches a second spelling of the same bytes.
  return bytes.toString('base64url') === text ? bytes : null;
}

/** The key id: the first 16 hex digits of the SHA-256 of the public key's DER (SubjectPublicKeyInfo). */
export function kidOf(publicKey: KeyObject): string {
  const der = publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(der).digest('hex').slice(0, 16);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 1;
const isEpochMs = (value: unknown): value is number => Number.isSafeInteger(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
const hasExactly = (record: Record<string, unknown>, keys: readonly string[]) => {
  const own = Object.keys(record);
  return own.length === keys.length && keys.every((key) => Object.hasOwn(record, key));
};

/** Parses signed bytes into claims, or returns null when they are not exactly the claims of this format. */
export function parseClaims(bytes: Uint8Array): LicenseClaims | null {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return null;
  }
  if (!isRecord(value) || !hasExactly(value, CLAIM_KEYS)) return null;
  const c = value;
  const isValid =
    c.format === LICENSE_FORMAT &&
    isText(c.certificateId) &&
    isText(c.serialNumber) &&
    isText(c.clientId) &&
    typeof c.clientName === 'string' &&
    isCount(c.studioCount) &&
    isCount(c.userCount) &&
    isEpochMs(c.validFrom) &&
    isEpochMs(c.validTo) &&
    c.validTo > c.validFrom &&
    isEpochMs(c.issuedAt) &&
    typeof c.kid === 'string' &&
    KID_PATTERN.test(c.kid);
  return isValid ? (c as unknown as LicenseClaims) : null;
}

/** A file's signed part decoded: its claims, the signed bytes and the signature. */
export interface SignedPart {
  claims: LicenseClaims;
  signedBytes: Buffer;
  signature: Buffer;
}

/** A file whose structure is sound: its claims, the signed bytes and the signature, not yet verified. */
export interface ParsedLicense extends SignedPart {
  kid: string;
  /** The payload and the signature as the file wrote them (base64url). */
  encoded: { payload: string; signature: string };
}

/** Decodes a file's payload and signature (base64url), or returns null when they are not sound. */
export function parseSignedPart(payload: string, signature: string): SignedPart | null {
  const signedBytes = fromBase64Url(payload);
  const signatureBytes = fromBase64Url(signature);
  if (!signedBytes || !signatureBytes || signatureBytes.length !== ED25519_SIGNATURE_BYTES) return null;
  const claims = parseClaims(signedBytes);
  return claims ? { claims, signedBytes, signature: signatureBytes } : null;
}

/**
 * Structural check of a licence file (the MALFORMED step); returns null when malformed. `signedPartOf` decodes the
 * signed part (a server that sees the same file again and again may remember what it decoded).
 */
export function parseLicenseFile(
  file: unknown,
  signedPartOf: (payload: string, signature: string) => SignedPart | null = parseSignedPart,
): ParsedLicense | null {
  if (!isRecord(file) || !hasExactly(file, FILE_KEYS)) return null;
  if (file.alg !== LICENSE_ALG || typeof file.payload !== 'string' || typeof file.signature !== 'string')
    return null;
  if (typeof file.kid !== 'string' || !KID_PATTERN.test(file.kid)) return null;
  const part = signedPartOf(file.payload, file.signature);
  if (!part) return null;
  const { claims } = part;
  // A reader may trust what it sees beside the payload only if it is exactly what was signed.
  for (const key of COPIED_KEYS) if (file[key] !== claims[key]) return null;
  return { ...part, kid: claims.kid, encoded: { payload: file.payload, signature: file.signature } };
}

/** Whether the signature over the signed bytes verifies with the key. */
export function hasValidSignature(parsed: ParsedLicense, publicKey: KeyObject): boolean {
  try {
    return verifySignature(null, parsed.signedBytes, publicKey, parsed.signature);
  } catch {
    return false;
  }
}

/** The time and machine checks after the signature (and, on the server, after the certificate's status). */
export function checkClaims(
  claims: LicenseClaims,
  { now, serialNumber }: { now: Date | number; serialNumber?: string | undefined },
): 'NOT_YET_VALID' | 'EXPIRED' | 'SERIAL_MISMATCH' | 'VALID' {
  const at = typeof now === 'number' ? now : now.getTime();
  // Half-open validity: valid while validFrom <= now < validTo.
  if (at < claims.validFrom) return 'NOT_YET_VALID';
  if (at >= claims.validTo) return 'EXPIRED';
  if (serialNumber !== undefined && serialNumber.trim() !== claims.serialNumber) return 'SERIAL_MISMATCH';
  return 'VALID';
}

/** A public key as PEM text, as `{ publicKeyPem }` (the public-keys endpoint's entries) or as a KeyObject. */
export type PublicKeyInput = string | { publicKeyPem: string } | KeyObject;

/** Indexes Ed25519 public keys by the kid computed from each key (a kid written beside a key is not trusted). */
export function keysByKid(publicKeys: readonly PublicKeyInput[]): Map<string, KeyObject> {
  const byKid = new Map<string, KeyObject>();
  for (const input of publicKeys) {
    const key =
      typeof input === 'string'
        ? createPublicKey(input)
        : 'publicKeyPem' in input
          ? createPublicKey(input.publicKeyPem)
          : input.type === 'private'
            ? createPublicKey(input)
            : input;
    if (key.asymmetricKeyType !== 'ed25519') throw new Error('Only Ed25519 public keys can verify licences');
    byKid.set(kidOf(key), key);
  }
  return byKid;
}

const verdict = (code: OfflineLicenseCheckCode, claims?: LicenseClaims): LicenseVerdict => ({
  valid: code === 'VALID',
  code,
  message: LICENSE_CHECK_MESSAGES[code],
  ...(claims ? { claims } : {}),
});

/**
 * Verifies a licence file offline: MALFORMED, UNKNOWN_KEY, SIGNATURE_INVALID, NOT_YET_VALID, EXPIRED,
 * SERIAL_MISMATCH or VALID, checked in that order. `file` is the parsed JSON (or its text).
 */
export function verifyLicense(
  file: unknown,
  publicKeys: readonly PublicKeyInput[],
  options: { now?: Date | number; serialNumber?: string | undefined } = {},
): LicenseVerdict {
  let value = file;
  if (typeof file === 'string') {
    try {
      value = JSON.parse(file);
    } catch {
      return verdict('MALFORMED');
    }
  }
  const parsed = parseLicenseFile(value);
  if (!parsed) return verdict('MALFORMED');
  const key = keysByKid(publicKeys).get(parsed.kid);
  if (!key) return verdict('UNKNOWN_KEY');
  if (!hasValidSignature(parsed, key)) return verdict('SIGNATURE_INVALID');
  return verdict(
    checkClaims(parsed.claims, { now: options.now ?? Date.now(), serialNumber: options.serialNumber }),
    parsed.claims,
  );
}
