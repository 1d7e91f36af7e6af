// Renewing a certificate and moving it to another machine: the same certificate signed again with its
// new end and counts, the old file still verifying offline; a transfer that revokes the old certificate and makes
// a linked, signed one for the new serial; and every refusal a 4xx that writes nothing.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RENEWAL_MESSAGES, certificateResponseSchema, type Certificate } from '../../contract/certificates';
import { DAY_MS } from '../../contract/constants';
import { errorBodySchema } from '../../contract/errors';
import { certificates } from '../db/schema';
import { verifyLicense } from '../licensing/verify-license';
import { callerAs, type SignedInCaller } from '../../../tests/support/callers';
import {
  activitiesOf,
  certificateBody,
  certificateInStatus,
  expectCountersConsistent,
  historyActions,
  insertClient,
  stepRequest,
  uniqueSerial,
  type ClientFixture,
} from '../../../tests/support/certificates';
import { fetchPublicKeys, storedFile, validateCall } from '../../../tests/support/licensing';
import { createTestApp, TestClock, type TestContext } from '../../../tests/support/test-app';

let ctx: TestContext;
let clock: TestClock;
let editor: SignedInCaller;
let client: ClientFixture;
const START = Date.UTC(2026, 0, 1);

beforeAll(async () => {
  clock = new TestClock(START + 10 * DAY_MS);
  ctx = await createTestApp({ clock, env: { ACCESS_TOKEN_TTL_SECONDS: '86400' } });
  editor = await callerAs(ctx, 'editor');
  client = await insertClient(ctx.database.db);
});
afterAll(() => ctx.close());

const certificateOf = (response: { json(): unknown }) =>
  certificateResponseSchema.parse(response.json()).data;
const errorOf = (response: { json(): unknown }) => errorBodySchema.parse(response.json());
const body = (overrides: Parameters<typeof certificateBody>[2] = {}) =>
  certificateBody(client.id, START, { validTo: START + 365 * DAY_MS, ...overrides });

/** The stored row's columns a refused call must leave as they were. */
async function snapshot(id: string) {
  const [row] = await ctx.database.db.select().from(certificates).where(eq(certificates.id, id));
  return { row, history: await historyActions(ctx.database.db, id) };
}

