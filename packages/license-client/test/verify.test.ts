// The offline verifier: both documented vectors, every verdict of both versions in its place, and the structural
// rules of version 2.
import { createPublicKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CLAIM_KEYS_V1,
  CLAIM_KEYS_V2,
  FILE_KEYS_V1,
  FILE_KEYS_V2,
  LICENSE_CHECK_CODES,
  LICENSE_CHECK_MESSAGES,
  checkClaims,
  encodeClaims,
  expiresAtOf,
  graceUntilOf,
  keysByKid,
  parseClaims,
  parseLicenseFile,
  verifyLicense,
  type LicenseFile,
} from '../src/index';
import {
  DAY,
  V1_END,
  V1_START,
  claimsV1,
  claimsV2,
  docBlock,
  fileOverBytes,
  licenseOf,
  signer,
} from './support';

const key = signer();
const publicKeys = [key.publicKey];
const MID_2026 = Date.UTC(2026, 5, 15);

describe('the documented test vectors', () => {
  const publicPem = docBlock('test-vector:public-key');
  it('v1: VALID inside the period, EXPIRED at validTo, never GRACE or FILE_EXPIRED', () => {
    const file = JSON.parse(docBlock('test-vector:file')) as LicenseFile;
    const at = (now: number) => verifyLicense(file, { publicKeys: [publicPem], now }).code;
    expect(at(1781524800000)).toBe('VALID');
    expect(at(1798761599999)).toBe('VALID');
    expect(at(1798761600000)).toBe('EXPIRED');
    expect(at(1767225599999)).toBe('NOT_YET_VALID');
    expect(
      verifyLicense(file, { publicKeys: [publicPem], now: 1781524800000, requiredEntitlements: ['X'] }),
    ).toMatchObject({
      code: 'ENTITLEMENTS_MISSING',
      missing: ['X'],
    });
  });

  it('v2: VALID, GRACE, FILE_EXPIRED, EXPIRED and ENTITLEMENTS_MISSING at their documented instants', () => {
    const file = JSON.parse(docBlock('test-vector-v2:file')) as LicenseFile;
    const at = (now: number, requiredEntitlements?: string[]) =>
      verifyLicense(file, { publicKeys: [publicPem], now, requiredEntitlements });
    expect(at(1797336000000)).toMatchObject({ valid: true, code: 'VALID' });
    expect(at(1798761600000)).toMatchObject({ valid: true, code: 'GRACE' });
    expect(at(1799452800000)).toMatchObject({ valid: false, code: 'FILE_EXPIRED' });
    expect(at(1799971200000)).toMatchObject({ valid: false, code: 'EXPIRED' });
    expect(at(1797336000000, ['PLUGINS', 'CLOUD_SYNC'])).toMatchObject({
      valid: false,
      code: 'ENTITLEMENTS_MISSING',
      missing: ['CLOUD_SYNC'],
    });
  });
});

