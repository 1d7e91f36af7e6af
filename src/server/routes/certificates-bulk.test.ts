// Lists that do real work, certificates: the list's true counters, bulk actions, the zip of licences and
// "select all N matching". Each bulk call is checked against what the single calls would have done: the same
// refusals per id, the same history, activity and counters.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import yauzl from 'yauzl';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BULK_DOWNLOAD_MESSAGES,
  BULK_MESSAGES,
  BULK_RENEW_MESSAGES,
  CERTIFICATE_STATUSES,
  RENEWAL_MESSAGES,
  certificatesBulkResponseSchema,
  certificatesListResponseSchema,
  DAY_MS,
  invalidTransitionMessage,
  MAX_BULK_IDS,
  selectionIdsResponseSchema,
  unknownQueryParameterMessage,
  type CertificateStatus,
} from '../../contract';
import { activities, certificateRecords, certificates } from '../db/schema';
import { adjustCertificateCounters } from '../services/shared/counters';
import { verifyLicense } from '../licensing/verify-license';
import {
  DELETERS,
  expectRefusal,
  only,
  routeTestApp,
  statusesByRole,
  WRITERS,
  type Caller,
} from '../../../tests/support/callers';
import {
  certificateBody,
  certificateInStatus,
  expectCountersConsistent,
  historyActions,
  insertClient,
  setPeriod,
  uniqueSerial,
} from '../../../tests/support/certificates';
import { fetchPublicKeys } from '../../../tests/support/licensing';
import { TestClock } from '../../../tests/support/test-app';

const clock = new TestClock();
// Long-lived access tokens: a test moves the clock past validity ends.
const { ctx, callers, owner, editor, viewer, anonymous } = routeTestApp({
  clock,
  env: { ACCESS_TOKEN_TTL_SECONDS: '86400' },
});
const db = () => ctx.database.db;
const today = () => clock.now().getTime();

/**
 * Certificates straight into the table, one insert for all (the 300 of the bulk revoke), with their counters kept
 * right: what many single calls would leave behind, without making them.
 */
async function insertCertificates(
  clientId: string,
  statuses: readonly CertificateStatus[],
): Promise<string[]> {
  const from = new Date(today() - DAY_MS);
  const rows = statuses.map((status) => ({
    id: randomUUID(),
    clientId,
    serialNumber: uniqueSerial('BULK'),
    studioCount: 1,
    userCount: 1,
    validFrom: from,
    validTo: new Date(from.getTime() + 365 * DAY_MS),
    status,
    createdAt: clock.now(),
    updatedAt: clock.now(),
  }));
  await db().transaction(async (tx) => {
    await tx.insert(certificates).values(rows);
    for (const row of rows) await adjustCertificateCounters(tx, clientId, null, row);
  });
  return rows.map((row) => row.id);
}

const activityCount = () => db().$count(activities);
const historyCount = () => db().$count(certificateRecords);

