// Signed licences end to end on the server: keys, issuing, the public-keys endpoint, the validate call and its
// usage records, key rotation and the operator key.
import { createPrivateKey, createPublicKey, generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../contract/errors';
import { buildApp } from '../app';
import { certificateRecords, certificates, signingKeys } from '../db/schema';
import { loadEnv } from '../env';
import { createTestApp, json, TestClock, type TestContext } from '../../../tests/support/test-app';
import {
  anonymous,
  callerAs,
  callerWith,
  createApiToken,
  expectSuccess,
  type Caller,
} from '../../../tests/support/callers';
import { openTestDatabase } from '../../../tests/support/test-database';
import {
  DAY,
  docBlock,
  fetchPublicKeys,
  insertCertificate,
  issuedLicense,
  runShell,
  storedFile,
  validateCall,
  withPayloadByteChanged,
  withSignatureByteChanged,
} from '../../../tests/support/licensing';
import { rotateSigningKey } from './keys';
import { createLicenseService } from './license-service';
import { signClaims } from './license-file';
import { kidOf, parseClaims, verifyLicense, type LicenseFile } from './verify-license';

let ctx: TestContext;
const clock = new TestClock(Date.parse('2026-06-15T12:00:00Z'));
const folder = mkdtempSync(join(tmpdir(), 'licensing-test-'));

beforeAll(async () => {
  ctx = await createTestApp({ clock });
});
afterAll(async () => {
  await ctx.close();
  rmSync(folder, { recursive: true, force: true });
});

const usedRecords = (certificateId: string) =>
  ctx.database.db
    .select()
    .from(certificateRecords)
    .where(and(eq(certificateRecords.certificateId, certificateId), eq(certificateRecords.action, 'used')));

const lastUsedAt = async (certificateId: string) => {
  const [row] = await ctx.database.db
    .select({ lastUsedAt: certificates.lastUsedAt })
    .from(certificates)
    .where(eq(certificates.id, certificateId));
  return row?.lastUsedAt?.getTime() ?? null;
};

describe('signing keys and GET /licensing/public-keys', () => {
  it('lists the generated current key without authentication, with its kid derived from the key', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/licensing/public-keys' });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('PRIVATE KEY');
    const keys = await fetchPublicKeys(ctx);
    const current = keys.filter((k) => k.current);
    expect(current).toHaveLength(1);
    for (const key of keys) expect(kidOf(createPublicKey(key.publicKeyPem))).toBe(key.kid);
    const [row] = await ctx.database.db
      .select()
      .from(signingKeys)
      .where(eq(signingKeys.kid, current[0]!.kid));
    expect(row?.privateKeyPem).toContain('PRIVATE KEY');
  });

  it('keeps the same key when the server starts again on the same database', async () => {
    const before = await fetchPublicKeys(ctx);
    const second = await createLicenseService(ctx.app.ctx);
    await second.close();
    expect(await fetchPublicKeys(ctx)).toEqual(before);
  });
});