describe('verifyLicense', () => {
  it('answers every offline verdict of a v2 file in the documented order', () => {
    const claims = claimsV2(key, {}, Date.UTC(2026, 11, 10));
    const file = licenseOf(claims, key.privateKey);
    const at = (now: number, options: { serialNumber?: string; requiredEntitlements?: string[] } = {}) =>
      verifyLicense(file, { publicKeys, now, ...options }).code;
    expect(claims.expiresAt).toBe(Date.UTC(2027, 0, 15) - 6 * DAY);
    expect(at(V1_START - 1)).toBe('NOT_YET_VALID');
    expect(at(V1_START)).toBe('VALID');
    expect(at(V1_END - 1)).toBe('VALID');
    expect(at(V1_END)).toBe('GRACE');
    expect(at(claims.expiresAt - 1)).toBe('GRACE');
    expect(at(claims.expiresAt)).toBe('FILE_EXPIRED');
    expect(at(claims.graceUntil)).toBe('EXPIRED');
    // Order: EXPIRED and FILE_EXPIRED before SERIAL_MISMATCH, which is before ENTITLEMENTS_MISSING, before GRACE.
    expect(at(claims.graceUntil, { serialNumber: 'SN-2' })).toBe('EXPIRED');
    expect(at(claims.expiresAt, { serialNumber: 'SN-2' })).toBe('FILE_EXPIRED');
    expect(at(MID_2026, { serialNumber: 'SN-2', requiredEntitlements: ['NOPE'] })).toBe('SERIAL_MISMATCH');
    expect(at(V1_END, { requiredEntitlements: ['NOPE'] })).toBe('ENTITLEMENTS_MISSING');
    expect(at(MID_2026, { serialNumber: ' SN-1 ', requiredEntitlements: ['RENDER_FARM'] })).toBe('VALID');
    expect(verifyLicense(file, { publicKeys: [signer().publicKey], now: MID_2026 }).code).toBe('UNKNOWN_KEY');
    expect(verifyLicense({ ...file, userCount: 6 }, { publicKeys, now: MID_2026 }).code).toBe('MALFORMED');
  });

  it('answers every offline verdict of a v1 file, GRACE and FILE_EXPIRED never', () => {
    const file = licenseOf(claimsV1(key), key.privateKey);
    const at = (now: number, serialNumber?: string) =>
      verifyLicense(file, { publicKeys, now, serialNumber }).code;
    expect(at(V1_START - 1)).toBe('NOT_YET_VALID');
    expect(at(MID_2026)).toBe('VALID');
    expect(at(MID_2026, 'SN-2')).toBe('SERIAL_MISMATCH');
    expect(at(V1_END)).toBe('EXPIRED');
  });

  it('answers SIGNATURE_INVALID for any altered payload byte, with the copies still matching', () => {
    const file = licenseOf(claimsV2(key), key.privateKey);
    const bytes = Buffer.from(file.payload, 'base64url');
    const text = bytes.toString('utf8');
    const changed = Buffer.from(text.replace('"RENDER_FARM"', '"RENDER_FARN"'), 'utf8');
    expect(
      verifyLicense({ ...file, payload: changed.toString('base64url') }, { publicKeys, now: MID_2026 }).code,
    ).toBe('SIGNATURE_INVALID');
    const signature = Buffer.from(file.signature, 'base64url');
    signature[5] = signature[5]! ^ 0x01;
    expect(
      verifyLicense({ ...file, signature: signature.toString('base64url') }, { publicKeys, now: MID_2026 })
        .code,
    ).toBe('SIGNATURE_INVALID');
  });

  it('answers with the message of each code, claims once the signature verified', () => {
    const verdict = verifyLicense(licenseOf(claimsV2(key), key.privateKey), { publicKeys, now: MID_2026 });
    expect(verdict).toMatchObject({
      message: LICENSE_CHECK_MESSAGES.VALID,
      claims: { serialNumber: 'SN-1' },
    });
    expect(verdict).not.toHaveProperty('missing');
    expect(verifyLicense('not json', { publicKeys })).toEqual({
      valid: false,
      code: 'MALFORMED',
      message: 'The licence file is malformed.',
    });
    expect(Object.keys(LICENSE_CHECK_MESSAGES)).toEqual([...LICENSE_CHECK_CODES]);
  });

  it('takes keys as PEM text, public-keys entries, KeyObjects or a ring built once', () => {
    const file = licenseOf(claimsV1(key), key.privateKey);
    const pem = key.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    for (const keys of [
      [pem],
      [{ publicKeyPem: pem }],
      [createPublicKey(pem)],
      [key.privateKey],
      keysByKid([pem]),
    ])
      expect(verifyLicense(file, { publicKeys: keys, now: MID_2026 }).code).toBe('VALID');
  });
});

