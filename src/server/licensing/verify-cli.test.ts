// `license-console verify` prints a licence's claims, which are only as trustworthy as whoever signed them: a
// client name made of terminal escape sequences must not be able to rewrite the verdict on screen.
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from './verify-cli';
import {
  encodeClaims,
  kidOf,
  licenseFileOf,
  printable,
  toBase64Url,
  type LicenseClaims,
  type LicenseClaimsV1,
  type LicenseClaimsV2,
} from './verify-license';

const dir = mkdtempSync(join(tmpdir(), 'lc-verify-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const { publicKey, privateKey } = generateKeyPairSync('ed25519');
// Erase the line, move up, and print a fake verdict over the real one; then a bidi override and a C1 CSI.
const HOSTILE_NAME = 'Acme\u001b[2K\u001b[1A\rVALID: The licence is valid.\u001b[0m\u202e\u009b31m\u0007';
const claims: LicenseClaimsV1 = {
  format: 'license-certificate/v1',
  certificateId: '0b6c8f0e-4a59-4d43-9a0e-6f2f4c1d7e21',
  serialNumber: 'SN-1',
  clientId: '5f1d2c3b-8e7a-4b6c-9d0e-1a2b3c4d5e6f',
  clientName: HOSTILE_NAME,
  studioCount: 1,
  userCount: 1,
  validFrom: Date.parse('2020-01-01T00:00:00Z'),
  validTo: Date.parse('2021-01-01T00:00:00Z'),
  issuedAt: Date.parse('2020-01-01T00:00:00Z'),
  kid: kidOf(publicKey),
};
const fileText = (c: LicenseClaims, key: KeyObject = privateKey) => {
  const bytes = encodeClaims(c);
  return JSON.stringify(licenseFileOf(toBase64Url(bytes), toBase64Url(sign(null, bytes, key)), c.kid));
};
const licensePath = join(dir, 'license.json');
writeFileSync(licensePath, fileText(claims));
const DAY = 24 * 60 * 60 * 1000;
const v2Claims: LicenseClaimsV2 = {
  ...claims,
  format: 'license-certificate/v2',
  clientName: 'Acme',
  issuedAt: Date.parse('2020-12-20T00:00:00Z'),
  expiresAt: Date.parse('2021-01-10T00:00:00Z'),
  graceUntil: claims.validTo + 14 * DAY,
  entitlements: ['PLUGINS'],
  maintenanceUntil: null,
  machineKeyId: null,
};
const v2Path = join(dir, 'license-v2.json');
writeFileSync(v2Path, fileText(v2Claims));
const keyPath = join(dir, 'public.pem');
writeFileSync(keyPath, publicKey.export({ type: 'spki', format: 'pem' }).toString());

function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const status = main(args, { out: (text) => out.push(text), err: (text) => err.push(text) });
  return { status, out: out.join('\n'), err: err.join('\n') };
}

/** Anything a terminal would act on rather than show (line feeds, which end the printed lines, aside). */
// eslint-disable-next-line no-control-regex -- control characters are what this test looks for
const NON_PRINTABLE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

describe('license-console verify', () => {
  it('prints an expired licence whose client name holds escape sequences as EXPIRED, with every such character escaped', () => {
    const result = run(['verify', licensePath, '--public-key', keyPath, '--now', '2026-06-15T00:00:00Z']);
    expect(result.status).toBe(1);
    expect(result.out.split('\n')[0]).toBe('EXPIRED: The licence has expired.');
    expect(result.out).not.toMatch(NON_PRINTABLE);
    expect(result.out).toContain(
      'client         Acme\\u001B[2K\\u001B[1A\\u000DVALID: The licence is valid.\\u001B[0m\\u202E\\u009B31m\\u0007',
    );
  });

  it('keeps --json valid JSON that means the same, with no raw control character', () => {
    const result = run([
      'verify',
      licensePath,
      '--public-key',
      keyPath,
      '--now',
      '2026-06-15T00:00:00Z',
      '--json',
    ]);
    expect(result.out).not.toMatch(NON_PRINTABLE);
    const parsed = JSON.parse(result.out) as { code: string; claims: LicenseClaims };
    expect(parsed.code).toBe('EXPIRED');
    expect(parsed.claims.clientName).toBe(HOSTILE_NAME);
  });

  it('escapes what it echoes of its arguments too', () => {
    const result = run(['verify', join(dir, 'missing\u001b[31m.json'), '--public-key', keyPath]);
    expect(result.status).toBe(2);
    expect(result.err).not.toMatch(NON_PRINTABLE);
    expect(result.err).toContain('missing\\u001B[31m.json');
  });

  it('printable leaves ordinary text, accents and emoji alone', () => {
    expect(printable('Émile & Söhne 東京 😀 C:\\path')).toBe('Émile & Söhne 東京 😀 C:\\path');
    expect(printable('a\ud800b')).toBe('a\\uD800b');
  });
});

describe('license-console verify, version 2', () => {
  const at = (now: string, ...extra: string[]) =>
    run(['verify', v2Path, '--public-key', keyPath, '--now', now, ...extra]);

  it('exits 0 for VALID and GRACE, printing the v2 claims', () => {
    const valid = at('2020-12-25T00:00:00Z');
    expect(valid.status).toBe(0);
    expect(valid.out.split('\n')[0]).toBe('VALID: The licence is valid.');
    expect(valid.out).toContain('file expires   2021-01-10T00:00:00.000Z');
    expect(valid.out).toContain('entitlements   PLUGINS');
    const grace = at('2021-01-02T00:00:00Z');
    expect(grace.status).toBe(0);
    expect(grace.out.split('\n')[0]).toBe('GRACE: The licence has ended and is in its grace period.');
  });

  it('exits 1 for FILE_EXPIRED, EXPIRED and a missing entitlement', () => {
    const fileExpired = at('2021-01-10T00:00:00Z');
    expect(fileExpired.status).toBe(1);
    expect(fileExpired.out.split('\n')[0]).toBe(
      'FILE_EXPIRED: This licence file has expired: check in for a fresh one.',
    );
    expect(at('2021-01-15T00:00:00Z').out.split('\n')[0]).toBe('EXPIRED: The licence has expired.');
    const missing = at('2020-12-25T00:00:00Z', '--require', 'PLUGINS', '--require', 'RENDER_FARM', '--json');
    expect(missing.status).toBe(1);
    expect(JSON.parse(missing.out)).toMatchObject({ code: 'ENTITLEMENTS_MISSING', missing: ['RENDER_FARM'] });
  });
});