describe('issued licences', () => {
  it('verify offline with the key from the endpoint and carry the certificate claims', async () => {
    const { certificate, file } = await issuedLicense(ctx, {
      serialNumber: 'MACHINE-001',
      clientName: 'Acme Ærø Animation',
    });
    const keys = await fetchPublicKeys(ctx);
    const verdict = verifyLicense(file, { publicKeys: keys, now: clock.now(), serialNumber: 'MACHINE-001' });
    expect(verdict).toMatchObject({ valid: true, code: 'VALID' });
    // A new database signs v2: the v1 claims, then the file's own end, the grace end and the reserved claims.
    expect(verdict.claims).toEqual({
      format: 'license-certificate/v2',
      certificateId: certificate.id,
      serialNumber: 'MACHINE-001',
      clientId: certificate.clientId,
      clientName: 'Acme Ærø Animation',
      studioCount: 3,
      userCount: 25,
      validFrom: certificate.validFrom.getTime(),
      validTo: certificate.validTo.getTime(),
      issuedAt: clock.now().getTime(),
      expiresAt: certificate.validTo.getTime(),
      graceUntil: certificate.validTo.getTime(),
      entitlements: [],
      maintenanceUntil: null,
      machineKeyId: null,
      kid: keys.find((k) => k.current)!.kid,
    });
    expect(file).toMatchObject({
      serialNumber: 'MACHINE-001',
      clientName: 'Acme Ærø Animation',
      studioCount: 3,
      userCount: 25,
      alg: 'Ed25519',
    });
  });

  it('refuses to rebuild a file for a row without a licence', async () => {
    const certificate = await insertCertificate(ctx);
    await expect(storedFile(ctx, certificate.id)).rejects.toThrow('no licence');
  });

  it('gives SIGNATURE_INVALID for a one-byte change to the payload or the signature, offline and online', async () => {
    const { file } = await issuedLicense(ctx);
    const keys = await fetchPublicKeys(ctx);
    const issuedAt = String(clock.now().getTime());
    const changedPayload = withPayloadByteChanged(
      file,
      `"issuedAt":${issuedAt}`,
      `"issuedAt":${issuedAt.slice(0, -1)}${issuedAt.endsWith('1') ? '2' : '1'}`,
    );
    for (const altered of [changedPayload, withSignatureByteChanged(file)]) {
      expect(verifyLicense(altered, { publicKeys: keys, now: clock.now() }).code).toBe('SIGNATURE_INVALID');
      expect(await validateCall(ctx, altered)).toEqual({
        valid: false,
        code: 'SIGNATURE_INVALID',
        message: 'The licence signature is invalid: the file was altered or not issued by this server.',
      });
    }
  });

  it('gives MALFORMED when a readable copy differs from the payload, or the file is not a licence', async () => {
    const { file } = await issuedLicense(ctx, { userCount: 25 });
    const keys = await fetchPublicKeys(ctx);
    const malformed: unknown[] = [
      { ...file, userCount: 250 },
      { ...file, serialNumber: `${file.serialNumber}X` },
      { ...file, validTo: file.validTo + 1 },
      { ...file, extra: true },
      { ...file, alg: 'RS256' },
      { ...file, payload: `${file.payload}=` },
      {},
    ];
    for (const license of malformed) {
      expect(verifyLicense(license, { publicKeys: keys, now: clock.now() }).code).toBe('MALFORMED');
      expect(await validateCall(ctx, license)).toMatchObject({
        valid: false,
        code: 'MALFORMED',
        message: 'The licence file is malformed.',
      });
    }
  });

  it('still verifies a licence signed before a key rotation, and signs new ones with the new key', async () => {
    const { certificate, file: before } = await issuedLicense(ctx);
    const rotated = await rotateSigningKey(ctx.database.db, clock.now(), null);
    expect(rotated.previousKid).toBe(before.kid);
    const keys = await fetchPublicKeys(ctx);
    expect(keys.map((k) => k.kid)).toEqual(expect.arrayContaining([before.kid, rotated.kid]));
    expect(keys.find((k) => k.current)?.kid).toBe(rotated.kid);

    expect(verifyLicense(before, { publicKeys: keys, now: clock.now() }).code).toBe('VALID');
    expect(await validateCall(ctx, before)).toMatchObject({
      valid: true,
      code: 'VALID',
      certificate: { uuid: certificate.id },
    });

    // A renewal by this running server uses the key another process made current.
    await ctx.database.db.transaction((tx) => ctx.app.licensing.issue(tx, certificate, clock.now()));
    const after = await storedFile(ctx, certificate.id);
    expect(after.kid).toBe(rotated.kid);
    expect(await validateCall(ctx, after)).toMatchObject({ code: 'VALID' });
    expect(
      verifyLicense(after, { publicKeys: [keys.find((k) => k.kid === before.kid)!], now: clock.now() }).code,
    ).toBe('UNKNOWN_KEY');
  });
});