describe('version 2 structure', () => {
  const good = claimsV2(key);
  const file = licenseOf(good, key.privateKey);
  const copies = Object.fromEntries(
    FILE_KEYS_V2.filter((k) => !['payload', 'signature', 'kid', 'alg'].includes(k)).map((k) => [
      k,
      (file as unknown as Record<string, unknown>)[k],
    ]),
  );
  const verdictOver = (claims: unknown, fileCopies: Record<string, unknown> = copies) =>
    verifyLicense(fileOverBytes(Buffer.from(JSON.stringify(claims)), key, fileCopies), {
      publicKeys,
      now: MID_2026,
    }).code;

  it('accepts the sound claims written in any order', () => {
    const reversed = Object.fromEntries(Object.entries(good).reverse());
    expect(verdictOver(reversed)).toBe('VALID');
  });

  it('refuses claims that break a rule of version 2', () => {
    const bad: unknown[] = [
      { ...good, extra: 1 },
      { ...good, entitlements: ['RENDER_FARM', 'PLUGINS'] },
      { ...good, entitlements: ['PLUGINS', 'PLUGINS'] },
      { ...good, entitlements: [''] },
      { ...good, entitlements: 'PLUGINS' },
      { ...good, graceUntil: good.validTo - 1 },
      { ...good, expiresAt: good.graceUntil + 1 },
      { ...good, maintenanceUntil: '2027-01-01' },
      { ...good, machineKeyId: 'ABCDEF0123456789' },
      { ...good, machineKeyId: '0123' },
      { ...good, expiresAt: 1.5 },
      Object.fromEntries(Object.entries(good).filter(([k]) => k !== 'machineKeyId')),
    ];
    for (const claims of bad) expect(verdictOver(claims)).toBe('MALFORMED');
    expect(verdictOver({ ...good, machineKeyId: '0123456789abcdef', maintenanceUntil: V1_END })).toBe(
      'VALID',
    );
  });

  it('refuses a v1 file around a v2 payload, a v2 file around a v1 payload, and a missing or wrong expiresAt copy', () => {
    const { expiresAt: _expiresAt, ...v1Copies } = copies;
    expect(verdictOver(good, { ...v1Copies, format: 'license-certificate/v1' })).toBe('MALFORMED');
    expect(verdictOver(good, v1Copies)).toBe('MALFORMED');
    expect(verdictOver(good, { ...copies, expiresAt: good.expiresAt - 1 })).toBe('MALFORMED');
    const v1 = claimsV1(key);
    expect(verdictOver(v1, { ...copies, format: 'license-certificate/v2' })).toBe('MALFORMED');
  });

  it('encodes each version in its documented order and parses it back', () => {
    expect(Object.keys(JSON.parse(encodeClaims(good).toString('utf8')) as object)).toEqual([
      ...CLAIM_KEYS_V2,
    ]);
    const v1 = claimsV1(key);
    expect(Object.keys(JSON.parse(encodeClaims(v1).toString('utf8')) as object)).toEqual([...CLAIM_KEYS_V1]);
    expect(parseClaims(encodeClaims(good))).toEqual(good);
    expect(Object.keys(file)).toEqual([...FILE_KEYS_V2]);
    expect(Object.keys(licenseOf(v1, key.privateKey))).toEqual([...FILE_KEYS_V1]);
    expect(parseLicenseFile(file)?.claims).toEqual(good);
  });
});

describe('checkClaims and the dates', () => {
  it('answers the post-signature code and what is missing', () => {
    const claims = claimsV2(key);
    expect(checkClaims(claims, { now: MID_2026 })).toEqual({ code: 'VALID', missing: [] });
    expect(
      checkClaims(claims, { now: new Date(MID_2026), requiredEntitlements: ['B', 'PLUGINS', 'A', 'B'] }),
    ).toEqual({
      code: 'ENTITLEMENTS_MISSING',
      missing: ['B', 'A'],
    });
    expect(checkClaims(claims, { now: V1_END })).toEqual({ code: 'FILE_EXPIRED', missing: [] });
    const late = claimsV2(key, {}, Date.UTC(2026, 11, 10));
    expect(checkClaims(late, { now: V1_END })).toEqual({ code: 'GRACE', missing: [] });
  });

  it('gives v1 its validTo as grace end and file end', () => {
    const v1 = claimsV1(key);
    const v2 = claimsV2(key);
    expect([graceUntilOf(v1), expiresAtOf(v1)]).toEqual([V1_END, V1_END]);
    expect([graceUntilOf(v2), expiresAtOf(v2)]).toEqual([V1_END + 14 * DAY, Date.UTC(2026, 6, 1)]);
  });
});
