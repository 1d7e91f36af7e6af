// The licence at work on the machine: licence file v2 (grace, lifetime), the check-in, signed answers, the owners'
// defaults and the amendment of terms, overdue check-ins and their webhook, on the real server and database.
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkInResponseSchema,
  validateLicenseResponseSchema,
  type CheckInAnswer,
  type LicenseFileBody,
} from '../../contract/licensing';
import { certificateResponseSchema, certificatesListResponseSchema } from '../../contract/certificates';
import { certificateDefaultsResponseSchema } from '../../contract/license-terms';
import { certificateRecords, webhookEvents } from '../db/schema';
import { runExpirySweep } from '../services/certificates/expiry-sweep';
import { addressBucket } from '../services/shared/minute-limiter';
import { createTestApp, TestClock, type TestContext } from '../../../tests/support/test-app';
import { anonymous, callerAs, type Caller, type SignedInCaller } from '../../../tests/support/callers';
import { certificateBody, createCertificate, insertClient } from '../../../tests/support/certificates';
import { DAY, fetchPublicKeys, withPayloadByteChanged } from '../../../tests/support/licensing';
import { verifyLicense, verifyProof as checkProof } from './verify-license';

/** The proof's claims once it verifies (with the nonce sent); throws otherwise. */
function verifyProof(...args: Parameters<typeof checkProof>) {
  const checked = checkProof(...args);
  if (!checked.ok) throw new Error(`proof refused: ${checked.reason}`);
  return checked.claims;
}

const START = Date.parse('2026-06-15T12:00:00Z');
const clock = new TestClock(START);
let ctx: TestContext;
let owner: SignedInCaller;
let editor: SignedInCaller;
let viewer: SignedInCaller;
let machine: Caller;
let clientId: string;

beforeAll(async () => {
  ctx = await createTestApp({ clock, expirySweep: false, env: { VALIDATE_RATE_LIMIT: '0' } });
  owner = await callerAs(ctx, 'owner');
  editor = await callerAs(ctx, 'editor');
  viewer = await callerAs(ctx, 'viewer');
  machine = anonymous(ctx);
  clientId = (await insertClient(ctx.database.db)).id;
});
afterAll(async () => {
  await ctx.close();
});

/** A certificate created through the API, activated, and its licence file downloaded. */
async function licensed(overrides: Parameters<typeof certificateBody>[2] = {}) {
  const created = await createCertificate(
    editor,
    certificateBody(clientId, clock.now().getTime() - DAY, overrides),
  );
  expect((await editor.post(`/certificates/${created.uuid}/activate`)).statusCode).toBe(200);
  const download = await editor.post(`/certificates/${created.uuid}/download`);
  expect(download.statusCode, download.body).toBe(200);
  return { certificate: created, file: download.json() as LicenseFileBody };
}

const payloadOf = (file: { payload: string }) =>
  JSON.parse(Buffer.from(file.payload, 'base64url').toString('utf8')) as Record<string, unknown>;

async function checkIn(body: Record<string, unknown>, as: Caller = machine): Promise<CheckInAnswer> {
  const response = await as.post('/licensing/check-in', body);
  expect(response.statusCode, response.body).toBe(200);
  return checkInResponseSchema.parse(response.json()).data;
}

async function setDefaults(body: object) {
  const response = await owner.put('/settings/certificate-defaults', body);
  expect(response.statusCode, response.body).toBe(200);
}

