// The keeper against a real local HTTP server: when it checks in, what it writes, and how it works offline.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createLicenseClient, createLicenseKeeper, parseLicenseFile, type LicenseFile } from '../src/index';
import {
  DAY,
  answerOf,
  claimsV1,
  claimsV2,
  closedAddress,
  keyEntry,
  licenseOf,
  proofOf,
  signer,
  standInServer,
} from './support';

const key = signer();
const stranger = signer();
const ISSUED = Date.UTC(2026, 5, 1);
// Signed on 1 June with a 30-day lifetime: due for a check-in from 16 June, expired from 1 July.
const current = licenseOf(claimsV2(key, {}, ISSUED), key.privateKey);
const renewed = licenseOf(claimsV2(key, {}, Date.UTC(2026, 5, 20)), key.privateKey);

const dir = mkdtempSync(join(tmpdir(), 'lc-keeper-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

let files = 0;
/** A licence file on disk. */
function onDisk(license: LicenseFile): string {
  const path = join(dir, `licence-${(files += 1)}.json`);
  writeFileSync(path, JSON.stringify(license));
  return path;
}
const readBack = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as LicenseFile;

/** A stand-in server whose check-in answers `code` with `license`, each proof signed by the trusted key. */
async function checkInServer(code: 'VALID' | 'REVOKED' = 'VALID', license?: LicenseFile) {
  const stand = await standInServer((request) => ({
    body: {
      data: {
        valid: code === 'VALID',
        code,
        message: '',
        ...(license ? { license } : {}),
        proof: proofOf(
          answerOf({
            code,
            nonce: request.body.nonce as string,
            licenseIssuedAt: license ? parseLicenseFile(license)!.claims.issuedAt : null,
          }),
          key,
        ),
        keys: [keyEntry(key)],
      },
    },
  }));
  close = stand.close;
  return stand;
}

function keeperOf(baseUrl: string, path: string, now: number) {
  const client = createLicenseClient({ baseUrl, publicKeys: [keyEntry(key)] });
  return createLicenseKeeper({
    client,
    path,
    serialNumber: 'SN-1',
    machine: { hostname: 'render-01' },
    now: () => now,
  });
}

describe('the licence keeper', () => {
  it('works offline while less than half the lifetime has passed: no call at all', async () => {
    const stand = await checkInServer('VALID', renewed);
    const path = onDisk(current);
    const report = await keeperOf(stand.baseUrl, path, ISSUED + 15 * DAY - 1).check();
    expect(report).toMatchObject({ valid: true, code: 'VALID', checkedIn: false, replaced: false });
    expect(report.checkInDueAt).toBe(ISSUED + 15 * DAY);
    expect(stand.requests).toHaveLength(0);
    expect(readBack(path)).toEqual(current);
  });

  it('checks in once half the lifetime has passed and replaces the file atomically', async () => {
    const stand = await checkInServer('VALID', renewed);
    const path = onDisk(current);
    const report = await keeperOf(stand.baseUrl, path, ISSUED + 15 * DAY).check();
    expect(report).toMatchObject({ code: 'VALID', checkedIn: true, replaced: true });
    expect(report.claims?.issuedAt).toBe(Date.UTC(2026, 5, 20));
    expect(stand.requests[0]!.body).toMatchObject({
      license: current,
      serialNumber: 'SN-1',
      machine: { hostname: 'render-01' },
    });
    expect(readBack(path)).toEqual(renewed);
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('keeps working on its file while the server is unreachable, until expiresAt: then FILE_EXPIRED', async () => {
    const baseUrl = await closedAddress();
    const path = onDisk(current);
    const before = await keeperOf(baseUrl, path, Date.UTC(2026, 5, 30)).check();
    expect(before).toMatchObject({ valid: true, code: 'VALID', checkedIn: false, replaced: false });
    expect(before.error?.name).toBe('NetworkError');
    const after = await keeperOf(baseUrl, path, Date.UTC(2026, 6, 1)).check();
    expect(after).toMatchObject({ valid: false, code: 'FILE_EXPIRED', checkedIn: false });
    expect(after.error?.name).toBe('NetworkError');
    expect(readBack(path)).toEqual(current);
  });

  it('recovers from FILE_EXPIRED with a check-in', async () => {
    const late = licenseOf(claimsV2(key, {}, Date.UTC(2026, 6, 5)), key.privateKey);
    const stand = await checkInServer('VALID', late);
    const path = onDisk(current);
    const report = await keeperOf(stand.baseUrl, path, Date.UTC(2026, 6, 6)).check();
    expect(report).toMatchObject({ code: 'VALID', checkedIn: true, replaced: true });
  });

  it('never writes a returned file that does not verify with the trusted keys', async () => {
    const forged = licenseOf(claimsV2(stranger, {}, Date.UTC(2026, 5, 20)), stranger.privateKey);
    const stand = await checkInServer('VALID', forged);
    const path = onDisk(current);
    const report = await keeperOf(stand.baseUrl, path, ISSUED + 20 * DAY).check();
    expect(report).toMatchObject({ code: 'VALID', checkedIn: false, replaced: false });
    expect(report.error).toMatchObject({ name: 'ProofError', reason: 'LICENSE_INVALID' });
    expect(readBack(path)).toEqual(current);
  });

  it('reports REVOKED from a check-in, keeping the file, and asks again at the next check', async () => {
    const stand = await checkInServer('REVOKED');
    const path = onDisk(current);
    const keeper = keeperOf(stand.baseUrl, path, ISSUED + 20 * DAY);
    expect(await keeper.check()).toMatchObject({
      valid: false,
      code: 'REVOKED',
      checkedIn: true,
      replaced: false,
    });
    expect(await keeper.check()).toMatchObject({ code: 'REVOKED', checkedIn: true });
    expect(stand.requests).toHaveLength(2);
    expect(readBack(path)).toEqual(current);
  });

  it('only verifies a v1 file offline: it has no lifetime to renew', async () => {
    const stand = await checkInServer('VALID', renewed);
    const path = onDisk(licenseOf(claimsV1(key), key.privateKey));
    const report = await keeperOf(stand.baseUrl, path, Date.UTC(2026, 11, 31)).check();
    expect(report).toMatchObject({ code: 'VALID', checkedIn: false, checkInDueAt: null });
    expect(stand.requests).toHaveLength(0);
  });

  it('reports MALFORMED for a missing or broken file without calling the server', async () => {
    const stand = await checkInServer('VALID', renewed);
    expect(await keeperOf(stand.baseUrl, join(dir, 'missing.json'), ISSUED).check()).toMatchObject({
      code: 'MALFORMED',
      checkedIn: false,
    });
    const path = join(dir, 'broken.json');
    writeFileSync(path, '{"format":');
    expect(await keeperOf(stand.baseUrl, path, ISSUED).check()).toMatchObject({ code: 'MALFORMED' });
    expect(stand.requests).toHaveLength(0);
  });
});