describe('renewing', () => {
  it('gives an active certificate a later end and more seats, signed again; the old file still verifies offline', async () => {
    const created = await certificateInStatus(editor, 'active', body({ userCount: 10 }));
    const oldFile = await storedFile(ctx, created.uuid);
    const newEnd = START + 2 * 365 * DAY_MS;

    const response = await editor.post(`/certificates/${created.uuid}/renew`, {
      validTo: newEnd,
      userCount: 25,
    });
    expect(response.statusCode, response.body).toBe(200);
    const renewed = certificateOf(response);
    expect(renewed).toMatchObject({
      uuid: created.uuid,
      serialNumber: created.serialNumber,
      clientId: client.id,
      validFrom: created.validFrom,
      validTo: newEnd,
      userCount: 25,
      studioCount: created.studioCount,
      status: 'active',
    });

    const keys = (await fetchPublicKeys(ctx)).map((key) => key.publicKeyPem);
    const newFile = await storedFile(ctx, created.uuid);
    const fresh = verifyLicense(newFile, { publicKeys: keys, now: clock.now() });
    expect(fresh.code).toBe('VALID');
    expect(fresh.claims).toMatchObject({ validTo: newEnd, userCount: 25, certificateId: created.uuid });
    // The file handed out before keeps verifying offline until its own end, with its own claims.
    const old = verifyLicense(oldFile, { publicKeys: keys, now: clock.now() });
    expect(old.code).toBe('VALID');
    expect(old.claims).toMatchObject({ validTo: created.validTo, userCount: 10 });

    const records = (await editor.get(`/certificates/${created.uuid}/records`)).json() as {
      data: { action: string; description: string }[];
    };
    expect(records.data[0]).toMatchObject({
      action: 'renewed',
      description: 'Renewed: Valid to Jan 1, 2027 → Jan 1, 2028; users 10 → 25',
    });
    const activity = await activitiesOf(ctx.database.db, created.uuid);
    expect(activity.at(-1)?.description).toBe(
      `Certificate ${created.serialNumber} for ${client.name} renewed: Valid to Jan 1, 2027 → Jan 1, 2028; users 10 → 25`,
    );
    await expectCountersConsistent(ctx.database.db);
  });

  it('makes a distributed certificate active again, so the new file is downloaded and distributed as usual', async () => {
    const created = await certificateInStatus(editor, 'distributed', body());
    const response = await editor.post(`/certificates/${created.uuid}/renew`, {
      validTo: created.validTo + 30 * DAY_MS,
    });
    expect(certificateOf(response).status).toBe('active');
    expect((await stepRequest(editor, created.uuid, 'download')).statusCode).toBe(200);
    expect(certificateOf(await editor.get(`/certificates/${created.uuid}`)).status).toBe('distributed');
    await expectCountersConsistent(ctx.database.db);
  });

  it('brings a lapsed certificate back: expired before, active and VALID after', async () => {
    const lapsing = clock.now().getTime() + 60 * 60 * 1000;
    const created = await certificateInStatus(editor, 'active', body({ validFrom: START, validTo: lapsing }));
    clock.advance(2 * 60 * 60 * 1000);
    try {
      expect(certificateOf(await editor.get(`/certificates/${created.uuid}`)).status).toBe('expired');
      const response = await editor.post(`/certificates/${created.uuid}/renew`, {
        validTo: START + 400 * DAY_MS,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(certificateOf(response).status).toBe('active');
      expect((await validateCall(ctx, await storedFile(ctx, created.uuid))).code).toBe('VALID');
    } finally {
      clock.advance(-2 * 60 * 60 * 1000);
    }
    await expectCountersConsistent(ctx.database.db);
  });

  it('keeps the end date when only the seats change, and refuses a request that changes nothing', async () => {
    const created = await certificateInStatus(editor, 'active', body({ studioCount: 2 }));
    const same = await editor.post(`/certificates/${created.uuid}/renew`, { validTo: created.validTo });
    expect(same.statusCode).toBe(400);
    expect(errorOf(same).errors).toEqual({ validTo: RENEWAL_MESSAGES.validToNotLater });
    const seats = await editor.post(`/certificates/${created.uuid}/renew`, {
      validTo: created.validTo,
      studioCount: 5,
    });
    expect(seats.statusCode, seats.body).toBe(200);
    expect(certificateOf(seats)).toMatchObject({ validTo: created.validTo, studioCount: 5 });
  });

  it('lowers seats only while the signed licence has not been downloaded', async () => {
    const kept = await certificateInStatus(editor, 'active', body({ userCount: 10 }));
    const lowered = await editor.post(`/certificates/${kept.uuid}/renew`, {
      validTo: kept.validTo + DAY_MS,
      userCount: 5,
    });
    expect(lowered.statusCode, lowered.body).toBe(200);

    const handedOut = await certificateInStatus(editor, 'distributed', body({ userCount: 10 }));
    const before = await snapshot(handedOut.uuid);
    const refused = await editor.post(`/certificates/${handedOut.uuid}/renew`, {
      validTo: handedOut.validTo + DAY_MS,
      userCount: 5,
    });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).errors).toEqual({ userCount: RENEWAL_MESSAGES.seatsLowered('User count', 10) });
    expect(await snapshot(handedOut.uuid)).toEqual(before);
  });

  it('refuses an earlier end, a past end, and pending or revoked certificates, writing nothing', async () => {
    const active = await certificateInStatus(editor, 'active', body());
    const before = await snapshot(active.uuid);
    const earlier = await editor.post(`/certificates/${active.uuid}/renew`, {
      validTo: active.validTo - DAY_MS,
    });
    expect(errorOf(earlier).errors).toEqual({ validTo: RENEWAL_MESSAGES.validToNotLater });
    expect(await snapshot(active.uuid)).toEqual(before);

    for (const status of ['pending', 'revoked'] as const) {
      const other = await certificateInStatus(editor, status, body());
      const response = await editor.post(`/certificates/${other.uuid}/renew`, {
        validTo: other.validTo + DAY_MS,
      });
      expect(response.statusCode).toBe(409);
      expect(errorOf(response)).toMatchObject({
        code: 'INVALID_TRANSITION',
        message: `Cannot renew a certificate that is ${status}`,
      });
    }
    const viewer = await callerAs(ctx, 'viewer');
    expect(
      (await viewer.post(`/certificates/${active.uuid}/renew`, { validTo: active.validTo + DAY_MS }))
        .statusCode,
    ).toBe(403);
    const junk = await editor.post(`/certificates/${active.uuid}/renew`, { validTo: 'soon' });
    expect(junk.statusCode).toBe(400);
  });

  it('refuses an end that would overlap a later certificate of the same serial number', async () => {
    const serialNumber = uniqueSerial('OVL');
    const first = await certificateInStatus(
      editor,
      'active',
      body({ serialNumber, validTo: START + 100 * DAY_MS }),
    );
    await certificateInStatus(
      editor,
      'pending',
      body({ serialNumber, validFrom: START + 200 * DAY_MS, validTo: START + 300 * DAY_MS }),
    );
    const response = await editor.post(`/certificates/${first.uuid}/renew`, {
      validTo: START + 250 * DAY_MS,
    });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).message).toContain(
      `Serial number ${serialNumber} already has a pending certificate`,
    );
  });

  it('keeps the compatible re-sign: same claims, recorded as renewed with its own description', async () => {
    const created = await certificateInStatus(editor, 'active', body());
    expect((await stepRequest(editor, created.uuid, 'generate')).statusCode).toBe(200);
    const records = (await editor.get(`/certificates/${created.uuid}/records`)).json() as {
      data: { action: string; description: string }[];
    };
    expect(records.data[0]).toMatchObject({
      action: 'renewed',
      description: 'Licence signed again, claims unchanged',
    });
  });
});