describe('licence file formats', () => {
  it('signs v1, exactly as before v2, for a certificate that uses nothing new while the format is v1', async () => {
    await setDefaults({ graceDays: 0, fileLifetimeDays: null, licenseFormat: 'v1' });
    const { file } = await licensed();
    expect(Object.keys(file)).toEqual([
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
    ]);
    expect(file.format).toBe('license-certificate/v1');
    expect(Object.keys(payloadOf(file))).toEqual([
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
    ]);
    // The same certificate with a grace period needs v2, whatever the owners chose.
    const withGrace = await licensed({ graceDays: 7 });
    expect(withGrace.file.format).toBe('license-certificate/v2');
    expect(withGrace.certificate.graceDays).toBe(7);
  });

  it('signs v2 for every certificate once the format is v2, with the reserved claims', async () => {
    await setDefaults({ graceDays: 0, fileLifetimeDays: null, licenseFormat: 'v2' });
    const { file, certificate } = await licensed();
    expect(file.format).toBe('license-certificate/v2');
    const claims = payloadOf(file);
    expect(claims).toMatchObject({
      format: 'license-certificate/v2',
      expiresAt: certificate.validTo,
      graceUntil: certificate.validTo,
      entitlements: [],
      maintenanceUntil: null,
      machineKeyId: null,
    });
    expect(file.format === 'license-certificate/v2' && file.expiresAt).toBe(certificate.validTo);
  });

  it('applies the owners defaults to a create that omits the terms; only owners change them', async () => {
    await setDefaults({ graceDays: 3, fileLifetimeDays: 30, licenseFormat: 'v2' });
    const read = await viewer.get('/settings/certificate-defaults');
    expect(certificateDefaultsResponseSchema.parse(read.json()).data).toEqual({
      graceDays: 3,
      fileLifetimeDays: 30,
      licenseFormat: 'v2',
    });
    const created = await createCertificate(editor, certificateBody(clientId, START));
    expect(created).toMatchObject({ graceDays: 3, fileLifetimeDays: 30 });
    const explicit = await createCertificate(
      editor,
      certificateBody(clientId, START, { graceDays: 0, fileLifetimeDays: null }),
    );
    expect(explicit).toMatchObject({ graceDays: 0, fileLifetimeDays: null });
    const refused = await editor.put('/settings/certificate-defaults', {
      graceDays: 0,
      fileLifetimeDays: null,
      licenseFormat: 'v1',
    });
    expect(refused.statusCode).toBe(403);
    const bad = await owner.put('/settings/certificate-defaults', {
      graceDays: 400,
      fileLifetimeDays: 0,
      licenseFormat: 'v3',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['fileLifetimeDays', 'graceDays', 'licenseFormat']);
    await setDefaults({ graceDays: 0, fileLifetimeDays: null, licenseFormat: 'v2' });
  });
});

describe('check-in', () => {
  it('answers a 1-day lifetime with a file that ends a day after it was signed; offline it is FILE_EXPIRED a day later', async () => {
    const { file, certificate } = await licensed({ fileLifetimeDays: 1 });
    const nonce = 'nonce-0123456789';
    const answer = await checkIn({ license: file, serialNumber: certificate.serialNumber, nonce });
    expect(answer).toMatchObject({ valid: true, code: 'VALID' });
    const fresh = answer.license!;
    const claims = payloadOf(fresh);
    expect(claims.expiresAt).toBe((claims.issuedAt as number) + DAY);
    const keys = await fetchPublicKeys(ctx);
    expect(answer.keys.map((k) => k.kid)).toEqual(keys.map((k) => k.kid));
    const proof = verifyProof(answer.proof, { publicKeys: keys, nonce });
    expect(proof).toMatchObject({ code: 'VALID', nonce, serialNumber: certificate.serialNumber });
    const later = verifyLicense(fresh, { publicKeys: keys, now: (claims.issuedAt as number) + DAY });
    expect(later.code).toBe('FILE_EXPIRED');
    expect(verifyLicense(fresh, { publicKeys: keys, now: clock.now().getTime() }).code).toBe('VALID');
  });

  it('hands the renewed licence to a machine that checks in with the old file', async () => {
    const { file, certificate } = await licensed({ fileLifetimeDays: 30 });
    const validTo = certificate.validTo + 365 * DAY;
    const renewed = await editor.post(`/certificates/${certificate.uuid}/renew`, { validTo });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const answer = await checkIn({ license: file, serialNumber: certificate.serialNumber });
    expect(answer.code).toBe('VALID');
    expect(payloadOf(answer.license!).validTo).toBe(validTo);
  });

  it('answers GRACE (valid) past validTo with 7 grace days, online and offline, and EXPIRED after', async () => {
    const { file, certificate } = await licensed({ graceDays: 7 });
    const keys = await fetchPublicKeys(ctx);
    clock.set(certificate.validTo + DAY);
    try {
      await runExpirySweep(ctx.app.ctx);
      const grace = await checkIn({ license: file, serialNumber: certificate.serialNumber });
      expect(grace).toMatchObject({ valid: true, code: 'GRACE' });
      expect(grace.certificate?.status).toBe('expired');
      const validate = await machine.post('/certificates/validate', { license: file });
      expect(validateLicenseResponseSchema.parse(validate.json()).data).toMatchObject({
        valid: true,
        code: 'GRACE',
      });
      expect(verifyLicense(file, { publicKeys: keys, now: clock.now().getTime() })).toMatchObject({
        valid: true,
        code: 'GRACE',
      });
      clock.set(certificate.validTo + 7 * DAY);
      const ended = await checkIn({ license: file, serialNumber: certificate.serialNumber });
      expect(ended).toMatchObject({ valid: false, code: 'EXPIRED' });
      expect(ended.license).toBeUndefined();
      expect(verifyLicense(file, { publicKeys: keys, now: clock.now().getTime() }).code).toBe('EXPIRED');
      await runExpirySweep(ctx.app.ctx);
      const events = await ctx.database.db
        .select()
        .from(webhookEvents)
        .where(like(webhookEvents.dedupeKey, `certificate.grace_ended:${certificate.uuid}:%`));
      expect(events).toHaveLength(1);
    } finally {
      clock.set(START);
    }
  });

  it('answers a revoked certificate REVOKED with a proof and no file', async () => {
    const { file, certificate } = await licensed();
    expect((await editor.post(`/certificates/${certificate.uuid}/revoke`)).statusCode).toBe(200);
    const nonce = 'revoked-nonce-42';
    const answer = await checkIn({ license: file, serialNumber: certificate.serialNumber, nonce });
    expect(answer).toMatchObject({ valid: false, code: 'REVOKED' });
    expect(answer.license).toBeUndefined();
    const keys = await fetchPublicKeys(ctx);
    expect(verifyProof(answer.proof, { publicKeys: keys, nonce })).toMatchObject({ code: 'REVOKED' });
  });

  it('signs every answer: the proof carries the nonce sent and fails when one payload byte changes', async () => {
    const { file, certificate } = await licensed();
    const keys = await fetchPublicKeys(ctx);
    const nonce = 'abcdefgh12345678';
    const response = await machine.post('/certificates/validate', { license: file, nonce });
    const { proof, code } = validateLicenseResponseSchema.parse(response.json()).data;
    expect(code).toBe('VALID');
    expect(verifyProof(proof, { publicKeys: keys, nonce })).toMatchObject({
      format: 'license-answer/v1',
      code: 'VALID',
      certificateId: certificate.uuid,
      nonce,
      missing: [],
      seatId: null,
      seatExpiresAt: null,
    });
    expect(() => verifyProof(proof, { publicKeys: keys, nonce: 'another-nonce-1' })).toThrow();
    const altered = withPayloadByteChanged(proof as never, '"VALID"', '"VALIE"');
    expect(() => verifyProof(altered, { publicKeys: keys, nonce })).toThrow();
    // A malformed file gets a signed verdict too, naming nothing.
    const malformed = await checkIn({ license: { format: 'x' }, serialNumber: 'SN-1', nonce });
    expect(malformed.code).toBe('MALFORMED');
    expect(verifyProof(malformed.proof, { publicKeys: keys, nonce })).toMatchObject({
      code: 'MALFORMED',
      certificateId: null,
    });
  });

  it('records a good anonymous check-in once a day; a staff check-in records nothing', async () => {
    const { file, certificate } = await licensed({ fileLifetimeDays: 10 });
    const machineInfo = { hostname: 'render-07', softwareVersion: '4.2.1' };
    await checkIn({ license: file, serialNumber: certificate.serialNumber, machine: machineInfo });
    await checkIn({ license: file, serialNumber: certificate.serialNumber, machine: machineInfo });
    await ctx.app.licensing.flushUsage();
    const read = certificateResponseSchema.parse(
      (await viewer.get(`/certificates/${certificate.uuid}`)).json(),
    ).data;
    expect(read).toMatchObject({
      lastCheckInAt: START,
      lastCheckInHostname: 'render-07',
      lastCheckInSoftwareVersion: '4.2.1',
      lastUsedAt: START,
      checkInOverdue: false,
    });
    const records = await ctx.database.db
      .select()
      .from(certificateRecords)
      .where(
        and(
          eq(certificateRecords.certificateId, certificate.uuid),
          eq(certificateRecords.action, 'checked-in'),
        ),
      );
    expect(records).toHaveLength(1);

    const other = await licensed({ fileLifetimeDays: 10 });
    await checkIn({ license: other.file, serialNumber: other.certificate.serialNumber }, viewer);
    await ctx.app.licensing.flushUsage();
    const untouched = certificateResponseSchema.parse(
      (await viewer.get(`/certificates/${other.certificate.uuid}`)).json(),
    ).data;
    expect(untouched.lastCheckInAt).toBeNull();
  });

  it('refuses malformed fields with a 400 naming them, and answers SERIAL_MISMATCH with no file', async () => {
    const response = await machine.post('/licensing/check-in', {
      license: 'text',
      nonce: 'short',
      machine: { hostname: 'x'.repeat(256) },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors).sort()).toEqual([
      'license',
      'machine.hostname',
      'nonce',
      'serialNumber',
    ]);
    const { file } = await licensed();
    const mismatch = await checkIn({ license: file, serialNumber: 'SN-someone-else' });
    expect(mismatch.code).toBe('SERIAL_MISMATCH');
    expect(mismatch.license).toBeUndefined();
  });
});

describe('terms and overdue check-ins', () => {
  it('amends the terms of a signed licence: signed again, history names the change, viewers are refused', async () => {
    const { certificate } = await licensed();
    expect((await viewer.put(`/certificates/${certificate.uuid}/terms`, { graceDays: 5 })).statusCode).toBe(
      403,
    );
    expect((await editor.put(`/certificates/${certificate.uuid}/terms`, {})).statusCode).toBe(400);
    clock.advance(1000);
    try {
      const response = await editor.put(`/certificates/${certificate.uuid}/terms`, {
        graceDays: 5,
        fileLifetimeDays: 30,
      });
      expect(response.statusCode, response.body).toBe(200);
      const amended = certificateResponseSchema.parse(response.json()).data;
      expect(amended).toMatchObject({ graceDays: 5, fileLifetimeDays: 30, status: 'distributed' });
      expect(amended.license).toMatchObject({ format: 'v2', issuedAt: START + 1000 });
      expect(amended.license?.expiresAt).toBe(START + 1000 + 30 * DAY);
      const [history] = await ctx.database.db
        .select()
        .from(certificateRecords)
        .where(
          and(
            eq(certificateRecords.certificateId, certificate.uuid),
            eq(certificateRecords.action, 'updated'),
          ),
        );
      expect(history?.description).toBe(
        'Licence terms changed: grace 0 → 5 days; file lifetime none → 30 days; licence signed again',
      );
      const pending = await createCertificate(editor, certificateBody(clientId, START));
      expect((await editor.put(`/certificates/${pending.uuid}/terms`, { graceDays: 1 })).statusCode).toBe(
        409,
      );
    } finally {
      clock.set(START);
    }
  });

  it('lists overdue certificates under checkIn=overdue and fires the webhook once per overdue period', async () => {
    const { file, certificate } = await licensed({ fileLifetimeDays: 2 });
    // Signed in again after each move of the clock: an access token lives minutes.
    let reader: Caller = viewer;
    const overdue = () => reader.get('/certificates?checkIn=overdue&limit=100');
    const ids = async () => {
      const response = await overdue();
      expect(response.statusCode, response.body).toBe(200);
      return certificatesListResponseSchema.parse(response.json()).data.certificates.map((c) => c.uuid);
    };
    expect(await ids()).not.toContain(certificate.uuid);
    clock.set(START + 3 * DAY);
    try {
      reader = await callerAs(ctx, 'viewer');
      expect(await ids()).toContain(certificate.uuid);
      const list = certificatesListResponseSchema.parse((await overdue()).json()).data;
      expect(list.certificates.every((c) => c.checkInOverdue)).toBe(true);
      expect(list.total).toBe(list.certificates.length);
      const selection = await reader.get('/certificates/ids?checkIn=overdue');
      expect(selection.json().data.ids).toContain(certificate.uuid);
      await runExpirySweep(ctx.app.ctx);
      await runExpirySweep(ctx.app.ctx);
      const events = () =>
        ctx.database.db
          .select()
          .from(webhookEvents)
          .where(like(webhookEvents.dedupeKey, `certificate.check_in_overdue:${certificate.uuid}:%`));
      expect(await events()).toHaveLength(1);
      // A check-in ends the overdue period; going quiet again starts a new one.
      const answer = await checkIn({ license: file, serialNumber: certificate.serialNumber });
      expect(answer.code).toBe('VALID');
      await ctx.app.licensing.flushUsage();
      expect(await ids()).not.toContain(certificate.uuid);
      clock.set(START + 6 * DAY);
      reader = await callerAs(ctx, 'viewer');
      expect(await ids()).toContain(certificate.uuid);
      await runExpirySweep(ctx.app.ctx);
      expect(await events()).toHaveLength(2);
    } finally {
      clock.set(START);
    }
  });

  it('counts an IPv6 client by its /64 and an IPv4 one by its address', () => {
    expect(addressBucket('203.0.113.7')).toBe('203.0.113.7');
    expect(addressBucket('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressBucket('2001:db8:1:2:aaaa::1')).toBe(addressBucket('2001:0db8:0001:0002:ffff:1:2:3'));
    expect(addressBucket('2001:db8:1:2::1')).not.toBe(addressBucket('2001:db8:1:3::1'));
  });
});
