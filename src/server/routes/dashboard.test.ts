import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  activityResponseSchema,
  DAY_MS,
  dashboardStatsSchema,
  errorBodySchema,
  expirationResponseSchema,
} from '../../contract';
import { queryRows } from '../db/rows';
import { LICENSED_LIST } from '../services/certificates/status-rules';
import { recordActivity } from '../services/shared/audit';
import { runExpirySweep } from '../services/certificates/expiry-sweep';
import { createUser, TestClock } from '../../../tests/support/test-app';
import { callerAs, type Caller, type SignedInCaller, testAppPerFile } from '../../../tests/support/callers';
import {
  certificateBody,
  certificateInStatus,
  expectCountersConsistent,
  insertClient,
  type ClientFixture,
} from '../../../tests/support/certificates';

const clock = new TestClock();
let editor: SignedInCaller;
let viewer: SignedInCaller;
let client: ClientFixture;

const ctx = testAppPerFile({ clock, env: { ACCESS_TOKEN_TTL_SECONDS: '86400' } });

beforeAll(async () => {
  editor = await callerAs(ctx, 'editor');
  viewer = await callerAs(ctx, 'viewer');
  client = await insertClient(ctx.database.db, { name: 'Dash Client' });
});

const today = () => clock.now().getTime();

/** A certificate in a status, valid from yesterday to `validTo`. */
const certificateIn = (
  status: 'pending' | 'active' | 'distributed' | 'revoked',
  validTo: number,
  clientId = client.id,
) => certificateInStatus(editor, status, certificateBody(clientId, today() - DAY_MS, { validTo }));

describe('GET /dashboard/stats', () => {
  it('answers the counts of every status and of live clients at the top level', async () => {
    const empty = dashboardStatsSchema.parse((await viewer.get('/dashboard/stats')).json());
    expect(empty).toEqual({
      totalClients: 1,
      activeCertificates: 0,
      distributedCertificates: 0,
      expiredCertificates: 0,
      pendingCertificates: 0,
      revokedCertificates: 0,
    });

    await insertClient(ctx.database.db, { isActive: false });
    await insertClient(ctx.database.db, { deleted: true });
    await certificateIn('pending', today() + 10 * DAY_MS);
    await certificateIn('active', today() + 10 * DAY_MS);
    await certificateIn('active', today() + 10 * DAY_MS);
    await certificateIn('distributed', today() + 10 * DAY_MS);
    await certificateIn('revoked', today() + 10 * DAY_MS);
    await certificateIn('active', today() + 60_000);
    clock.advance(60_000);
    await runExpirySweep({ db: ctx.database.db, now: clock.now });

    const response = await viewer.get('/dashboard/stats');
    expect(response.statusCode).toBe(200);
    expect(dashboardStatsSchema.strict().parse(response.json())).toEqual({
      totalClients: 2,
      activeCertificates: 2,
      distributedCertificates: 1,
      expiredCertificates: 1,
      pendingCertificates: 1,
      revokedCertificates: 1,
    });
  });
});

