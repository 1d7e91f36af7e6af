// Edge cases of the offline verifier that a hostile or broken file may hit, through the server's import of it
// (verify-license.ts re-exports @license-console/license-client; the package's own tests cover the rest).
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  encodeClaims,
  fromBase64Url,
  keysByKid,
  kidOf,
  licenseFileOf,
  toBase64Url,
  verifyLicense,
  type LicenseClaims,
  type LicenseClaimsV1,
  type LicenseFile,
} from './verify-license';

const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const kid = kidOf(publicKey);
const NOW = Date.parse('2026-06-15T12:00:00Z');
const claims: LicenseClaimsV1 = {
  format: 'license-certificate/v1',
  certificateId: '0b6c8f0e-4a59-4d43-9a0e-6f2f4c1d7e21',
  serialNumber: 'SN-1',
  clientId: '5f1d2c3b-8e7a-4b6c-9d0e-1a2b3c4d5e6f',
  clientName: 'Acme',
  studioCount: 1,
  userCount: 1,
  validFrom: Date.parse('2026-01-01T00:00:00Z'),
  validTo: Date.parse('2027-01-01T00:00:00Z'),
  issuedAt: Date.parse('2026-01-01T00:00:00Z'),
  kid,
};
const fileOf = (c: LicenseClaims, key: KeyObject = privateKey): LicenseFile => {
  const bytes = encodeClaims(c);
  return licenseFileOf(toBase64Url(bytes), toBase64Url(sign(null, bytes, key)), c.kid);
};
/** A file over arbitrary signed bytes (validly signed), with the copies of `c`. */
const fileOverBytes = (bytes: Buffer, c: LicenseClaimsV1 = claims): LicenseFile => ({
  format: c.format,
  serialNumber: c.serialNumber,
  clientName: c.clientName,
  studioCount: c.studioCount,
  userCount: c.userCount,
  validFrom: c.validFrom,
  validTo: c.validTo,
  payload: bytes.toString('base64url'),
  signature: sign(null, bytes, privateKey).toString('base64url'),
  kid: c.kid,
  alg: 'Ed25519',
});
const publicKeys = [publicKey];

describe('verifyLicense', () => {
  it('accepts a good file as an object or as JSON text', () => {
    expect(verifyLicense(fileOf(claims), { publicKeys, now: NOW }).code).toBe('VALID');
    expect(verifyLicense(JSON.stringify(fileOf(claims)), { publicKeys, now: NOW }).code).toBe('VALID');
    expect(verifyLicense('{"format":', { publicKeys, now: NOW }).code).toBe('MALFORMED');
  });

  it('refuses signed payloads that are not exactly the claims of the format', () => {
    const cases: Buffer[] = [
      Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), // not UTF-8
      Buffer.from(JSON.stringify({ ...claims, extra: 1 })),
      Buffer.from(JSON.stringify({ ...claims, studioCount: 0 })),
      Buffer.from(JSON.stringify({ ...claims, userCount: 1.5 })),
      Buffer.from(JSON.stringify({ ...claims, validTo: claims.validFrom })),
      // A v2 payload needs v2's claims, and a v1 file a v1 payload.
      Buffer.from(JSON.stringify({ ...claims, format: 'license-certificate/v2' })),
      Buffer.from(JSON.stringify({ ...claims, format: 'license-certificate/v3' })),
      Buffer.from(JSON.stringify([claims])),
    ];
    for (const bytes of cases)
      expect(verifyLicense(fileOverBytes(bytes), { publicKeys, now: NOW }).code).toBe('MALFORMED');
  });

  it('refuses a file whose kid differs from the payload kid', () => {
    const other = kidOf(generateKeyPairSync('ed25519').publicKey);
    expect(verifyLicense({ ...fileOf(claims), kid: other }, { publicKeys, now: NOW }).code).toBe('MALFORMED');
  });

  it('reads a kid from the key itself, never from a label beside it', () => {
    const stranger = generateKeyPairSync('ed25519').publicKey;
    const labelled = { kid, publicKeyPem: stranger.export({ type: 'spki', format: 'pem' }).toString() };
    expect(verifyLicense(fileOf(claims), { publicKeys: [labelled], now: NOW }).code).toBe('UNKNOWN_KEY');
    expect([...keysByKid([privateKey]).keys()]).toEqual([kid]);
    expect(() => keysByKid([generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey])).toThrow(
      'Only Ed25519',
    );
  });

  it('refuses to build a file from a payload that is not a licence, or signed by another kid', () => {
    const bytes = encodeClaims(claims);
    const signature = toBase64Url(sign(null, bytes, privateKey));
    expect(() => licenseFileOf(toBase64Url(Buffer.from('{}')), signature, kid)).toThrow(
      'not a valid licence',
    );
    expect(() => licenseFileOf(toBase64Url(bytes), signature, '0123456789abcdef')).toThrow(
      'not a valid licence',
    );
  });
});

describe('fromBase64Url', () => {
  it('decodes only the canonical unpadded spelling', () => {
    expect(fromBase64Url('AQID')?.toString('hex')).toBe('010203');
    expect(fromBase64Url('AQI')?.toString('hex')).toBe('0102');
    expect(fromBase64Url('AQI=')).toBeNull();
    expect(fromBase64Url('AQJ')).toBeNull(); // stray trailing bits
    expect(fromBase64Url('A+/B')).toBeNull();
    expect(fromBase64Url('AQIDB')).toBeNull();
    expect(fromBase64Url('AQ ID')).toBeNull();
  });
});
