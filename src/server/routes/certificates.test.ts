import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  describeDay,
  certificateRecordsResponseSchema,
  certificateResponseSchema,
  certificatesListResponseSchema,
  DAY_MS,
  errorBodySchema,
  licenseFileSchema,
  type Certificate,
} from '../../contract';
import { certificates, clients } from '../db/schema';
import { queryRows } from '../db/rows';
import { createTestApp, TestClock, type TestContext } from '../../../tests/support/test-app';
import { AS_JSON, callerAs, type SignedInCaller } from '../../../tests/support/callers';
import {
  activitiesOf,
  certificateBody,
  createCertificate,
  expectCountersConsistent,
  historyActions,
  insertClient,
  stepRequest,
  uniqueSerial,
  type ClientFixture,
} from '../../../tests/support/certificates';

let ctx: TestContext;
const clock = new TestClock();
let owner: SignedInCaller;
let editor: SignedInCaller;
let editorName: string;
let viewer: SignedInCaller;
let client: ClientFixture;

beforeAll(async () => {
  // Long-lived access tokens: these tests move the clock by minutes to pass validity ends.
  ctx = await createTestApp({ clock, env: { ACCESS_TOKEN_TTL_SECONDS: '86400' } });
  owner = await callerAs(ctx, 'owner');
  editor = await callerAs(ctx, 'editor');
  editorName = editor.user.name;
  viewer = await callerAs(ctx, 'viewer');
  client = await insertClient(ctx.database.db, { name: 'Acme Studios' });
});
afterAll(() => ctx.close());

const today = () => clock.now().getTime();
const newCertificate = (overrides: Parameters<typeof certificateBody>[2] = {}, clientId = client.id) =>
  createCertificate(editor, certificateBody(clientId, today() - DAY_MS, overrides));
const stored = async (id: string) =>
  (await ctx.database.db.select().from(certificates).where(eq(certificates.id, id)))[0]!;