describe('GET /dashboard/certificate-expiration', () => {
  it('lists active and distributed certificates ending within the window, soonest first, with days rounded up', async () => {
    const other = await insertClient(ctx.database.db, { name: 'Expiry Client' });
    const hour = await certificateIn('active', today() + 3_600_000, other.id);
    const threeDays = await certificateIn('distributed', today() + 3 * DAY_MS, other.id);
    const sevenExactly = await certificateIn('active', today() + 7 * DAY_MS, other.id);
    const sevenAndABit = await certificateIn('active', today() + 7 * DAY_MS + 1, other.id);
    const thirty = await certificateIn('active', today() + 30 * DAY_MS, other.id);
    await certificateIn('pending', today() + 2 * DAY_MS, other.id);
    await certificateIn('revoked', today() + 2 * DAY_MS, other.id);
    await certificateIn('active', today() + 31 * DAY_MS, other.id);

    const week = expirationResponseSchema.parse(
      (await viewer.get('/dashboard/certificate-expiration?days=7')).json(),
    ).expiringCertificates;
    const mine = (rows: typeof week) => rows.filter((r) => r.clientName === 'Expiry Client');
    expect(mine(week).map((r) => [r.uuid, r.daysUntilExpiry])).toEqual([
      [hour.uuid, 1],
      [threeDays.uuid, 3],
      [sevenExactly.uuid, 7],
    ]);
    expect(mine(week)[0]).toEqual({
      uuid: hour.uuid,
      serialNumber: hour.serialNumber,
      clientName: 'Expiry Client',
      studioCount: hour.studioCount,
      userCount: hour.userCount,
      validTo: hour.validTo,
      daysUntilExpiry: 1,
      status: 'active',
    });
    // A distributed certificate says so (the dashboard once labelled it ACTIVE).
    expect(mine(week)[1]?.status).toBe('distributed');

    // The default window is 30 days.
    const month = expirationResponseSchema.parse(
      (await viewer.get('/dashboard/certificate-expiration')).json(),
    ).expiringCertificates;
    expect(mine(month).map((r) => r.uuid)).toEqual([
      hour.uuid,
      threeDays.uuid,
      sevenExactly.uuid,
      sevenAndABit.uuid,
      thirty.uuid,
    ]);
    expect(mine(month)[3]!.daysUntilExpiry).toBe(8);

    // A certificate at its end is expired, not expiring.
    clock.set(hour.validTo);
    const after = expirationResponseSchema.parse(
      (await viewer.get('/dashboard/certificate-expiration?days=7')).json(),
    ).expiringCertificates;
    expect(mine(after).map((r) => r.uuid)).toEqual([threeDays.uuid, sevenExactly.uuid, sevenAndABit.uuid]);
  });

  it.each([
    ['days=0', 'days must be at least 1'],
    ['days=366', 'days must be at most 365'],
    ['days=1.5', 'days must be a whole number'],
    ['days=soon', 'days must be a number'],
  ])('refuses ?%s with 400', async (query, message) => {
    const response = await viewer.get(`/dashboard/certificate-expiration?${query}`);
    expect(response.statusCode).toBe(400);
    expect(errorBodySchema.parse(response.json())).toEqual({
      code: 'VALIDATION_FAILED',
      message,
      errors: { days: message },
    });
  });

  it('counts its window from the day-by-day counters as exactly as from the rows, at any time of day', async () => {
    // Without a search, `total` is the ending counters of the window's whole UTC days plus its two edge
    // days' rows. Ends on both sides of every boundary: now, midnight, the window's last midnight and its end.
    const start = today();
    const midnight = Math.floor(start / DAY_MS) * DAY_MS;
    const ends = [
      start + 1,
      midnight + DAY_MS - 1,
      midnight + DAY_MS,
      midnight + 2 * DAY_MS + 5,
      start + 3 * 3_600_000,
      midnight + 7 * DAY_MS - 1,
      midnight + 7 * DAY_MS,
      start + 7 * DAY_MS,
      start + 7 * DAY_MS + 1,
      midnight + 8 * DAY_MS,
      start + 30 * DAY_MS,
      start + 31 * DAY_MS,
    ];
    const statuses = ['active', 'distributed', 'pending', 'revoked'] as const;
    const made = [];
    for (const [index, end] of ends.entries()) made.push(await certificateIn(statuses[index % 4]!, end));
    // A renewal moves an end out of the week and another into the month's last day.
    const renew = (id: string, validTo: number) =>
      editor
        .post(`/certificates/${id}/renew`, { validTo })
        .then((r) => expect(r.statusCode, r.body).toBe(200));
    await renew(made[0]!.uuid, start + 40 * DAY_MS);
    await renew(made[5]!.uuid, start + 30 * DAY_MS);
    await expectCountersConsistent(ctx.database.db);

    const counted = async (days: number) => {
      const at = clock.now().toISOString();
      const [row] = await queryRows<{ n: number }>(
        ctx.database.db,
        sql`select count(*)::int as n from certificates where status in ${LICENSED_LIST}
            and valid_to > ${at}::timestamptz and valid_to <= ${at}::timestamptz + ${days} * interval '1 day'`,
      );
      return Number(row!.n);
    };
    // On a page (the page carries the count) and past the last page (the count is read alone): the same total.
    const total = async (days: number) => {
      const read = async (page: number) =>
        expirationResponseSchema.parse(
          (await viewer.get(`/dashboard/certificate-expiration?days=${days}&limit=1&page=${page}`)).json(),
        ).total;
      const [first, pastTheEnd] = [await read(1), await read(9999)];
      expect(pastTheEnd).toBe(first);
      return first;
    };
    try {
      for (const shift of [0, 1, 3 * 3_600_000, 12 * 3_600_000, DAY_MS - start + midnight - 1]) {
        clock.set(start + shift);
        for (const days of [1, 2, 7, 30])
          expect([shift, days, await total(days)]).toEqual([shift, days, await counted(days)]);
      }
    } finally {
      clock.set(start);
    }
  });

  it('answers 100 rows at most by default, pages past them, and searches by serial number or client name', async () => {
    const bulk = await insertClient(ctx.database.db, { name: 'Bulk Expiry' });
    await ctx.database.db.execute(sql`
      insert into certificates (id, client_id, serial_number, studio_count, user_count, valid_from, valid_to, status)
      select gen_random_uuid(), ${bulk.id}, 'BULK-EXP-' || i, 1, 1, ${new Date(today() - DAY_MS).toISOString()}::timestamptz,
             ${clock.now().toISOString()}::timestamptz + i * interval '1 minute', 'active'
      from generate_series(1, 120) i`);
    const rows = expirationResponseSchema.parse(
      (await viewer.get('/dashboard/certificate-expiration?days=365')).json(),
    ).expiringCertificates;
    expect(rows).toHaveLength(100);
    const times = rows.map((r) => r.validTo);
    expect(times).toEqual([...times].sort((a, b) => a - b));

    // Page and limit reach past the first hundred, with the total of all that match.
    const page = async (query: string) =>
      expirationResponseSchema.parse(
        (await viewer.get(`/dashboard/certificate-expiration?days=365&${query}`)).json(),
      );
    const second = await page('page=2&limit=100&search=BULK-EXP');
    expect(second).toMatchObject({ total: 120, page: 2, limit: 100 });
    expect(second.expiringCertificates.map((r) => r.serialNumber)).toEqual(
      Array.from({ length: 20 }, (_, i) => `BULK-EXP-${101 + i}`),
    );
    const byClient = await page('search=bulk%20expiry&limit=5');
    expect(byClient.total).toBe(120);
    expect(byClient.expiringCertificates).toHaveLength(5);
    expect((await page('search=no-such-thing')).total).toBe(0);
    expect(await page('page=9&limit=100&search=BULK-EXP')).toMatchObject({
      total: 120,
      expiringCertificates: [],
    });
    expect((await viewer.get('/dashboard/certificate-expiration?limit=101')).statusCode).toBe(400);
  });
});