describe('POST /certificates/validate', () => {
  it('answers VALID with the certificate, anonymously and with a staff token', async () => {
    const { certificate, file } = await issuedLicense(ctx, { serialNumber: 'SN-VALID-1' });
    const expected = {
      valid: true,
      code: 'VALID',
      message: 'The licence is valid.',
      certificate: {
        uuid: certificate.id,
        serialNumber: 'SN-VALID-1',
        clientName: certificate.clientName,
        status: 'active',
        validFrom: certificate.validFrom.getTime(),
        validTo: certificate.validTo.getTime(),
      },
    };
    expect(await validateCall(ctx, file, { serialNumber: 'SN-VALID-1' })).toEqual(expected);
    const { headers } = await callerAs(ctx, 'viewer');
    expect(await validateCall(ctx, file, { headers })).toEqual(expected);
  });

  it('refuses a bad staff token with 401 rather than treating the call as anonymous', async () => {
    const { file } = await issuedLicense(ctx);
    const response = await callerWith(ctx, { authorization: 'Bearer not-a-token' }).post(
      '/certificates/validate',
      { license: file },
    );
    expect(response.statusCode).toBe(401);
    expect(errorBodySchema.parse(response.json()).code).toBe('UNAUTHENTICATED');
  });

  it('answers 400 VALIDATION_FAILED for a body without a licence object', async () => {
    const cases: [unknown, string][] = [
      [{}, 'Licence is required'],
      [{ license: 'text' }, 'Licence must be a JSON object'],
      [{ license: [1, 2] }, 'Licence must be a JSON object'],
      [{ license: null }, 'Licence must be a JSON object'],
      [{ license: {}, serialNumber: 42 }, 'Serial number must be text'],
      [[{ license: {} }], 'Licence is required'],
    ];
    for (const [payload, message] of cases) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/certificates/validate',
        payload: payload as object,
      });
      expect(response.statusCode).toBe(400);
      const body = errorBodySchema.parse(response.json());
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.message).toBe(message);
    }
    const noBody = await ctx.app.inject({ method: 'POST', url: '/api/v1/certificates/validate' });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Licence is required' });
  });

  it('gives REVOKED, NOT_YET_VALID, EXPIRED and SERIAL_MISMATCH in the documented order', async () => {
    const revoked = await issuedLicense(ctx, { serialNumber: 'SN-REVOKED' });
    await ctx.database.db
      .update(certificates)
      .set({ status: 'revoked' })
      .where(eq(certificates.id, revoked.certificate.id));
    // Revocation wins over everything after it, including a wrong serial and an expired period.
    expect(await validateCall(ctx, revoked.file, { serialNumber: 'OTHER' })).toMatchObject({
      valid: false,
      code: 'REVOKED',
      certificate: { status: 'revoked' },
    });

    const future = await issuedLicense(ctx, {
      validFrom: new Date(clock.now().getTime() + DAY),
      validTo: new Date(clock.now().getTime() + 30 * DAY),
    });
    expect(await validateCall(ctx, future.file, { serialNumber: 'OTHER' })).toMatchObject({
      code: 'NOT_YET_VALID',
      message: 'The licence is not valid yet.',
    });

    // Half-open: valid at validFrom, expired at validTo.
    const now = clock.now().getTime();
    const edge = await issuedLicense(ctx, { validFrom: new Date(now), validTo: new Date(now + DAY) });
    expect(await validateCall(ctx, edge.file)).toMatchObject({ code: 'VALID' });
    const ended = await issuedLicense(ctx, { validFrom: new Date(now - DAY), validTo: new Date(now) });
    // Past due but not swept yet: the answer already shows it expired, as every other read does.
    expect(await validateCall(ctx, ended.file, { serialNumber: 'OTHER' })).toMatchObject({
      code: 'EXPIRED',
      message: 'The licence has expired.',
      certificate: { status: 'expired' },
    });

    const markedExpired = await issuedLicense(ctx);
    await ctx.database.db
      .update(certificates)
      .set({ status: 'expired' })
      .where(eq(certificates.id, markedExpired.certificate.id));
    expect(await validateCall(ctx, markedExpired.file)).toMatchObject({
      code: 'EXPIRED',
      certificate: { status: 'expired' },
    });

    const bound = await issuedLicense(ctx, { serialNumber: 'SN-BOUND' });
    expect(await validateCall(ctx, bound.file, { serialNumber: 'SN-OTHER' })).toMatchObject({
      valid: false,
      code: 'SERIAL_MISMATCH',
    });
    expect(await validateCall(ctx, bound.file, { serialNumber: ' SN-BOUND ' })).toMatchObject({
      valid: true,
      code: 'VALID',
    });
  });

  it('gives UNKNOWN_KEY for a licence signed with a key the server never had', async () => {
    const { file } = await issuedLicense(ctx);
    const stranger = generateKeyPairSync('ed25519');
    const kid = kidOf(stranger.publicKey);
    const claims = { ...parseClaims(Buffer.from(file.payload, 'base64url'))!, kid };
    const forged: LicenseFile = { ...file, ...signClaims(claims, stranger.privateKey), kid };
    expect(await validateCall(ctx, forged)).toEqual({
      valid: false,
      code: 'UNKNOWN_KEY',
      message: 'The licence is signed with an unknown key.',
    });
  });

  it('gives NOT_FOUND for a well-signed licence of a certificate the server does not have', async () => {
    const { file } = await issuedLicense(ctx);
    const [key] = await ctx.database.db.select().from(signingKeys).where(eq(signingKeys.kid, file.kid));
    const claims = { ...parseClaims(Buffer.from(file.payload, 'base64url'))!, certificateId: randomUUID() };
    const orphan: LicenseFile = { ...file, ...signClaims(claims, createPrivateKey(key!.privateKeyPem!)) };
    expect(await validateCall(ctx, orphan)).toEqual({
      valid: false,
      code: 'NOT_FOUND',
      message: 'No certificate matches this licence.',
    });
  });

  it('sets lastUsedAt and records `used` at most once per certificate per UTC day, by System', async () => {
    const { certificate, file } = await issuedLicense(ctx);
    const first = clock.now().getTime();
    expect((await validateCall(ctx, file)).code).toBe('VALID');
    clock.advance(60_000);
    expect((await validateCall(ctx, file)).code).toBe('VALID');
    // An invalid answer is not a use.
    expect((await validateCall(ctx, file, { serialNumber: 'SOMEONE-ELSE' })).code).toBe('SERIAL_MISMATCH');
    await ctx.app.licensing.flushUsage();
    expect(await lastUsedAt(certificate.id)).toBe(first + 60_000);
    let records = await usedRecords(certificate.id);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ actorId: null, actorName: null, usedDay: '2026-06-15' });
    expect(records[0]!.createdAt.getTime()).toBe(first);

    // Another server process (its own service, same database) checking the same day adds nothing.
    const otherProcess = await createLicenseService(ctx.app.ctx);
    expect((await otherProcess.validate(file)).code).toBe('VALID');
    await otherProcess.close();
    expect(await usedRecords(certificate.id)).toHaveLength(1);

    clock.advance(DAY);
    expect((await validateCall(ctx, file)).code).toBe('VALID');
    await ctx.app.licensing.flushUsage();
    records = await usedRecords(certificate.id);
    expect(records.map((r) => r.usedDay).sort()).toEqual(['2026-06-15', '2026-06-16']);
    expect(await lastUsedAt(certificate.id)).toBe(clock.now().getTime());

    const history = await (await callerAs(ctx, 'viewer')).get(`/certificates/${certificate.id}/records`);
    expect(history.statusCode).toBe(200);
    const used = json<{ data: { action: string }[] }>(history).data.filter((r) => r.action === 'used');
    expect(used).toHaveLength(2);
  });

  it('counts a check by a machine or an API token as use, not one by a signed-in staff member', async () => {
    const { certificate, file } = await issuedLicense(ctx);
    const editor = await callerAs(ctx, 'editor');
    const byStaff = await editor.post('/certificates/validate', { license: file });
    expect(json<{ data: { code: string } }>(byStaff).data.code).toBe('VALID');
    await ctx.app.licensing.flushUsage();
    expect(await lastUsedAt(certificate.id)).toBeNull();
    expect(await usedRecords(certificate.id)).toHaveLength(0);

    const admin = await callerAs(ctx, 'admin');
    const { caller: integration } = await createApiToken(ctx, admin, {
      name: 'Field checks',
      role: 'viewer',
    });
    clock.advance(60_000);
    const byToken = await integration.post('/certificates/validate', { license: file });
    expect(json<{ data: { code: string } }>(byToken).data.code).toBe('VALID');
    await ctx.app.licensing.flushUsage();
    expect(await lastUsedAt(certificate.id)).toBe(clock.now().getTime());
    expect(await usedRecords(certificate.id)).toHaveLength(1);
  });
});