const countRows = async () =>
  Number(
    (await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from certificates`))[0]!.n,
  );

function expectTransitionError(response: { statusCode: number; json(): unknown }, message: string) {
  expect(response.statusCode).toBe(409);
  expect(errorBodySchema.parse(response.json())).toEqual({ code: 'INVALID_TRANSITION', message });
}

describe('POST /certificates', () => {
  it('creates a pending certificate with its history, activity and counters', async () => {
    const body = certificateBody(client.id, today(), {
      serialNumber: '  MAC-0001  ',
      studioCount: 3,
      userCount: 25,
      notes: '  first one  ',
    });
    const created = await createCertificate(editor, body);
    expect(created).toMatchObject({
      clientId: client.id,
      clientName: 'Acme Studios',
      serialNumber: 'MAC-0001',
      studioCount: 3,
      userCount: 25,
      validFrom: body.validFrom,
      validTo: body.validTo,
      status: 'pending',
      notes: 'first one',
      lastUsedAt: null,
    });
    expect(await historyActions(ctx.database.db, created.uuid)).toEqual(['created']);
    const [activity] = await activitiesOf(ctx.database.db, created.uuid);
    expect(activity).toMatchObject({ type: 'certificate.created', actorName: editorName });
    expect(activity?.description).toContain('MAC-0001');
    const [row] = await ctx.database.db.select().from(clients).where(eq(clients.id, client.id));
    expect(row?.certificateCount).toBeGreaterThanOrEqual(1);
    await expectCountersConsistent(ctx.database.db);
  });

  it.each([
    [{ clientId: undefined }, 'clientId', 'Client is required'],
    [{ clientId: 'not-a-uuid' }, 'clientId', 'Client is required'],
    [{ serialNumber: undefined }, 'serialNumber', 'Serial number is required'],
    [{ serialNumber: '   ' }, 'serialNumber', 'Serial number is required'],
    [
      { serialNumber: 'has space' },
      'serialNumber',
      'Serial number may contain only letters, digits and - _ . : /',
    ],
    [{ serialNumber: 'x'.repeat(129) }, 'serialNumber', 'Serial number must be at most 128 characters'],
    [{ studioCount: 0 }, 'studioCount', 'Studio count must be at least 1'],
    [{ studioCount: undefined }, 'studioCount', 'Studio count must be at least 1'],
    [{ studioCount: 1.5 }, 'studioCount', 'Studio count must be a whole number'],
    [{ studioCount: 100_001 }, 'studioCount', 'Studio count must be at most 100,000'],
    [{ userCount: 0 }, 'userCount', 'User count must be at least 1'],
    [{ userCount: '3' }, 'userCount', 'User count must be at least 1'],
    [{ userCount: 100_001 }, 'userCount', 'User count must be at most 100,000'],
    [{ validFrom: undefined }, 'validFrom', 'Valid from date is required'],
    [{ validTo: undefined }, 'validTo', 'Valid to date is required'],
    [{ validTo: 'tomorrow' }, 'validTo', 'Valid to date is required'],
    [{ notes: 'n'.repeat(2001) }, 'notes', 'Notes must be at most 2000 characters'],
  ])('refuses %j with 400 %s: %s, writing nothing', async (override, field, message) => {
    const before = await countRows();
    const response = await editor.post('/certificates', {
      ...certificateBody(client.id, today()),
      ...override,
    });
    expect(response.statusCode).toBe(400);
    const body = errorBodySchema.parse(response.json());
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors?.[field]).toBe(message);
    expect(await countRows()).toBe(before);
  });

  it('refuses a validity that ends before it starts', async () => {
    for (const validTo of [today(), today() - 1]) {
      const response = await editor.post('/certificates', certificateBody(client.id, today(), { validTo }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: 'Valid to date must be after valid from date',
        errors: { validTo: 'Valid to date must be after valid from date' },
      });
    }
  });

  it('refuses dates JavaScript cannot represent, like every date past 9999-12-31', async () => {
    const response = await editor.post(
      '/certificates',
      certificateBody(client.id, today(), { validTo: 9e15 }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      errors: { validTo: 'Valid to date must be between 1970-01-01 and 9999-12-31' },
    });
  });

  it('refuses unknown, deleted and inactive clients', async () => {
    const inactive = await insertClient(ctx.database.db, { isActive: false });
    const deleted = await insertClient(ctx.database.db, { deleted: true });
    const cases: [string, string][] = [
      ['0b7e6f1a-3c2d-4e5f-8a9b-00000000abcd', 'Client not found'],
      [deleted.id, 'Client not found'],
      [inactive.id, 'Client is not active'],
    ];
    for (const [clientId, message] of cases) {
      const response = await editor.post('/certificates', certificateBody(clientId, today()));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'VALIDATION_FAILED', message, errors: { clientId: message } });
    }
  });

  it('refuses a live certificate whose validity overlaps another of the same serial number', async () => {
    const serialNumber = uniqueSerial('OVL');
    const first = await newCertificate({ serialNumber, validFrom: today(), validTo: today() + 100 * DAY_MS });
    const overlapping = await editor.post(
      '/certificates',
      certificateBody(client.id, today() + 99 * DAY_MS, { serialNumber }),
    );
    expect(overlapping.statusCode).toBe(409);
    const overlapMessage = `Serial number ${serialNumber} already has a pending certificate valid from ${describeDay(today())} to ${describeDay(today() + 100 * DAY_MS)}; validity periods of one serial number must not overlap`;
    // The refusal names its field too, so the form shows it on Serial Number.
    expect(overlapping.json()).toEqual({
      code: 'CONFLICT',
      message: overlapMessage,
      errors: { serialNumber: overlapMessage },
    });
    // Validity is half-open: a certificate may start exactly when the previous one ends.
    await newCertificate({
      serialNumber,
      validFrom: today() + 100 * DAY_MS,
      validTo: today() + 200 * DAY_MS,
    });
    // A revoked certificate no longer holds its serial number.
    expect((await stepRequest(editor, first.uuid, 'activate')).statusCode).toBe(200);
    expect((await stepRequest(editor, first.uuid, 'revoke')).statusCode).toBe(200);
    await newCertificate({ serialNumber, validFrom: today(), validTo: today() + 50 * DAY_MS });
  });

  it('lets exactly one of several concurrent creates of one serial number win', async () => {
    const serialNumber = uniqueSerial('RACE');
    const responses = await Promise.all(
      Array.from({ length: 4 }, () =>
        editor.post('/certificates', certificateBody(client.id, today(), { serialNumber })),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    await expectCountersConsistent(ctx.database.db);
  });
});

describe('GET /certificates', () => {
  let listClient: ClientFixture;
  const made: Certificate[] = [];

  beforeAll(async () => {
    listClient = await insertClient(ctx.database.db, { name: 'List_Client 100%' });
    for (let i = 0; i < 12; i += 1) {
      clock.advance(1000);
      made.push(await newCertificate({ serialNumber: uniqueSerial(`LST${i}`) }, listClient.id));
    }
  });

  it('pages newest first within a client, with the total', async () => {
    const first = certificatesListResponseSchema.parse(
      (await viewer.get(`/certificates?clientId=${listClient.id}&limit=5`)).json(),
    ).data;
    expect(first).toMatchObject({ total: 12, page: 1, limit: 5 });
    expect(first.certificates.map((c) => c.uuid)).toEqual(
      made
        .slice(-5)
        .reverse()
        .map((c) => c.uuid),
    );
    const third = certificatesListResponseSchema.parse(
      (await viewer.get(`/certificates?clientId=${listClient.id}&limit=5&page=3`)).json(),
    ).data;
    expect(third.certificates.map((c) => c.uuid)).toEqual(
      made
        .slice(0, 2)
        .reverse()
        .map((c) => c.uuid),
    );
    expect(third.total).toBe(12);
    // Past the end: no rows, and still the total.
    const beyond = certificatesListResponseSchema.parse(
      (await viewer.get(`/certificates?clientId=${listClient.id}&limit=5&page=9`)).json(),
    ).data;
    expect(beyond).toMatchObject({ certificates: [], total: 12, page: 9 });
  });

  it('defaults to 10 a page and counts everything', async () => {
    const all = certificatesListResponseSchema.parse((await viewer.get('/certificates')).json()).data;
    expect(all.limit).toBe(10);
    expect(all.certificates).toHaveLength(10);
    expect(all.total).toBe(await countRows());
  });

  it('searches serial numbers and client names case-insensitively, with % and _ taken literally', async () => {
    const bySerial = certificatesListResponseSchema.parse(
      (await viewer.get(`/certificates?search=${made[3]!.serialNumber.toLowerCase()}`)).json(),
    ).data;
    expect(bySerial.certificates.map((c) => c.uuid)).toEqual([made[3]!.uuid]);
    expect(bySerial.total).toBe(1);
    const byClient = certificatesListResponseSchema.parse(
      (await viewer.get(`/certificates?search=${encodeURIComponent('list_client 100%')}&limit=100`)).json(),
    ).data;
    expect(byClient.total).toBe(12);
    for (const literal of ['List%Client', 'List_Client 1000', '100\\%']) {
      const none = certificatesListResponseSchema.parse(
        (await viewer.get(`/certificates?search=${encodeURIComponent(literal)}`)).json(),
      ).data;
      expect(none.total).toBe(0);
    }
  });

  it('filters by status and by client', async () => {
    const target = made[0]!;
    expect((await stepRequest(editor, target.uuid, 'activate')).statusCode).toBe(200);
    const active = certificatesListResponseSchema.parse(
      (await viewer.get(`/certificates?status=active&clientId=${listClient.id}`)).json(),
    ).data;
    expect(active.certificates.map((c) => c.uuid)).toEqual([target.uuid]);
    const pending = certificatesListResponseSchema.parse(
      (await viewer.get(`/certificates?status=pending&clientId=${listClient.id}`)).json(),
    ).data;
    expect(pending.total).toBe(11);
    const everyActive = certificatesListResponseSchema.parse(
      (await viewer.get('/certificates?status=active&limit=100')).json(),
    ).data;
    expect(everyActive.total).toBe(everyActive.certificates.length);
    expect(everyActive.certificates.every((c) => c.status === 'active')).toBe(true);
  });

  it.each([
    ['limit=101', 'limit', 'limit must be at most 100'],
    ['limit=0', 'limit', 'limit must be at least 1'],
    ['page=0', 'page', 'page must be at least 1'],
    ['page=-1', 'page', 'page must be at least 1'],
    ['page=abc', 'page', 'page must be a number'],
    ['status=lost', 'status', undefined],
    ['clientId=123', 'clientId', 'clientId must be a UUID'],
  ])('refuses ?%s with 400', async (query, field, message) => {
    const response = await viewer.get(`/certificates?${query}`);
    expect(response.statusCode).toBe(400);
    const body = errorBodySchema.parse(response.json());
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.errors ?? {})).toContain(field);
    if (message) expect(body.errors?.[field]).toBe(message);
  });
});

describe('GET /certificates/{id}', () => {
  it('answers the certificate, 404 for an unknown id and 400 for a non-UUID', async () => {
    const created = await newCertificate();
    const found = await viewer.get(`/certificates/${created.uuid}`);
    expect(certificateResponseSchema.parse(found.json()).data).toEqual(created);
    const unknown = await viewer.get('/certificates/0b7e6f1a-3c2d-4e5f-8a9b-00000000dead');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'NOT_FOUND', message: 'Certificate not found' });
    const bad = await viewer.get('/certificates/nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { id: 'Invalid id' } });
  });
});

describe('PUT /certificates/{id}', () => {
  it('edits a pending certificate, writing an `updated` record and activity', async () => {
    const created = await newCertificate();
    const serialNumber = uniqueSerial('EDIT');
    const response = await editor.put(`/certificates/${created.uuid}`, {
      serialNumber,
      studioCount: 7,
      notes: 'more studios',
      status: 'pending',
    });
    expect(response.statusCode).toBe(200);
    expect(certificateResponseSchema.parse(response.json()).data).toMatchObject({
      serialNumber,
      studioCount: 7,
      userCount: created.userCount,
      notes: 'more studios',
      status: 'pending',
    });
    expect(await historyActions(ctx.database.db, created.uuid)).toEqual(['updated', 'created']);
    const records = certificateRecordsResponseSchema.parse(
      (await viewer.get(`/certificates/${created.uuid}/records`)).json(),
    ).data;
    expect(records[0]).toMatchObject({
      action: 'updated',
      description: 'Changed serial number, studio count, notes',
      performBy: { name: editorName },
    });
    expect((await activitiesOf(ctx.database.db, created.uuid)).map((a) => a.type)).toEqual([
      'certificate.created',
      'certificate.updated',
    ]);
  });

  it('writes nothing when nothing changes', async () => {
    const created = await newCertificate();
    const {
      uuid: _uuid,
      clientId: _clientId,
      clientName: _clientName,
      lastUsedAt: _lastUsedAt,
      transferredFrom: _transferredFrom,
      transferredTo: _transferredTo,
      license: _license,
      graceUntil: _graceUntil,
      lastCheckInAt: _lastCheckInAt,
      lastCheckInHostname: _lastCheckInHostname,
      lastCheckInSoftwareVersion: _lastCheckInSoftwareVersion,
      checkInOverdue: _checkInOverdue,
      ...same
    } = created;
    const response = await editor.put(`/certificates/${created.uuid}`, same);
    expect(response.statusCode).toBe(200);
    expect(await historyActions(ctx.database.db, created.uuid)).toEqual(['created']);
  });

  it('checks the merged validity and refuses a clientId', async () => {
    const created = await newCertificate();
    const early = await editor.put(`/certificates/${created.uuid}`, {
      validTo: created.validFrom - 1,
    });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({
      errors: { validTo: 'Valid to date must be after valid from date' },
    });
    const withClient = await editor.put(`/certificates/${created.uuid}`, { clientId: client.id });
    expect(withClient.statusCode).toBe(400);
    expect(withClient.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const badCount = await editor.put(`/certificates/${created.uuid}`, { userCount: 0 });
    expect(badCount.json()).toMatchObject({ errors: { userCount: 'User count must be at least 1' } });
    expect((await stored(created.uuid)).validTo.getTime()).toBe(created.validTo);
  });

  it('refuses an edit onto an overlapping serial number', async () => {
    const serialNumber = uniqueSerial('TAKEN');
    await newCertificate({ serialNumber });
    const other = await newCertificate();
    const response = await editor.put(`/certificates/${other.uuid}`, { serialNumber });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'CONFLICT' });
  });

  it('refuses a status change and any edit of a certificate that is not pending', async () => {
    const created = await newCertificate();
    expectTransitionError(
      await editor.put(`/certificates/${created.uuid}`, { status: 'active' }),
      'Cannot change the status of a certificate that is pending',
    );
    expect((await stepRequest(editor, created.uuid, 'activate')).statusCode).toBe(200);
    expectTransitionError(
      await editor.put(`/certificates/${created.uuid}`, { notes: 'x', status: 'active' }),
      'Cannot edit a certificate that is active',
    );
    expect(await historyActions(ctx.database.db, created.uuid)).toEqual(['activated', 'created']);
  });

  it('answers 404 for an unknown id', async () => {
    expect(
      (await editor.put('/certificates/0b7e6f1a-3c2d-4e5f-8a9b-00000000dead', { notes: 'x' })).statusCode,
    ).toBe(404);
  });
});

describe('DELETE /certificates/{id}', () => {
  it('deletes a pending certificate with its history, keeping an activity row', async () => {
    const created = await newCertificate();
    const response = await owner.delete(`/certificates/${created.uuid}`);
    expect(response.statusCode).toBe(204);
    expect((await viewer.get(`/certificates/${created.uuid}`)).statusCode).toBe(404);
    expect(await historyActions(ctx.database.db, created.uuid)).toEqual([]);
    expect((await activitiesOf(ctx.database.db, created.uuid)).map((a) => a.type)).toEqual([
      'certificate.created',
      'certificate.deleted',
    ]);
    await expectCountersConsistent(ctx.database.db);
    expect((await owner.delete(`/certificates/${created.uuid}`)).statusCode).toBe(404);
  });

  it('refuses to delete a certificate that is not pending', async () => {
    const created = await newCertificate();
    await stepRequest(editor, created.uuid, 'activate');
    expectTransitionError(
      await owner.delete(`/certificates/${created.uuid}`),
      'Cannot delete a certificate that is active',
    );
  });
});

describe('lifecycle', () => {
  it('walks pending → active → distributed → revoked with history, activity, licence and counters', async () => {
    const created = await newCertificate({ serialNumber: uniqueSerial('LIFE/2026:a') });
    const clientBefore = (await ctx.database.db.select().from(clients).where(eq(clients.id, client.id)))[0]!;

    // The console sends a JSON content type even without a body.
    const activated = await editor.post(`/certificates/${created.uuid}/activate`, undefined, AS_JSON);
    expect(activated.statusCode, activated.body).toBe(200);
    expect(certificateResponseSchema.parse(activated.json()).data.status).toBe('active');
    const afterActivation = await stored(created.uuid);
    expect(afterActivation.licensePayload).toBeTruthy();
    expect(afterActivation.licenseIssuedAt?.getTime()).toBe(today());
    const clientAfter = (await ctx.database.db.select().from(clients).where(eq(clients.id, client.id)))[0]!;
    expect(clientAfter.activeCertificates).toBe(clientBefore.activeCertificates + 1);
    await expectCountersConsistent(ctx.database.db);

    clock.advance(60_000);
    const renewed = await stepRequest(editor, created.uuid, 'generate');
    expect(renewed.statusCode).toBe(200);
    expect(certificateResponseSchema.parse(renewed.json()).data.status).toBe('active');
    expect((await stored(created.uuid)).licenseIssuedAt?.getTime()).toBe(today());

    clock.advance(60_000);
    const downloaded = await stepRequest(editor, created.uuid, 'download');
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.headers['content-disposition']).toBe(
      `attachment; filename="license-${created.serialNumber.replace(/[/:]/g, '_')}.json"`,
    );
    const file = licenseFileSchema.parse(downloaded.json());
    expect(file).toMatchObject({
      serialNumber: created.serialNumber,
      clientName: 'Acme Studios',
      studioCount: created.studioCount,
      userCount: created.userCount,
    });
    expect((await viewer.get(`/certificates/${created.uuid}`)).json()).toMatchObject({
      data: { status: 'distributed' },
    });
    await expectCountersConsistent(ctx.database.db);

    clock.advance(60_000);
    const again = await editor.get(`/certificates/${created.uuid}/download`);
    expect(again.statusCode).toBe(200);
    expect(again.headers['content-disposition']).toBe(`attachment; filename="license-${created.uuid}.json"`);
    expect(licenseFileSchema.parse(again.json()).payload).toBe(file.payload);
    expect((await stored(created.uuid)).status).toBe('distributed');

    // Generate on a distributed certificate re-signs it and keeps it distributed.
    clock.advance(60_000);
    expect(
      certificateResponseSchema.parse((await stepRequest(editor, created.uuid, 'generate')).json()).data
        .status,
    ).toBe('distributed');

    clock.advance(60_000);
    const revoked = await stepRequest(editor, created.uuid, 'revoke', {
      reason: '  machine stolen  ',
    });
    expect(certificateResponseSchema.parse(revoked.json()).data.status).toBe('revoked');
    await expectCountersConsistent(ctx.database.db);

    const records = certificateRecordsResponseSchema.parse(
      (await viewer.get(`/certificates/${created.uuid}/records`)).json(),
    ).data;
    expect(records.map((r) => r.action)).toEqual([
      'revoked',
      'renewed',
      'downloaded',
      'downloaded',
      'renewed',
      'activated',
      'created',
    ]);
    expect(records[0]).toMatchObject({
      description: 'Certificate revoked: machine stolen',
      performBy: { name: editorName },
      createdAt: today(),
    });
    expect((await activitiesOf(ctx.database.db, created.uuid)).map((a) => a.type)).toEqual([
      'certificate.created',
      'certificate.activated',
      'certificate.renewed',
      'certificate.downloaded',
      'certificate.downloaded',
      'certificate.renewed',
      'certificate.revoked',
    ]);
    const { activeCertificates } = (
      await ctx.database.db.select().from(clients).where(eq(clients.id, client.id))
    )[0]!;
    expect(activeCertificates).toBe(clientBefore.activeCertificates);
  });

  it('refuses every step the status forbids with 409 INVALID_TRANSITION naming the status', async () => {
    const pending = await newCertificate();
    expectTransitionError(
      await stepRequest(editor, pending.uuid, 'generate'),
      'Cannot generate a certificate that is pending',
    );
    expectTransitionError(
      await stepRequest(editor, pending.uuid, 'download'),
      'Cannot download a certificate that is pending',
    );
    expectTransitionError(
      await editor.get(`/certificates/${pending.uuid}/download`),
      'Cannot download a certificate that is pending',
    );
    expectTransitionError(
      await stepRequest(editor, pending.uuid, 'revoke'),
      'Cannot revoke a certificate that is pending',
    );

    await stepRequest(editor, pending.uuid, 'activate');
    expectTransitionError(
      await stepRequest(editor, pending.uuid, 'activate'),
      'Cannot activate a certificate that is active',
    );
    await stepRequest(editor, pending.uuid, 'download');
    expectTransitionError(
      await stepRequest(editor, pending.uuid, 'activate'),
      'Cannot activate a certificate that is distributed',
    );

    await stepRequest(editor, pending.uuid, 'revoke');
    for (const step of ['activate', 'generate', 'download', 'revoke'] as const) {
      expectTransitionError(
        await stepRequest(editor, pending.uuid, step),
        `Cannot ${step} a certificate that is revoked`,
      );
    }
    expectTransitionError(
      await editor.put(`/certificates/${pending.uuid}`, { notes: 'x' }),
      'Cannot edit a certificate that is revoked',
    );
    expect(await historyActions(ctx.database.db, pending.uuid)).toEqual([
      'revoked',
      'downloaded',
      'activated',
      'created',
    ]);
  });

  it('answers 404 for steps on an unknown certificate and 400 for a bad revoke body', async () => {
    for (const step of ['activate', 'generate', 'download', 'revoke'] as const) {
      expect((await stepRequest(editor, '0b7e6f1a-3c2d-4e5f-8a9b-00000000dead', step)).statusCode).toBe(404);
    }
    const created = await newCertificate();
    await stepRequest(editor, created.uuid, 'activate');
    const bad = await stepRequest(editor, created.uuid, 'revoke', { reason: 'r'.repeat(1001) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errors: { reason: 'Reason must be at most 1000 characters' } });
    const malformed = await editor.post(`/certificates/${created.uuid}/revoke`, '{"reason":', AS_JSON);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ message: 'Request body is not valid JSON' });
    expect((await stored(created.uuid)).status).toBe('active');
  });

  it('refuses to activate a pending certificate whose dates have lapsed', async () => {
    const created = await newCertificate({ validFrom: today() - 10 * DAY_MS, validTo: today() - DAY_MS });
    expect(created.status).toBe('pending');
    const response = await stepRequest(editor, created.uuid, 'activate');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'CONFLICT',
      message: 'Cannot activate a certificate whose valid to date has passed; edit its dates first',
    });
    // Editing the dates revives the draft.
    expect(
      (await editor.put(`/certificates/${created.uuid}`, { validTo: today() + DAY_MS })).statusCode,
    ).toBe(200);
    expect((await stepRequest(editor, created.uuid, 'activate')).statusCode).toBe(200);
  });

  it('applies a step once when two requests race', async () => {
    const created = await newCertificate();
    const responses = await Promise.all([
      stepRequest(editor, created.uuid, 'activate'),
      stepRequest(owner, created.uuid, 'activate'),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await historyActions(ctx.database.db, created.uuid)).toEqual(['activated', 'created']);
    await expectCountersConsistent(ctx.database.db);
  });

  it('never shows a past-due certificate as active, before the sweep has run', async () => {
    const created = await newCertificate({ validFrom: today() - DAY_MS, validTo: today() + 60_000 });
    await stepRequest(editor, created.uuid, 'activate');
    clock.advance(60_000);
    const read = certificateResponseSchema.parse(
      (await viewer.get(`/certificates/${created.uuid}`)).json(),
    ).data;
    expect(read.status).toBe('expired');
    expect((await stored(created.uuid)).status).toBe('active');
    const actives = certificatesListResponseSchema.parse(
      (await viewer.get('/certificates?status=active&limit=100')).json(),
    ).data;
    expect(actives.certificates.map((c) => c.uuid)).not.toContain(created.uuid);
    expect(actives.total).toBe(actives.certificates.length);
    const expired = certificatesListResponseSchema.parse(
      (await viewer.get(`/certificates?status=expired&search=${created.serialNumber}`)).json(),
    ).data;
    expect(expired.certificates.map((c) => c.uuid)).toEqual([created.uuid]);
    expectTransitionError(
      await stepRequest(editor, created.uuid, 'download'),
      'Cannot download a certificate that is expired',
    );
    expectTransitionError(
      await stepRequest(editor, created.uuid, 'revoke'),
      'Cannot revoke a certificate that is expired',
    );
  });
});

describe('GET /certificates/{id}/records', () => {
  it('lists history newest first for every role, 404 for an unknown certificate', async () => {
    const created = await newCertificate();
    clock.advance(1000);
    await stepRequest(editor, created.uuid, 'activate');
    const response = await viewer.get(`/certificates/${created.uuid}/records`);
    const records = certificateRecordsResponseSchema.parse(response.json()).data;
    expect(records.map((r) => [r.action, r.performBy?.name])).toEqual([
      ['activated', editorName],
      ['created', editorName],
    ]);
    expect(records[0]!.createdAt - records[1]!.createdAt).toBe(1000);
    expect((await viewer.get('/certificates/0b7e6f1a-3c2d-4e5f-8a9b-00000000dead/records')).statusCode).toBe(
      404,
    );
  });
});