describe('transferring to a new machine', () => {
  it('revokes the old certificate and answers a linked, signed, active one for the new serial', async () => {
    const old = await certificateInStatus(editor, 'distributed', body());
    const oldFile = await storedFile(ctx, old.uuid);
    const serialNumber = uniqueSerial('NEW');
    const response = await editor.post(`/certificates/${old.uuid}/transfer`, {
      serialNumber,
      reason: 'Disk failed',
    });
    expect(response.statusCode, response.body).toBe(201);
    const moved: Certificate = certificateOf(response);
    expect(moved).toMatchObject({
      serialNumber,
      clientId: client.id,
      studioCount: old.studioCount,
      userCount: old.userCount,
      validFrom: clock.now().getTime(),
      validTo: old.validTo,
      status: 'active',
    });
    expect(moved.uuid).not.toBe(old.uuid);

    expect(certificateOf(await editor.get(`/certificates/${old.uuid}`)).status).toBe('revoked');
    expect((await validateCall(ctx, oldFile)).code).toBe('REVOKED');
    const newFile = await storedFile(ctx, moved.uuid);
    expect((await validateCall(ctx, newFile, { serialNumber })).code).toBe('VALID');

    const [oldRow] = await ctx.database.db.select().from(certificates).where(eq(certificates.id, old.uuid));
    const [newRow] = await ctx.database.db.select().from(certificates).where(eq(certificates.id, moved.uuid));
    expect(oldRow?.transferredToId).toBe(moved.uuid);
    expect(newRow?.transferredFromId).toBe(old.uuid);

    const history = (id: string) =>
      editor
        .get(`/certificates/${id}/records`)
        .then((r) => (r.json() as { data: { action: string; description: string }[] }).data);
    expect((await history(old.uuid))[0]).toMatchObject({
      action: 'revoked',
      description: `Certificate revoked: Transferred to ${serialNumber}: Disk failed`,
    });
    // The anonymous check above is a use, written by the usage batch on its own timer: flushed here so the history
    // is read after it, not raced by it.
    await ctx.app.licensing.flushUsage();
    const movedHistory = await history(moved.uuid);
    expect(movedHistory.filter((r) => r.action === 'used')).toHaveLength(1);
    expect(
      movedHistory.filter((r) => r.action !== 'used').map((r) => [r.action, r.description.split(/[:;]/)[0]]),
    ).toEqual([
      ['activated', `Transferred from ${old.serialNumber}`],
      ['created', `Transferred from ${old.serialNumber}`],
    ]);
    await expectCountersConsistent(ctx.database.db);
  });

  it('refuses the same serial, an invalid one, an overlapping one and a pending certificate, writing nothing', async () => {
    const active = await certificateInStatus(editor, 'active', body());
    const taken = await certificateInStatus(editor, 'active', body());
    const before = await snapshot(active.uuid);
    const count = async () =>
      (await ctx.database.db.select({ id: certificates.id }).from(certificates)).length;
    const rows = await count();

    const same = await editor.post(`/certificates/${active.uuid}/transfer`, {
      serialNumber: active.serialNumber,
    });
    expect(errorOf(same).errors).toEqual({ serialNumber: RENEWAL_MESSAGES.sameSerial });
    const invalid = await editor.post(`/certificates/${active.uuid}/transfer`, {
      serialNumber: 'has spaces',
    });
    expect(invalid.statusCode).toBe(400);
    expect(errorOf(invalid).errors?.serialNumber).toBeDefined();
    const overlapping = await editor.post(`/certificates/${active.uuid}/transfer`, {
      serialNumber: taken.serialNumber,
    });
    expect(overlapping.statusCode).toBe(409);
    expect(errorOf(overlapping).code).toBe('CONFLICT');
    // On the field the transfer form has.
    expect(errorOf(overlapping).errors?.serialNumber).toBe(errorOf(overlapping).message);
    const pending = await certificateInStatus(editor, 'pending', body());
    const notYet = await editor.post(`/certificates/${pending.uuid}/transfer`, {
      serialNumber: uniqueSerial(),
    });
    expect(errorOf(notYet).code).toBe('INVALID_TRANSITION');

    expect(await snapshot(active.uuid)).toEqual(before);
    expect(await count()).toBe(rows + 1);
    await expectCountersConsistent(ctx.database.db);
  });
});