describe('GET /certificates/{id}/license-check', () => {
  const allRecords = (certificateId: string) =>
    ctx.database.db
      .select()
      .from(certificateRecords)
      .where(eq(certificateRecords.certificateId, certificateId));

  it("checks the stored licence for the certificate's own serial, recording nothing", async () => {
    const { certificate } = await issuedLicense(ctx, { status: 'active' });
    const before = await allRecords(certificate.id);
    const viewer = await callerAs(ctx, 'viewer');
    const response = await viewer.get(`/certificates/${certificate.id}/license-check`);
    const { data } = json<{ data: { valid: boolean; code: string; certificate: { serialNumber: string } } }>(
      response,
    );
    expect(response.statusCode).toBe(200);
    expect(data).toMatchObject({ valid: true, code: 'VALID' });
    expect(data.certificate.serialNumber).toBe(certificate.serialNumber);
    await ctx.app.licensing.flushUsage();
    expect(await lastUsedAt(certificate.id)).toBeNull();
    expect(await allRecords(certificate.id)).toEqual(before);
    const [row] = await ctx.database.db
      .select({ status: certificates.status })
      .from(certificates)
      .where(eq(certificates.id, certificate.id));
    expect(row?.status).toBe('active');
  });

  it('answers the verdict the validate call gives, such as REVOKED', async () => {
    const { certificate } = await issuedLicense(ctx, { status: 'revoked' });
    const viewer = await callerAs(ctx, 'viewer');
    const response = await viewer.get(`/certificates/${certificate.id}/license-check`);
    expect(json<{ data: { valid: boolean; code: string } }>(response).data).toMatchObject({
      valid: false,
      code: 'REVOKED',
    });
  });

  it('answers 409 for a certificate never signed, 404 for an unknown id and 401 without a session', async () => {
    const pending = await insertCertificate(ctx, { status: 'pending' });
    const viewer = await callerAs(ctx, 'viewer');
    const unsigned = await viewer.get(`/certificates/${pending.id}/license-check`);
    expect(unsigned.statusCode).toBe(409);
    expect(errorBodySchema.parse(json(unsigned)).message).toBe(
      'This certificate has no licence yet: it is signed when it is activated',
    );
    expect((await viewer.get(`/certificates/${randomUUID()}/license-check`)).statusCode).toBe(404);
    expect((await anonymous(ctx).get(`/certificates/${pending.id}/license-check`)).statusCode).toBe(401);
  });

  it("shows the licence's key id and signing time on the certificate, null before it is signed", async () => {
    const { certificate, file } = await issuedLicense(ctx, { status: 'active' });
    const pending = await insertCertificate(ctx, { status: 'pending' });
    const viewer = await callerAs(ctx, 'viewer');
    type Shown = { data: { license: { kid: string; issuedAt: number } | null } };
    const signed = json<Shown>(await viewer.get(`/certificates/${certificate.id}`)).data.license;
    expect(signed).toEqual({
      kid: file.kid,
      format: 'v2',
      issuedAt: clock.now().getTime(),
      expiresAt: certificate.validTo.getTime(),
    });
    expect(json<Shown>(await viewer.get(`/certificates/${pending.id}`)).data.license).toBeNull();
  });
});

