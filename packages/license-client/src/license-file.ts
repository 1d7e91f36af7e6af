// The licence file, versions 1 and 2 (docs/licence-file.md): its members, the signed claims, their encoding, and
// the structural check (the MALFORMED step) a verifier runs before anything else.
import { fromBase64Url, parseJsonBytes } from './base64url.js';
import { KID_PATTERN } from './keys.js';

/** The `format` of a version 1 licence file and of its payload. */
export const LICENSE_FORMAT_V1 = 'license-certificate/v1';
/** The `format` of a version 2 licence file and of its payload. */
export const LICENSE_FORMAT_V2 = 'license-certificate/v2';
/** The only signature algorithm of licence files and signed answers. */
export const LICENSE_ALG = 'Ed25519';
/** @deprecated Version 1's format; name the version: `LICENSE_FORMAT_V1`. */
export const LICENSE_FORMAT = LICENSE_FORMAT_V1;

/** The claims of a version 1 payload, in the order they are serialised. */
export interface LicenseClaimsV1 {
  format: typeof LICENSE_FORMAT_V1;
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

/** The claims of a version 2 payload, in the order they are serialised. */
export interface LicenseClaimsV2 {
  format: typeof LICENSE_FORMAT_V2;
  certificateId: string;
  serialNumber: string;
  clientId: string;
  clientName: string;
  studioCount: number;
  userCount: number;
  validFrom: number;
  validTo: number;
  issuedAt: number;
  /** The file's own end (epoch ms): a check-in before it brings a fresh file. */
  expiresAt: number;
  /** The end of the grace period (epoch ms): `validTo` plus the certificate's grace days. */
  graceUntil: number;
  /** Entitlement codes, sorted ascending by UTF-16 code unit, unique. */
  entitlements: string[];
  maintenanceUntil: number | null;
  /** The machine key the licence is bound to (16 lower-case hex digits), or null. */
  machineKeyId: string | null;
  kid: string;
}

export type LicenseClaims = LicenseClaimsV1 | LicenseClaimsV2;

/** A version 1 licence file: readable copies of the claims beside the signed payload. */
export interface LicenseFileV1 {
  format: typeof LICENSE_FORMAT_V1;
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

/** A version 2 licence file: version 1's members and `expiresAt`. */
export interface LicenseFileV2 extends Omit<LicenseFileV1, 'format'> {
  format: typeof LICENSE_FORMAT_V2;
  expiresAt: number;
}

export type LicenseFile = LicenseFileV1 | LicenseFileV2;

/** Version 1's claim names in payload order (the order is what the server writes; verifiers must not depend on it). */
export const CLAIM_KEYS_V1 = [
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
] as const satisfies readonly (keyof LicenseClaimsV1)[];

/** Version 2's claim names in payload order. */
export const CLAIM_KEYS_V2 = [
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
  'expiresAt',
  'graceUntil',
  'entitlements',
  'maintenanceUntil',
  'machineKeyId',
  'kid',
] as const satisfies readonly (keyof LicenseClaimsV2)[];

/** Version 1's file members in the order the server writes them. */
export const FILE_KEYS_V1 = [
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
] as const satisfies readonly (keyof LicenseFileV1)[];

/** Version 2's file members in the order the server writes them. */
export const FILE_KEYS_V2 = [
  'format',
  'serialNumber',
  'clientName',
  'studioCount',
  'userCount',
  'validFrom',
  'validTo',
  'expiresAt',
  'payload',
  'signature',
  'kid',
  'alg',
] as const satisfies readonly (keyof LicenseFileV2)[];

/** @deprecated Version 1's claim names: `CLAIM_KEYS_V1`. */
export const CLAIM_KEYS = CLAIM_KEYS_V1;
/** @deprecated Version 1's file members: `FILE_KEYS_V1`. */
export const FILE_KEYS = FILE_KEYS_V1;

/** The readable copies of each version, which must equal the payload's claims. */
const COPIED_KEYS_V1 = [
  'format',
  'serialNumber',
  'clientName',
  'studioCount',
  'userCount',
  'validFrom',
  'validTo',
  'kid',
] as const;
const COPIED_KEYS_V2 = [...COPIED_KEYS_V1, 'expiresAt'] as const;

const ED25519_SIGNATURE_BYTES = 64;
const MACHINE_KEY_ID_PATTERN = /^[0-9a-f]{16}$/;

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 1;
export const isEpochMs = (value: unknown): value is number => Number.isSafeInteger(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
/** Whether `record` has exactly the members `keys`, no more and no fewer. */
export const hasExactly = (record: Record<string, unknown>, keys: readonly string[]) => {
  const own = Object.keys(record);
  return own.length === keys.length && keys.every((key) => Object.hasOwn(record, key));
};
/** Non-empty strings in strictly ascending code-unit order: sorted and unique. */
const isEntitlementList = (value: unknown): value is string[] =>
  Array.isArray(value) &&
  value.every((code, index) => isText(code) && (index === 0 || (value[index - 1] as string) < code));

/** The claims both versions share, each of its type and range. */
function hasCommonClaims(c: Record<string, unknown>): boolean {
  return (
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
    KID_PATTERN.test(c.kid)
  );
}

/** Whether the members only version 2 has are each of their type and range. */
function hasV2Claims(c: Record<string, unknown>): boolean {
  return (
    isEpochMs(c.expiresAt) &&
    isEpochMs(c.graceUntil) &&
    c.graceUntil >= (c.validTo as number) &&
    c.expiresAt <= c.graceUntil &&
    isEntitlementList(c.entitlements) &&
    (c.maintenanceUntil === null || isEpochMs(c.maintenanceUntil)) &&
    (c.machineKeyId === null ||
      (typeof c.machineKeyId === 'string' && MACHINE_KEY_ID_PATTERN.test(c.machineKeyId)))
  );
}

/** Parses signed bytes into claims, or returns null when they are not exactly the claims of version 1 or 2. */
export function parseClaims(bytes: Uint8Array): LicenseClaims | null {
  const c = parseJsonBytes(bytes);
  if (!isRecord(c)) return null;
  if (c.format === LICENSE_FORMAT_V1)
    return hasExactly(c, CLAIM_KEYS_V1) && hasCommonClaims(c) ? (c as unknown as LicenseClaimsV1) : null;
  if (c.format === LICENSE_FORMAT_V2)
    return hasExactly(c, CLAIM_KEYS_V2) && hasCommonClaims(c) && hasV2Claims(c)
      ? (c as unknown as LicenseClaimsV2)
      : null;
  return null;
}

/**
 * The signed bytes: UTF-8 JSON of the claims in the documented order of their version, no whitespace. The server
 * signs exactly these bytes (`sign(null, bytes, privateKey)`); the claims are not checked here (`licenseFileOf`
 * refuses a payload that is not sound).
 */
export function encodeClaims(claims: LicenseClaims): Buffer {
  const keys: readonly string[] = claims.format === LICENSE_FORMAT_V2 ? CLAIM_KEYS_V2 : CLAIM_KEYS_V1;
  const record = claims as unknown as Record<string, unknown>;
  const ordered = Object.fromEntries(keys.map((key) => [key, record[key]]));
  return Buffer.from(JSON.stringify(ordered), 'utf8');
}

/** The end of the grace period: `graceUntil` (version 1 has none: `validTo`). */
export const graceUntilOf = (claims: LicenseClaims): number =>
  claims.format === LICENSE_FORMAT_V2 ? claims.graceUntil : claims.validTo;

/** The file's own end: `expiresAt` (a version 1 file lasts as long as its licence: `validTo`). */
export const expiresAtOf = (claims: LicenseClaims): number =>
  claims.format === LICENSE_FORMAT_V2 ? claims.expiresAt : claims.validTo;

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
  if (!isRecord(file)) return null;
  const v2 = file.format === LICENSE_FORMAT_V2;
  if (!v2 && file.format !== LICENSE_FORMAT_V1) return null;
  if (!hasExactly(file, v2 ? FILE_KEYS_V2 : FILE_KEYS_V1)) return null;
  if (file.alg !== LICENSE_ALG || typeof file.payload !== 'string' || typeof file.signature !== 'string')
    return null;
  if (typeof file.kid !== 'string' || !KID_PATTERN.test(file.kid)) return null;
  const part = signedPartOf(file.payload, file.signature);
  if (!part) return null;
  const claims = part.claims as unknown as Record<string, unknown>;
  // A reader may trust what it sees beside the payload only if it is exactly what was signed; `format` is among
  // the copies, so a v1 file never carries a v2 payload nor the reverse.
  for (const key of v2 ? COPIED_KEYS_V2 : COPIED_KEYS_V1) if (file[key] !== claims[key]) return null;
  return { ...part, kid: part.claims.kid, encoded: { payload: file.payload, signature: file.signature } };
}

/**
 * Builds the licence file of either version from a payload and its signature (both unpadded base64url, as stored);
 * the readable copies come from the payload itself. Throws when the payload is not a sound payload signed by `kid`.
 */
export function licenseFileOf(payload: string, signature: string, kid: string): LicenseFile {
  const bytes = fromBase64Url(payload);
  const claims = bytes ? parseClaims(bytes) : null;
  if (!claims || claims.kid !== kid) throw new Error('Stored licence payload is not a valid licence');
  const copies = {
    serialNumber: claims.serialNumber,
    clientName: claims.clientName,
    studioCount: claims.studioCount,
    userCount: claims.userCount,
    validFrom: claims.validFrom,
    validTo: claims.validTo,
  };
  const signed = { payload, signature, kid, alg: LICENSE_ALG } as const;
  return claims.format === LICENSE_FORMAT_V2
    ? { format: LICENSE_FORMAT_V2, ...copies, expiresAt: claims.expiresAt, ...signed }
    : { format: LICENSE_FORMAT_V1, ...copies, ...signed };
}