describe('GET /certificates: counts', () => {
  const listOf = async (as: Caller, query: string) => {
    const response = await as.get(`/certificates?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return certificatesListResponseSchema.parse(response.json()).data;
  };

  /** Every status's total (`status=X`) equals counts[X], and the unfiltered total their sum, for `query`. */
  async function expectTotalsMatchCounts(query: string) {
    const { counts, total, certificates: page } = await listOf(viewer, `${query}&limit=100`);
    expect(total).toBe(CERTIFICATE_STATUSES.reduce((sum, status) => sum + counts[status], 0));
    expect(page).toHaveLength(Math.min(total, 100));
    for (const status of CERTIFICATE_STATUSES) {
      const filtered = await listOf(viewer, `${query}&status=${status}&limit=100`);
      expect(filtered.total, `${query} status=${status}`).toBe(counts[status]);
      // The counts ignore the status filter: the same five numbers whichever status is shown.
      expect(filtered.counts).toEqual(counts);
      expect(filtered.certificates.every((c) => c.status === status)).toBe(true);
      expect(filtered.certificates).toHaveLength(Math.min(counts[status], 100));
    }
    return counts;
  }

  let northId: string;
  beforeAll(async () => {
    const north = await insertClient(db(), { name: 'Northwind Counters' });
    const south = await insertClient(db(), { name: 'Southwind Counters' });
    northId = north.id;
    const from = today() - DAY_MS;
    const make = (clientId: string, status: 'pending' | 'active' | 'distributed' | 'revoked', tag: string) =>
      certificateInStatus(
        editor,
        status,
        certificateBody(clientId, from, { serialNumber: uniqueSerial(tag) }),
      );
    for (const status of ['pending', 'active', 'active', 'distributed', 'revoked'] as const)
      await make(north.id, status, 'CNT-N');
    for (const status of ['pending', 'active', 'distributed', 'distributed'] as const)
      await make(south.id, status, 'CNT-S');
    // Past its validTo and not yet swept: expired for readers, active in the table.
    const due = await make(north.id, 'active', 'CNT-N');
    await setPeriod(db(), due.uuid, new Date(today() - 2 * DAY_MS), new Date(today() - 1000));
  });

  it('counts what a search matches in each status as readers see it, whatever the status filter', async () => {
    const counts = await expectTotalsMatchCounts('search=CNT-N');
    expect(counts).toEqual({ pending: 1, active: 2, distributed: 1, expired: 1, revoked: 1 });
    // A client's name is searched too.
    expect(await expectTotalsMatchCounts('search=southwind')).toEqual({
      pending: 1,
      active: 1,
      distributed: 2,
      expired: 0,
      revoked: 0,
    });
  });

  it("counts a client's certificates, with and without a search", async () => {
    expect(await expectTotalsMatchCounts(`clientId=${northId}`)).toEqual({
      pending: 1,
      active: 2,
      distributed: 1,
      expired: 1,
      revoked: 1,
    });
    expect((await expectTotalsMatchCounts(`clientId=${northId}&search=nothing-matches`)).active).toBe(0);
  });

  it('counts every certificate unfiltered, from the counters, the past-due one as expired', async () => {
    const counts = await expectTotalsMatchCounts('page=1');
    const { counts: searched } = await listOf(viewer, 'search=CNT');
    expect(counts).toEqual(searched);
    expect(counts.expired).toBe(1);
  });

  it('answers the counts on a page past the end too', async () => {
    const { certificates: page, total, counts } = await listOf(viewer, 'search=CNT-N&page=50');
    expect(page).toEqual([]);
    expect(total).toBe(6);
    expect(counts.active).toBe(2);
  });
});

describe('POST /certificates/bulk', () => {
  it('revokes 280 of 300 and refuses the 20 pending ones as the single call would, one history row each', async () => {
    const client = await insertClient(db());
    const statuses: CertificateStatus[] = Array.from({ length: 300 }, (_, i) =>
      i % 15 === 7 ? 'pending' : 'active',
    );
    const ids = await insertCertificates(client.id, statuses);
    const historyBefore = await historyCount();
    const response = await editor.post('/certificates/bulk', {
      action: 'revoke',
      ids,
      reason: ' end of contract ',
    });
    expect(response.statusCode, response.body).toBe(200);
    const { results, succeeded, failed } = certificatesBulkResponseSchema.parse(response.json()).data;
    expect({ succeeded, failed }).toEqual({ succeeded: 280, failed: 20 });
    expect(results.map((r) => r.id)).toEqual(ids);
    results.forEach((result, i) => {
      if (statuses[i] === 'pending')
        expect(result).toEqual({
          id: ids[i],
          ok: false,
          error: { code: 'INVALID_TRANSITION', message: invalidTransitionMessage('revoke', 'pending') },
        });
      else expect(result).toEqual({ id: ids[i], ok: true, status: 'revoked' });
    });
    const revokedRows = await db()
      .select({ id: certificateRecords.id, description: certificateRecords.description })
      .from(certificateRecords)
      .where(and(inArray(certificateRecords.certificateId, ids), eq(certificateRecords.action, 'revoked')));
    expect(revokedRows).toHaveLength(280);
    expect(new Set(revokedRows.map((r) => r.description))).toEqual(
      new Set(['Certificate revoked: end of contract']),
    );
    expect((await historyCount()) - historyBefore).toBe(280);
    const stored = await db()
      .select({ status: certificates.status, n: sql<number>`count(*)::int` })
      .from(certificates)
      .where(inArray(certificates.id, ids))
      .groupBy(certificates.status);
    expect(Object.fromEntries(stored.map((r) => [r.status, Number(r.n)]))).toEqual({
      pending: 20,
      revoked: 280,
    });
    await expectCountersConsistent(db());
  });

  it('activates pending certificates with a signed licence, and answers an unknown id as NOT_FOUND', async () => {
    const client = await insertClient(db());
    const [pending, active] = await insertCertificates(client.id, ['pending', 'active']);
    const unknown = randomUUID();
    const response = await editor.post('/certificates/bulk', {
      action: 'activate',
      ids: [unknown, pending, active],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(certificatesBulkResponseSchema.parse(response.json()).data).toEqual({
      results: [
        { id: unknown, ok: false, error: { code: 'NOT_FOUND', message: 'Certificate not found' } },
        { id: pending, ok: true, status: 'active' },
        {
          id: active,
          ok: false,
          error: { code: 'INVALID_TRANSITION', message: invalidTransitionMessage('activate', 'active') },
        },
      ],
      succeeded: 1,
      failed: 2,
    });
    expect(await historyActions(db(), pending!)).toEqual(['activated']);
    const [signed] = await db()
      .select({ signature: certificates.licenseSignature })
      .from(certificates)
      .where(eq(certificates.id, pending!));
    expect(signed?.signature).toBeTruthy();
    await expectCountersConsistent(db());
  });

  it('deletes pending certificates for owners and admins only; an editor is refused before anything is done', async () => {
    const client = await insertClient(db());
    const [pending, active] = await insertCertificates(client.id, ['pending', 'active']);
    const activitiesBefore = await activityCount();
    expectRefusal(
      await editor.post('/certificates/bulk', { action: 'delete', ids: [pending] }),
      403,
      'FORBIDDEN',
    );
    expect(await activityCount()).toBe(activitiesBefore);
    const response = await owner.post('/certificates/bulk', { action: 'delete', ids: [pending, active] });
    expect(response.statusCode, response.body).toBe(200);
    expect(certificatesBulkResponseSchema.parse(response.json()).data).toEqual({
      results: [
        { id: pending, ok: true },
        {
          id: active,
          ok: false,
          error: { code: 'INVALID_TRANSITION', message: invalidTransitionMessage('delete', 'active') },
        },
      ],
      succeeded: 1,
      failed: 1,
    });
    expect(await db().$count(certificates, eq(certificates.id, pending!))).toBe(0);
    await expectCountersConsistent(db());
  });

  it('refuses bad input with a 400 naming the problem, and changes nothing', async () => {
    const client = await insertClient(db());
    const [id] = await insertCertificates(client.id, ['active']);
    const tooMany = Array.from({ length: MAX_BULK_IDS + 1 }, () => randomUUID());
    const cases: [unknown, string][] = [
      [{ action: 'revoke', ids: [] }, BULK_MESSAGES.idsRequired],
      [{ action: 'revoke' }, BULK_MESSAGES.idsRequired],
      [{ action: 'revoke', ids: tooMany }, BULK_MESSAGES.tooManyIds],
      [{ action: 'revoke', ids: [id, id] }, `ids must not repeat: ${id}`],
      [{ action: 'revoke', ids: [id, 'not-a-uuid'] }, BULK_MESSAGES.idsNotUuids],
      [{ action: 'transfer', ids: [id] }, 'action must be one of: activate, renew, revoke, delete'],
      [{ ids: [id] }, 'action must be one of: activate, renew, revoke, delete'],
      [{ action: 'revoke', ids: [id], reason: 'a\u0000b' }, 'Reason must not contain control characters'],
    ];
    const before = [await activityCount(), await historyCount()];
    for (const [body, message] of cases) {
      const response = await owner.post('/certificates/bulk', body as object);
      expectRefusal(response, 400, 'VALIDATION_FAILED', message);
    }
    expect([await activityCount(), await historyCount()]).toEqual(before);
    expect(await historyActions(db(), id!)).toEqual([]);
  });

  it('refuses a viewer with 403 before reading the body, and writes nothing', async () => {
    const before = await activityCount();
    expectRefusal(await viewer.post('/certificates/bulk', { action: 'revoke', ids: [] }), 403, 'FORBIDDEN');
    expectRefusal(
      await viewer.post('/certificates/bulk', '{"action":', {
        headers: { 'content-type': 'application/json' },
      }),
      403,
      'FORBIDDEN',
    );
    expectRefusal(
      await anonymous.post('/certificates/bulk', { action: 'revoke', ids: [] }),
      401,
      'UNAUTHENTICATED',
    );
    expect(await activityCount()).toBe(before);
  });

  it('renews each certificate by extendBy calendar months from its own end (UTC), signed again, as the single renewal', async () => {
    const client = await insertClient(db());
    const [active, distributed, expired, pending, revoked] = await insertCertificates(client.id, [
      'active',
      'distributed',
      'expired',
      'pending',
      'revoked',
    ]);
    // Own ends a month apart, one on the 31st: a month later is the month's last day, not the 2nd of the next.
    const ends = {
      [active!]: Date.UTC(2027, 0, 31, 12),
      [distributed!]: Date.UTC(2027, 2, 15, 12),
      [expired!]: today() - 62 * DAY_MS,
    };
    for (const [id, end] of Object.entries(ends))
      await setPeriod(db(), id, new Date(end - 365 * DAY_MS), new Date(end));
    const response = await editor.post('/certificates/bulk', {
      action: 'renew',
      ids: [active, distributed, expired, pending, revoked],
      extendBy: { months: 1 },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(certificatesBulkResponseSchema.parse(response.json()).data).toEqual({
      results: [
        { id: active, ok: true, status: 'active' },
        { id: distributed, ok: true, status: 'active' },
        // A month past an end already behind: still in the past, refused as the single call refuses it.
        {
          id: expired,
          ok: false,
          error: { code: 'VALIDATION_FAILED', message: RENEWAL_MESSAGES.validToPassed },
        },
        {
          id: pending,
          ok: false,
          error: { code: 'INVALID_TRANSITION', message: invalidTransitionMessage('renew', 'pending') },
        },
        {
          id: revoked,
          ok: false,
          error: { code: 'INVALID_TRANSITION', message: invalidTransitionMessage('renew', 'revoked') },
        },
      ],
      succeeded: 2,
      failed: 3,
    });
    const rows = await db()
      .select({
        id: certificates.id,
        validTo: certificates.validTo,
        signature: certificates.licenseSignature,
      })
      .from(certificates)
      .where(inArray(certificates.id, [active!, distributed!]));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(active!)?.validTo.toISOString()).toBe('2027-02-28T12:00:00.000Z');
    expect(byId.get(distributed!)?.validTo.toISOString()).toBe('2027-04-15T12:00:00.000Z');
    expect(byId.get(active!)?.signature).toBeTruthy();
    const [record] = await db()
      .select({ description: certificateRecords.description })
      .from(certificateRecords)
      .where(and(eq(certificateRecords.certificateId, active!), eq(certificateRecords.action, 'renewed')));
    expect(record?.description).toBe('Renewed: Valid to Jan 31, 2027 → Feb 28, 2027');
    expect(await historyActions(db(), pending!)).toEqual([]);
    await expectCountersConsistent(db());
  });

  it('renews to one validTo, whose licence verifies with the new end; an end not later is refused per row', async () => {
    const client = await insertClient(db());
    const [first, second] = await insertCertificates(client.id, ['active', 'distributed']);
    const validTo = today() + 400 * DAY_MS;
    const response = await owner.post('/certificates/bulk', {
      action: 'renew',
      ids: [first, second],
      validTo,
    });
    expect(certificatesBulkResponseSchema.parse(response.json()).data.succeeded).toBe(2);
    const keys = await fetchPublicKeys(ctx);
    const [row] = await db().select().from(certificates).where(eq(certificates.id, first!));
    const file = await editor.get(`/certificates/${first}/download`);
    const verdict = verifyLicense(file.body, {
      publicKeys: keys,
      now: clock.now(),
      serialNumber: row!.serialNumber,
    });
    expect(verdict.code).toBe('VALID');
    expect(row?.validTo.getTime()).toBe(validTo);
    // The same end again changes nothing: the single renewal's refusal, on every row.
    const again = await owner.post('/certificates/bulk', { action: 'renew', ids: [first, second], validTo });
    expect(
      certificatesBulkResponseSchema.parse(again.json()).data.results.map((r) => r.error?.message),
    ).toEqual([RENEWAL_MESSAGES.validToNotLater, RENEWAL_MESSAGES.validToNotLater]);
    await expectCountersConsistent(db());
  });

  it('refuses a renew without exactly one end, or an end on another action, with a 400 naming the field', async () => {
    const client = await insertClient(db());
    const [id] = await insertCertificates(client.id, ['active']);
    const validTo = today() + 400 * DAY_MS;
    const cases: [object, string, string][] = [
      [{ action: 'renew', ids: [id] }, 'validTo', BULK_RENEW_MESSAGES.endRequired],
      [
        { action: 'renew', ids: [id], validTo, extendBy: { months: 12 } },
        'extendBy',
        BULK_RENEW_MESSAGES.bothEnds,
      ],
      [
        { action: 'renew', ids: [id], extendBy: { months: 0 } },
        'extendBy.months',
        BULK_RENEW_MESSAGES.months,
      ],
      [
        { action: 'renew', ids: [id], extendBy: { months: 121 } },
        'extendBy.months',
        BULK_RENEW_MESSAGES.months,
      ],
      [
        { action: 'renew', ids: [id], extendBy: { months: 1.5 } },
        'extendBy.months',
        BULK_RENEW_MESSAGES.months,
      ],
      [{ action: 'renew', ids: [id], extendBy: 12 }, 'extendBy', BULK_RENEW_MESSAGES.months],
      [{ action: 'revoke', ids: [id], validTo }, 'validTo', BULK_RENEW_MESSAGES.onlyForRenew],
      [
        { action: 'activate', ids: [id], extendBy: { months: 1 } },
        'extendBy',
        BULK_RENEW_MESSAGES.onlyForRenew,
      ],
    ];
    const before = [await activityCount(), await historyCount()];
    for (const [body, field, message] of cases) {
      const refusal = expectRefusal(
        await owner.post('/certificates/bulk', body),
        400,
        'VALIDATION_FAILED',
        message,
      );
      expect(refusal.errors, JSON.stringify(body)).toEqual({ [field]: message });
    }
    expect([await activityCount(), await historyCount()]).toEqual(before);
  });

  it('answers each role as the single call would', async () => {
    const client = await insertClient(db());
    const fresh = async (status: CertificateStatus) => (await insertCertificates(client.id, [status]))[0]!;
    expect(
      await statusesByRole(ctx, callers, async () => [
        'POST',
        '/certificates/bulk',
        { action: 'revoke', ids: [await fresh('active')] },
      ]),
    ).toEqual(only(WRITERS, 200));
    expect(
      await statusesByRole(ctx, callers, async () => [
        'POST',
        '/certificates/bulk',
        { action: 'delete', ids: [await fresh('pending')] },
      ]),
    ).toEqual(only(DELETERS, 200));
    expect(
      await statusesByRole(ctx, callers, async () => [
        'POST',
        '/certificates/bulk',
        { action: 'renew', ids: [await fresh('active')], extendBy: { months: 12 } },
      ]),
    ).toEqual(only(WRITERS, 200));
  });
});

/** The entries of a zip: name and text, in the archive's order. */
function readZip(buffer: Buffer): Promise<{ name: string; text: string }[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      const entries: { name: string; text: string }[] = [];
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.push({ name: entry.fileName, text: Buffer.concat(chunks).toString('utf8') });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

describe('POST /certificates/download', () => {
  it('zips one signed licence per active or distributed certificate, marks each distributed, leaves the others out', async () => {
    const client = await insertClient(db(), { name: 'Zip Pictures' });
    const from = today() - DAY_MS;
    const body = () => certificateBody(client.id, from, { serialNumber: uniqueSerial('ZIP/A') });
    const active = await certificateInStatus(editor, 'active', body());
    const distributed = await certificateInStatus(editor, 'distributed', body());
    const pending = await certificateInStatus(editor, 'pending', body());
    const revoked = await certificateInStatus(editor, 'revoked', body());
    const unknown = randomUUID();
    const ids = [pending.uuid, active.uuid, unknown, revoked.uuid, distributed.uuid];
    const activitiesBefore = await activityCount();

    const response = await editor.post('/certificates/download', { ids });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe('attachment; filename="licences-2026-06-15.zip"');
    const entries = await readZip(response.rawPayload);
    // In the order sent; the serial number's `/` made safe as in the single download's name.
    expect(entries.map((e) => e.name)).toEqual([
      `license-${active.serialNumber.replace('/', '_')}.json`,
      `license-${distributed.serialNumber.replace('/', '_')}.json`,
    ]);
    const keys = await fetchPublicKeys(ctx);
    for (const [entry, certificate] of [
      [entries[0]!, active],
      [entries[1]!, distributed],
    ] as const) {
      const verdict = verifyLicense(entry.text, {
        publicKeys: keys,
        now: clock.now(),
        serialNumber: certificate.serialNumber,
      });
      expect(verdict.code, entry.name).toBe('VALID');
      // The very file the single download hands out.
      const single = await editor.get(`/certificates/${certificate.uuid}/download`);
      expect(entry.text).toBe(single.body);
      const [row] = await db().select().from(certificates).where(eq(certificates.id, certificate.uuid));
      expect(row?.status).toBe('distributed');
    }
    expect((await historyActions(db(), active.uuid))[0]).toBe('downloaded');
    expect((await historyActions(db(), distributed.uuid)).slice(0, 2)).toEqual(['downloaded', 'downloaded']);
    expect(await historyActions(db(), pending.uuid)).toEqual(['created']);
    expect((await historyActions(db(), revoked.uuid))[0]).toBe('revoked');
    // Two downloads in the zip, then the two single GET downloads above.
    expect((await activityCount()) - activitiesBefore).toBe(4);
    await expectCountersConsistent(db());
  });

  it('names a second licence of one serial number after its certificate', async () => {
    const client = await insertClient(db());
    const serialNumber = uniqueSerial('ZIP-TWICE');
    const from = today() - DAY_MS;
    const first = await certificateInStatus(
      editor,
      'active',
      certificateBody(client.id, from, { serialNumber, validTo: from + 10 * DAY_MS }),
    );
    const second = await certificateInStatus(
      editor,
      'active',
      certificateBody(client.id, from + 10 * DAY_MS, { serialNumber, validTo: from + 20 * DAY_MS }),
    );
    const response = await editor.post('/certificates/download', { ids: [first.uuid, second.uuid] });
    expect(response.statusCode, response.body).toBe(200);
    expect((await readZip(response.rawPayload)).map((e) => e.name)).toEqual([
      `license-${serialNumber}.json`,
      `license-${serialNumber}-${second.uuid}.json`,
    ]);
  });

  it('answers 409 before any byte when none of the certificates has a licence to hand out', async () => {
    const client = await insertClient(db());
    const [pending, revoked] = await insertCertificates(client.id, ['pending', 'revoked']);
    const before = [await activityCount(), await historyCount()];
    const response = await editor.post('/certificates/download', { ids: [pending, revoked, randomUUID()] });
    expectRefusal(response, 409, 'CONFLICT', BULK_DOWNLOAD_MESSAGES.nothingToDownload);
    expect([await activityCount(), await historyCount()]).toEqual(before);
  });

  it('refuses bad input with a 400 and a viewer with a 403, writing nothing', async () => {
    const before = await activityCount();
    expectRefusal(
      await editor.post('/certificates/download', { ids: [] }),
      400,
      'VALIDATION_FAILED',
      BULK_MESSAGES.idsRequired,
    );
    const id = randomUUID();
    expectRefusal(
      await editor.post('/certificates/download', { ids: [id, id] }),
      400,
      'VALIDATION_FAILED',
      `ids must not repeat: ${id}`,
    );
    expectRefusal(await viewer.post('/certificates/download', { ids: [] }), 403, 'FORBIDDEN');
    expectRefusal(await anonymous.post('/certificates/download', { ids: [id] }), 401, 'UNAUTHENTICATED');
    expect(await activityCount()).toBe(before);
  });
});

describe('GET /certificates/ids', () => {
  let clientId: string;
  let made: string[];
  beforeAll(async () => {
    clientId = (await insertClient(db(), { name: 'Selection Films' })).id;
    made = [];
    for (const status of ['pending', 'active', 'revoked', 'active'] as const) {
      clock.advance(60_000);
      made.push((await insertCertificates(clientId, [status]))[0]!);
    }
  });
  const idsOf = async (as: Caller, query: string) => {
    const response = await as.get(`/certificates/ids?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return selectionIdsResponseSchema.parse(response.json()).data;
  };

  it("answers the ids the list's filters match, newest first, with their total", async () => {
    expect(await idsOf(viewer, `clientId=${clientId}`)).toEqual({ ids: [...made].reverse(), total: 4 });
    expect(await idsOf(viewer, `clientId=${clientId}&status=active`)).toEqual({
      ids: [made[3], made[1]],
      total: 2,
    });
    expect(await idsOf(viewer, 'search=selection%20films&status=revoked')).toEqual({
      ids: [made[2]],
      total: 1,
    });
    // The list's own query, paging and sort included, is accepted as it is.
    expect(
      await idsOf(viewer, `clientId=${clientId}&page=2&limit=1&sort=validTo&order=asc&status=pending`),
    ).toEqual({ ids: [made[0]], total: 1 });
  });

  it('answers every certificate unfiltered, its total from the counters', async () => {
    const { ids, total } = await idsOf(viewer, '');
    expect(ids).toHaveLength(total);
    expect(total).toBe(await db().$count(certificates));
    expect(ids[0]).toBe(made[3]);
  });

  it('refuses an unknown parameter or a bad filter, and anonymous callers', async () => {
    expectRefusal(
      await viewer.get('/certificates/ids?stauts=active'),
      400,
      'VALIDATION_FAILED',
      unknownQueryParameterMessage('stauts'),
    );
    expectRefusal(
      await viewer.get('/certificates/ids?clientId=nope'),
      400,
      'VALIDATION_FAILED',
      'clientId must be a UUID',
    );
    expectRefusal(await anonymous.get('/certificates/ids'), 401, 'UNAUTHENTICATED');
  });
});