describe('usage timing', () => {
  it('makes lastUsedAt visible within a few seconds without an explicit flush', async () => {
    const { certificate, file } = await issuedLicense(ctx);
    expect((await validateCall(ctx, file)).code).toBe('VALID');
    const deadline = Date.now() + 5000;
    while ((await lastUsedAt(certificate.id)) === null && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    expect(await lastUsedAt(certificate.id)).toBe(clock.now().getTime());
  });

  it('limits anonymous calls per client address with 429 and Retry-After, but not staff calls', async () => {
    const { file } = await issuedLicense(ctx);
    const call = (remoteAddress: string, as: Caller = anonymous(ctx)) =>
      as.post('/certificates/validate', { license: file }, { remoteAddress });
    for (let i = 0; i < 60; i += 1) expect((await call('10.77.0.1')).statusCode).toBe(200);
    const limited = await call('10.77.0.1');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const body = errorBodySchema.parse(limited.json());
    expect(body.code).toBe('RATE_LIMITED');
    expect(body.message).toMatch(/^Too many attempts\. Try again in \d+ seconds?\.$/);
    expect((await call('10.77.0.2')).statusCode).toBe(200);
    expect((await call('10.77.0.1', await callerAs(ctx, 'viewer'))).statusCode).toBe(200);
  });

  it('lets the openssl commands of docs/licence-file.md verify a file the server issued', async () => {
    const { file } = await issuedLicense(ctx);
    const key = (await fetchPublicKeys(ctx)).find((k) => k.kid === file.kid)!;
    writeFileSync(join(folder, 'issued.json'), JSON.stringify(file));
    writeFileSync(join(folder, 'issued.pem'), key.publicKeyPem);
    const env = { LICENSE: 'issued.json', PUBLIC_KEY: 'issued.pem' };
    const { stdout } = await runShell(docBlock('verify-commands'), { cwd: folder, env });
    expect(stdout).toContain('Signature Verified Successfully');
    expect(stdout).toContain(`"serialNumber":"${file.serialNumber}"`);
    expect((await runShell(docBlock('kid-command'), { cwd: folder, env })).stdout.trim()).toBe(file.kid);
  });
});

/** The error building the app with this key file throws (null if it starts). */
async function startError(keyFile: string): Promise<Error | null> {
  const database = await openTestDatabase();
  try {
    const app = await buildApp({
      database,
      env: loadEnv({ LOG_LEVEL: 'silent', LICENSE_SIGNING_KEY_FILE: keyFile }),
      consoleDir: '/nonexistent',
    });
    await app.close();
    return null;
  } catch (error) {
    return error as Error;
  } finally {
    await database.close();
  }
}

describe('the certificate lifecycle through the API', () => {
  it('activates, renews, downloads a file that validates and passes openssl, then revokes; history shows each step', async () => {
    const editor = await callerAs(ctx, 'editor');
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      expectSuccess(editor, method, url, payload);
    const client = json<{ data: { uuid: string } }>(
      await call('POST', '/clients', { name: `Flow Studio ${randomUUID().slice(0, 6)}` }),
    ).data;
    const now = clock.now().getTime();
    const created = json<{ data: { uuid: string } }>(
      await call('POST', '/certificates', {
        clientId: client.uuid,
        serialNumber: 'FLOW/001:A',
        studioCount: 2,
        userCount: 5,
        validFrom: now - DAY,
        validTo: now + 365 * DAY,
        notes: '',
      }),
    ).data;
    const id = created.uuid;
    await call('POST', `/certificates/${id}/activate`);
    const firstIssue = await storedFile(ctx, id);
    clock.advance(60_000);
    await call('POST', `/certificates/${id}/generate`);
    const renewed = await storedFile(ctx, id);
    expect(renewed.payload).not.toBe(firstIssue.payload);

    const download = await call('POST', `/certificates/${id}/download`);
    expect(download.headers['content-disposition']).toBe('attachment; filename="license-FLOW_001_A.json"');
    const file = download.json() as LicenseFile;
    expect(await validateCall(ctx, file, { serialNumber: 'FLOW/001:A' })).toMatchObject({
      valid: true,
      code: 'VALID',
      certificate: { uuid: id, status: 'distributed' },
    });
    // The licence of the first activation is still good: renewal changed no claim.
    expect(await validateCall(ctx, firstIssue)).toMatchObject({ code: 'VALID' });
    expect(
      verifyLicense(file, {
        publicKeys: await fetchPublicKeys(ctx),
        now: clock.now(),
        serialNumber: 'FLOW/001:A',
      }).code,
    ).toBe('VALID');

    // The openssl commands of the docs, on the body exactly as downloaded.
    writeFileSync(join(folder, 'downloaded.json'), download.rawPayload);
    writeFileSync(
      join(folder, 'downloaded.pem'),
      (await fetchPublicKeys(ctx)).find((k) => k.kid === file.kid)!.publicKeyPem,
    );
    const { stdout } = await runShell(docBlock('verify-commands'), {
      cwd: folder,
      env: { LICENSE: 'downloaded.json', PUBLIC_KEY: 'downloaded.pem' },
    });
    expect(stdout).toContain('Signature Verified Successfully');

    await ctx.app.licensing.flushUsage();
    await call('POST', `/certificates/${id}/revoke`, { reason: 'Machine retired' });
    expect(await validateCall(ctx, file)).toMatchObject({
      valid: false,
      code: 'REVOKED',
      certificate: { uuid: id, status: 'revoked' },
    });

    const records = json<{ data: { action: string }[] }>(
      await call('GET', `/certificates/${id}/records`),
    ).data.map((r) => r.action);
    expect(records).toEqual(
      expect.arrayContaining(['created', 'activated', 'renewed', 'downloaded', 'used', 'revoked']),
    );
    expect(records.filter((a) => a === 'used')).toHaveLength(1);
  });
});

describe('renewal (POST /certificates/{id}/generate)', () => {
  it('signs the very claims of the first issue again, even after the client was renamed: only issuedAt and kid may change', async () => {
    const admin = await callerAs(ctx, 'admin');
    const call = (method: 'POST' | 'PUT', url: string, payload: object = {}) =>
      expectSuccess(admin, method, url, payload);
    const name = `Renamed Later ${randomUUID().slice(0, 6)}`;
    const client = json<{ data: { uuid: string } }>(await call('POST', '/clients', { name })).data;
    const now = clock.now().getTime();
    const { uuid: id } = json<{ data: { uuid: string } }>(
      await call('POST', '/certificates', {
        clientId: client.uuid,
        serialNumber: `RENEW-${randomUUID().slice(0, 6)}`,
        studioCount: 1,
        userCount: 1,
        validFrom: now - DAY,
        validTo: now + 90 * DAY,
        notes: '',
      }),
    ).data;
    await call('POST', `/certificates/${id}/activate`);
    const first = await storedFile(ctx, id);
    await call('PUT', `/clients/${client.uuid}`, { name: `${name} (new name)` });
    clock.advance(60_000);
    await call('POST', `/certificates/${id}/generate`);
    const renewed = await storedFile(ctx, id);

    const claimsOf = (file: LicenseFile) => parseClaims(Buffer.from(file.payload, 'base64url'))!;
    const { issuedAt: firstIssuedAt, kid: _firstKid, ...firstClaims } = claimsOf(first);
    const { issuedAt: renewedIssuedAt, kid: _renewedKid, ...renewedClaims } = claimsOf(renewed);
    expect(renewedClaims).toEqual(firstClaims);
    expect(renewed.clientName).toBe(name);
    expect(renewedIssuedAt).toBe(firstIssuedAt + 60_000);
  });
});

describe('secrecy of private keys', () => {
  it('never writes a private key into a log line, even at trace level', async () => {
    const lines: string[] = [];
    const database = await openTestDatabase();
    const env = loadEnv({ LOG_LEVEL: 'trace', VALIDATE_RATE_LIMIT: '1' });
    const app = await buildApp({
      database,
      env,
      logger: { level: 'trace', stream: { write: (line: string) => void lines.push(line) } },
      consoleDir: '/nonexistent',
    });
    try {
      const own = { app, database };
      const { file } = await issuedLicense(own);
      await validateCall(own, file);
      await validateCall(own, withSignatureByteChanged(file));
      await fetchPublicKeys(own);
      await app.licensing.flushUsage();
    } finally {
      await app.close();
    }
    const keys = await database.db.select().from(signingKeys);
    await database.close();
    const log = lines.join('');
    expect(log).toContain('licence signed');
    expect(log).not.toContain('PRIVATE KEY');
    for (const key of keys) {
      const body = key.privateKeyPem!.split('\n').filter((l) => l && !l.startsWith('-----'));
      for (const chunk of body) expect(log).not.toContain(chunk);
    }
  });
});

describe('LICENSE_SIGNING_KEY_FILE', () => {
  it('signs with the operator key, storing only its public half', async () => {
    const operator = generateKeyPairSync('ed25519');
    const path = join(folder, 'operator-key.pem');
    writeFileSync(path, operator.privateKey.export({ type: 'pkcs8', format: 'pem' }));
    const own = await createTestApp({ clock, env: { LICENSE_SIGNING_KEY_FILE: path } });
    try {
      const kid = kidOf(operator.publicKey);
      const keys = await fetchPublicKeys(own);
      expect(keys.filter((k) => k.current).map((k) => k.kid)).toEqual([kid]);
      const [row] = await own.database.db.select().from(signingKeys).where(eq(signingKeys.kid, kid));
      expect(row?.privateKeyPem).toBeNull();
      const { file } = await issuedLicense(own);
      expect(file.kid).toBe(kid);
      expect(verifyLicense(file, { publicKeys: [operator.publicKey], now: clock.now() }).code).toBe('VALID');
      expect(await validateCall(own, file)).toMatchObject({ code: 'VALID' });
    } finally {
      await own.close();
    }
  });

  it('stops the start with a message naming the variable and file, never the key', async () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const pem = rsa.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const path = join(folder, 'rsa-key.pem');
    writeFileSync(path, pem);
    const failure = await startError(path);
    expect(failure?.message).toBe(`LICENSE_SIGNING_KEY_FILE: ${path} is not an Ed25519 key`);
    const garbage = join(folder, 'garbage.pem');
    writeFileSync(garbage, 'secret-material-that-must-not-leak');
    const second = await startError(garbage);
    expect(second?.message).toBe(`LICENSE_SIGNING_KEY_FILE: ${garbage} is not a private key in PEM`);
    expect(second?.message).not.toContain('secret-material');
  });
});
