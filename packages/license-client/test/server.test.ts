// The client and the keeper against the real License Console (the app on a fresh test database, listening on a
// port of 127.0.0.1): the check-in as docs/licence-file.md specifies it, through HTTP and fetch.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLicenseClient,
  createLicenseKeeper,
  parseLicenseFile,
  verifyLicense,
  type LicenseClaimsV2,
  type LicenseClient,
  type LicenseFile,
  type SigningPublicKey,
} from '@license-console/license-client';
import { createTestApp, TestClock, type TestContext } from '../../../tests/support/test-app';
import { callerAs, type SignedInCaller } from '../../../tests/support/callers';
import { certificateBody, createCertificate, insertClient } from '../../../tests/support/certificates';
import { DAY } from '../../../tests/support/licensing';

const START = Date.parse('2026-06-15T12:00:00Z');
const clock = new TestClock(START);
let ctx: TestContext;
let editor: SignedInCaller;
let clientId: string;
let baseUrl: string;
let keys: SigningPublicKey[];
let client: LicenseClient;
const dir = mkdtempSync(join(tmpdir(), 'lc-client-server-'));

beforeAll(async () => {
  ctx = await createTestApp({ clock, expirySweep: false, env: { VALIDATE_RATE_LIMIT: '0' } });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  editor = await callerAs(ctx, 'editor');
  clientId = (await insertClient(ctx.database.db)).id;
  // The keys the licensed software ships with, fetched once as a vendor would.
  const response = await fetch(`${baseUrl}/api/v1/licensing/public-keys`);
  keys = ((await response.json()) as { data: { keys: SigningPublicKey[] } }).data.keys;
  client = createLicenseClient({ baseUrl, publicKeys: keys, now: () => clock.now().getTime() });
});
afterAll(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A certificate with a 30-day file lifetime, activated, and its (v2) licence file downloaded. */
async function licensed(from = START - DAY, as = editor) {
  const body = certificateBody(clientId, from, { fileLifetimeDays: 30 });
  const certificate = await createCertificate(as, body);
  expect((await as.post(`/certificates/${certificate.uuid}/activate`)).statusCode).toBe(200);
  const download = await as.post(`/certificates/${certificate.uuid}/download`);
  expect(download.statusCode, download.body).toBe(200);
  return { certificate, file: download.json() as LicenseFile };
}

const claimsOf = (file: LicenseFile) => parseLicenseFile(file)!.claims as LicenseClaimsV2;
const at = (ms: number) => clock.set(ms);

describe('the licence client against License Console', () => {
  it('verifies a downloaded v2 file offline with the published keys', async () => {
    const { file, certificate } = await licensed();
    expect(file.format).toBe('license-certificate/v2');
    const verdict = verifyLicense(file, {
      publicKeys: keys,
      now: START,
      serialNumber: certificate.serialNumber,
    });
    expect(verdict).toMatchObject({ valid: true, code: 'VALID' });
  });

  it('checks in: a verified proof with its nonce, and the current licence, verified with the trusted keys', async () => {
    const { file, certificate } = await licensed();
    const result = await client.checkIn({
      license: file,
      serialNumber: certificate.serialNumber,
      machine: { hostname: 'render-01', softwareVersion: '4.2.0' },
    });
    expect(result).toMatchObject({ valid: true, code: 'VALID', licenseVerdict: { code: 'VALID' } });
    expect(result.answer).toMatchObject({ code: 'VALID', certificateId: certificate.uuid });
    expect(result.license).toBeDefined();
    expect(result.keys.map((k) => k.kid)).toContain(file.kid);
  });

  it('validates with a signed answer', async () => {
    const { file, certificate } = await licensed();
    const result = await client.validate({ license: file, serialNumber: certificate.serialNumber });
    expect(result).toMatchObject({ valid: true, code: 'VALID', answer: { code: 'VALID' } });
  });

  it('keeps a file fresh: offline while fresh enough, a check-in and a new file past half its lifetime', async () => {
    const { file, certificate } = await licensed();
    const path = join(dir, `${certificate.uuid}.json`);
    writeFileSync(path, JSON.stringify(file));
    const keeper = createLicenseKeeper({
      client,
      path,
      serialNumber: certificate.serialNumber,
      now: () => clock.now().getTime(),
    });
    const { issuedAt, expiresAt } = claimsOf(file);
    try {
      at(issuedAt + DAY);
      expect(await keeper.check()).toMatchObject({ code: 'VALID', checkedIn: false, replaced: false });
      at(issuedAt + Math.ceil((expiresAt - issuedAt) / 2) + DAY);
      const report = await keeper.check();
      expect(report).toMatchObject({ valid: true, code: 'VALID', checkedIn: true, replaced: true });
      const written = JSON.parse(readFileSync(path, 'utf8')) as LicenseFile;
      expect(claimsOf(written).expiresAt).toBeGreaterThan(expiresAt);
      expect(verifyLicense(written, { publicKeys: keys, now: clock.now().getTime() }).code).toBe('VALID');
    } finally {
      at(START);
    }
  });

  it('hands a renewed licence to an old file, and answers REVOKED with a proof and no file once revoked', async () => {
    const { file, certificate } = await licensed();
    const validTo = certificate.validTo + 365 * DAY;
    expect((await editor.post(`/certificates/${certificate.uuid}/renew`, { validTo })).statusCode).toBe(200);
    const renewed = await client.checkIn({ license: file, serialNumber: certificate.serialNumber });
    expect(claimsOf(renewed.license!).validTo).toBe(validTo);
    expect((await editor.post(`/certificates/${certificate.uuid}/revoke`)).statusCode).toBe(200);
    const revoked = await client.checkIn({ license: file, serialNumber: certificate.serialNumber });
    expect(revoked).toMatchObject({ valid: false, code: 'REVOKED', answer: { code: 'REVOKED' } });
    expect(revoked.license).toBeUndefined();
  });
});

describe('examples/check-in.mjs', () => {
  const example = fileURLToPath(new URL('../examples/check-in.mjs', import.meta.url));
  const run = promisify(execFile);

  it('verifies a licence offline, checks in and writes the fresh file', async () => {
    // The example runs on the real clock: so does the server, for this test.
    const now = Date.now();
    at(now);
    const signedIn = await callerAs(ctx, 'editor');
    const { file, certificate } = await licensed(now - DAY, signedIn).finally(() => at(START));
    at(now);
    const path = join(dir, 'example.json');
    const keysPath = join(dir, 'keys.json');
    writeFileSync(path, JSON.stringify(file));
    writeFileSync(keysPath, JSON.stringify({ data: { keys } }));
    // As the README runs it from the sources (no build of the package): tsx, and the sources' export condition.
    const args = ['--conditions=license-console-source', '--import', 'tsx', example, path];
    const flags = [
      '--serial-number',
      certificate.serialNumber,
      '--server',
      baseUrl,
      '--keys',
      keysPath,
      '--force',
    ];
    const { stdout } = await run(process.execPath, [...args, ...flags]).finally(() => at(START));
    expect(stdout).toContain('offline:  VALID: The licence is valid.');
    expect(stdout).toContain('check-in: VALID (proof verified');
    expect(stdout).toContain('keeper:   VALID: The licence is valid.');
    const written = JSON.parse(readFileSync(path, 'utf8')) as LicenseFile;
    expect(verifyLicense(written, { publicKeys: keys, now }).code).toBe('VALID');
  });
});
