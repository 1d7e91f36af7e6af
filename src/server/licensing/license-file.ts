// Signing claims and building the licence file (docs/licence-file.md).
import { sign, type KeyObject } from 'node:crypto';
import {
  CLAIM_KEYS,
  LICENSE_ALG,
  LICENSE_FORMAT,
  fromBase64Url,
  parseClaims,
  toBase64Url,
  type LicenseClaims,
  type LicenseFile,
} from './verify-license';

export type { LicenseClaims, LicenseFile } from './verify-license';

/** The signed bytes: UTF-8 JSON of the claims in the documented order. */
export function encodeClaims(claims: LicenseClaims): Buffer {
  const ordered = Object.fromEntries(CLAIM_KEYS.map((key) => [key, claims[key]]));
  return Buffer.from(JSON.stringify(ordered), 'utf8');
}

/** Signs claims with an Ed25519 private key; returns the unpadded base64url payload and signature. */
export function signClaims(
  claims: LicenseClaims,
  privateKey: KeyObject,
): { payload: string; signature: string } {
  const bytes = encodeClaims(claims);
  return { payload: toBase64Url(bytes), signature: toBase64Url(sign(null, bytes, privateKey)) };
}

/** Builds the licence file from a stored payload and signature; the readable copies come from the payload itself. */
export function licenseFileOf(payload: string, signature: string, kid: string): LicenseFile {
  const bytes = fromBase64Url(payload);
  const claims = bytes ? parseClaims(bytes) : null;
  if (!claims || claims.kid !== kid) throw new Error('Stored licence payload is not a valid licence');
  return {
    format: LICENSE_FORMAT,
    serialNumber: claims.serialNumber,
    clientName: claims.clientName,
    studioCount: claims.studioCount,
    userCount: claims.userCount,
    validFrom: claims.validFrom,
    validTo: claims.validTo,
    payload,
    signature,
    kid,
    alg: LICENSE_ALG,
  };
}
