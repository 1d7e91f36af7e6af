// Signing claims (docs/licence-file.md): the package's encoding of either format, signed with the server's key.
// Reading a file back is the package's too (`licenseFileOf`, `parseClaims`).
import { sign, type KeyObject } from 'node:crypto';
import { encodeClaims, toBase64Url, type LicenseClaims } from './verify-license';

export type { LicenseClaims, LicenseFile } from './verify-license';

/** Signs claims with an Ed25519 private key; returns the unpadded base64url payload and signature. */
export function signClaims(
  claims: LicenseClaims,
  privateKey: KeyObject,
): { payload: string; signature: string } {
  const bytes = encodeClaims(claims);
  return { payload: toBase64Url(bytes), signature: toBase64Url(sign(null, bytes, privateKey)) };
}