describe('GET /dashboard/activity', () => {
  it('pages the log newest first with the actor name, System when there is none', async () => {
    clock.advance(1000);
    await recordActivity(ctx.database.db, null, {
      type: 'client.updated',
      targetType: 'client',
      description: 'by nobody',
      at: clock.now(),
    });
    clock.advance(1000);
    const latest = await certificateIn('pending', today() + DAY_MS);

    const page = activityResponseSchema.parse(
      (await viewer.get('/dashboard/activity?page=1&limit=2')).json(),
    );
    expect(page.page).toBe(1);
    expect(page.limit).toBe(2);
    expect(page.activities.map((a) => [a.type, a.performedBy])).toEqual([
      ['certificate.created', editor.user.name],
      ['client.updated', 'System'],
    ]);
    expect(page.activities[0]!.description).toContain(latest.serialNumber);
    expect(page.activities[0]!.createdAt).toBe(today());

    // A viewer's total counts what a viewer may read: certificate and client activity.
    const [count] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from activities where target_type in ('certificate', 'client')`,
    );
    expect(page.total).toBe(Number(count!.n));

    const second = activityResponseSchema.parse(
      (await viewer.get('/dashboard/activity?page=2&limit=2')).json(),
    );
    expect(second.activities).toHaveLength(2);
    expect(second.activities.map((a) => a.id)).not.toContain(page.activities[0]!.id);
    const defaults = activityResponseSchema.parse((await viewer.get('/dashboard/activity')).json());
    expect(defaults).toMatchObject({ page: 1, limit: 10 });
  });

  it('keeps only certificate activity with type=certificate', async () => {
    const page = activityResponseSchema.parse(
      (await viewer.get('/dashboard/activity?type=certificate&limit=100')).json(),
    );
    expect(page.activities.length).toBeGreaterThan(0);
    expect(page.activities.every((a) => a.type.startsWith('certificate.'))).toBe(true);
    const all = activityResponseSchema.parse((await viewer.get('/dashboard/activity?limit=100')).json());
    expect(all.total).toBeGreaterThan(page.total);
  });

  it.each([
    ['type=everything', 'type', 'type must be certificate, client or user'],
    ['limit=101', 'limit', 'limit must be at most 100'],
    ['page=0', 'page', 'page must be at least 1'],
  ])('refuses ?%s with 400', async (query, field, message) => {
    const response = await viewer.get(`/dashboard/activity?${query}`);
    expect(response.statusCode).toBe(400);
    expect(errorBodySchema.parse(response.json()).errors?.[field]).toBe(message);
  });
});

describe('what each role reads of the activity log', () => {
  const readAs = async (as: Caller, query = '') => {
    const response = await as.get(`/dashboard/activity?limit=100${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return activityResponseSchema.parse(response.json());
  };
  const countOf = async (where: string) =>
    Number(
      (
        await queryRows<{ n: number }>(
          ctx.database.db,
          sql.raw(`select count(*)::int as n from activities ${where}`),
        )
      )[0]!.n,
    );

  it('shows user-management activity only to owners and admins, who read the whole log', async () => {
    const owner = await callerAs(ctx, 'owner');
    const admin = await callerAs(ctx, 'admin');
    // User-management activity with staff e-mails, as the users service writes it.
    const target = await createUser(ctx, 'viewer');
    const disabled = await owner.put(`/users/${target.id}`, { isActive: false });
    expect(disabled.statusCode).toBe(200);
    clock.advance(1000);
    await certificateIn('pending', today() + DAY_MS);

    for (const manager of [owner, admin]) {
      const all = await readAs(manager);
      expect(all.total).toBe(await countOf(''));
      expect(all.activities.some((a) => a.type === 'user.disabled')).toBe(true);
      const users = await readAs(manager, '&type=user');
      expect(users.activities.length).toBeGreaterThan(0);
      // The security events (sign-ins) are about users too.
      expect(users.activities.every((a) => a.type.startsWith('user.') || a.type.startsWith('auth.'))).toBe(
        true,
      );
      expect(users.total).toBe(await countOf(`where target_type = 'user'`));
    }

    for (const reader of [editor, viewer]) {
      const refused = await reader.get('/dashboard/activity?type=user');
      expect(refused.statusCode).toBe(403);
      expect(errorBodySchema.parse(refused.json())).toMatchObject({ code: 'FORBIDDEN' });
      // The unfiltered feed leaves user activity (and anything else outside certificates and clients) out, total included.
      const feed = await readAs(reader);
      expect(feed.activities.length).toBeGreaterThan(0);
      expect(
        feed.activities.every((a) => a.type.startsWith('certificate.') || a.type.startsWith('client.')),
      ).toBe(true);
      expect(feed.total).toBe(await countOf(`where target_type in ('certificate', 'client')`));
      expect(JSON.stringify(feed)).not.toContain(target.email);
      // Certificate and client activity stays theirs.
      expect((await readAs(reader, '&type=certificate')).total).toBe(
        await countOf(`where target_type = 'certificate'`),
      );
      expect((await readAs(reader, '&type=client')).total).toBe(
        await countOf(`where target_type = 'client'`),
      );
    }
  });
});
