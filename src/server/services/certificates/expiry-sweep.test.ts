import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  describeDay,
  activityResponseSchema,
  certificateRecordsResponseSchema,
  DAY_MS,
  dashboardStatsSchema,
} from '../../../contract';
import { queryRows } from '../../db/rows';
import { certificates, clients } from '../../db/schema';
import { TestClock } from '#tests/support/test-app.ts';
import { callerAs, type SignedInCaller, testAppPerFile } from '#tests/support/callers.ts';
import {
  certificateBody,
  certificateInStatus,
  createCertificate,
  expectCountersConsistent,
  historyActions,
  insertClient,
  stepRequest,
  type ClientFixture,
} from '#tests/support/certificates.ts';
import { runExpirySweep, startExpirySweeper } from './expiry-sweep';

const clock = new TestClock();
let editor: SignedInCaller;
let client: ClientFixture;

const ctx = testAppPerFile({ clock, env: { ACCESS_TOKEN_TTL_SECONDS: '86400' } });

beforeAll(async () => {
  editor = await callerAs(ctx, 'editor');
  client = await insertClient(ctx.database.db, { name: 'Sweep Client' });
});

const today = () => clock.now().getTime();
const sweepCtx = () => ({ db: ctx.database.db, now: clock.now, log: ctx.app.log });

/** A certificate in a status, valid until `validTo`. */
const certificateIn = async (status: 'pending' | 'active' | 'distributed' | 'revoked', validTo: number) =>
  (await certificateInStatus(editor, status, certificateBody(client.id, today() - DAY_MS, { validTo }))).uuid;

const storedStatus = async (id: string) =>
  (
    await ctx.database.db
      .select({ status: certificates.status })
      .from(certificates)
      .where(eq(certificates.id, id))
  )[0]?.status;
const expiredRecordCount = async (ids: string[]) =>
  Number(
    (
      await queryRows<{ n: number }>(
        ctx.database.db,
        sql`select count(*)::int as n from certificate_records where action = 'expired' and certificate_id = any(${sql.param(ids)}::uuid[])`,
      )
    )[0]!.n,
  );

describe('expiry sweep', () => {
  it('expires active and distributed certificates once validTo has passed, with one record and activity each', async () => {
    const soon = today() + 60_000;
    const active = await certificateIn('active', soon);
    const distributed = await certificateIn('distributed', soon);
    const pending = await certificateIn('pending', soon);
    const revoked = await certificateIn('revoked', soon);
    const later = await certificateIn('active', today() + DAY_MS);
    const [before] = await ctx.database.db.select().from(clients).where(eq(clients.id, client.id));

    // Nothing is due yet.
    expect(await runExpirySweep(sweepCtx())).toBe(0);
    // validTo is exclusive: at validTo exactly the certificate is no longer valid.
    clock.set(soon);
    expect(await runExpirySweep(sweepCtx())).toBe(2);

    expect(await storedStatus(active)).toBe('expired');
    expect(await storedStatus(distributed)).toBe('expired');
    expect(await storedStatus(pending)).toBe('pending');
    expect(await storedStatus(revoked)).toBe('revoked');
    expect(await storedStatus(later)).toBe('active');
    expect((await historyActions(ctx.database.db, distributed))[0]).toBe('expired');

    const records = certificateRecordsResponseSchema.parse(
      (await editor.get(`/certificates/${active}/records`)).json(),
    ).data;
    expect(records[0]).toMatchObject({
      action: 'expired',
      performBy: null,
      createdAt: soon,
      description: `Certificate expired: its validity period ended on ${describeDay(soon)}`,
    });

    const activity = activityResponseSchema.parse(
      (await editor.get('/dashboard/activity?type=certificate&limit=2')).json(),
    );
    expect(activity.activities.map((a) => [a.type, a.performedBy])).toEqual([
      ['certificate.expired', 'System'],
      ['certificate.expired', 'System'],
    ]);

    const [after] = await ctx.database.db.select().from(clients).where(eq(clients.id, client.id));
    expect(after!.activeCertificates).toBe(before!.activeCertificates - 2);
    expect(after!.certificateCount).toBe(before!.certificateCount);
    await expectCountersConsistent(ctx.database.db);

    // A second sweep finds nothing and writes nothing.
    expect(await runExpirySweep(sweepCtx())).toBe(0);
    expect(await expiredRecordCount([active, distributed])).toBe(2);
  });

  it('works through many due certificates in batches, and two sweeps at once expire each only once', async () => {
    const soon = today() + 60_000;
    const ids: string[] = [];
    for (let i = 0; i < 12; i += 1)
      ids.push(await certificateIn(i % 3 === 0 ? 'distributed' : 'active', soon));
    clock.set(soon + 1);
    const [a, b] = await Promise.all([
      runExpirySweep(sweepCtx(), { batchSize: 5 }),
      runExpirySweep(sweepCtx(), { batchSize: 5 }),
    ]);
    expect(a + b).toBe(12);
    const rows = await ctx.database.db
      .select({ status: certificates.status })
      .from(certificates)
      .where(inArray(certificates.id, ids));
    expect(rows.every((r) => r.status === 'expired')).toBe(true);
    expect(await expiredRecordCount(ids)).toBe(12);
    await expectCountersConsistent(ctx.database.db);
  });

  it('keeps the dashboard right between sweeps: stats count a past-due certificate as expired already', async () => {
    const id = await certificateIn('active', today() + 60_000);
    const stats = async () => dashboardStatsSchema.parse((await editor.get('/dashboard/stats')).json());
    const before = await stats();
    clock.advance(60_000);
    const between = await stats();
    expect(between.activeCertificates).toBe(before.activeCertificates - 1);
    expect(between.expiredCertificates).toBe(before.expiredCertificates + 1);
    await runExpirySweep(sweepCtx());
    expect(await storedStatus(id)).toBe('expired');
    expect(await stats()).toEqual(between);
  });

  it("keeps clients' active counts right between sweeps, in the client, its list, a user's clients and the CSV", async () => {
    const own = await insertClient(ctx.database.db, { name: `Between Sweeps ${Date.now()}` });
    const admin = await callerAs(ctx, 'admin');
    const { user } = admin;
    expect((await admin.put(`/users/${user.id}/clients`, { clientUuids: [own.id] })).statusCode).toBe(200);
    const id = (
      await createCertificate(
        editor,
        certificateBody(own.id, today() - DAY_MS, { validTo: today() + 60_000 }),
      )
    ).uuid;
    expect((await stepRequest(editor, id, 'activate')).statusCode).toBe(200);

    const counts = async () => {
      const one = (await editor.get(`/clients/${own.id}`)).json().data;
      const listed = (await editor.get(`/clients?search=${encodeURIComponent(own.name)}`)).json().clients[0];
      const assigned = (await admin.get(`/users/${user.id}/clients`)).json().data[0];
      const csv = (await editor.get(`/clients/export?search=${encodeURIComponent(own.name)}`)).body;
      const csvRow = csv.trim().split('\n')[1]!.split(',');
      return [
        one.activeCertificates,
        listed.activeCertificates,
        assigned.active_certificates,
        Number(csvRow[7]),
      ];
    };
    expect(await counts()).toEqual([1, 1, 1, 1]);
    clock.advance(60_000);
    expect(await counts()).toEqual([0, 0, 0, 0]);
    await runExpirySweep(sweepCtx());
    expect(await storedStatus(id)).toBe('expired');
    expect(await counts()).toEqual([0, 0, 0, 0]);
  });

  it('runs at start and then on every tick until stopped', async () => {
    const first = await certificateIn('active', today() + 60_000);
    clock.advance(60_000);
    const sweeper = startExpirySweeper(sweepCtx(), { intervalMs: 25 });
    try {
      await expect.poll(() => storedStatus(first), { timeout: 5000 }).toBe('expired');
      const second = await certificateIn('active', today() + 60_000);
      clock.advance(60_000);
      await expect.poll(() => storedStatus(second), { timeout: 5000 }).toBe('expired');
    } finally {
      await sweeper.stop();
    }
    const third = await certificateIn('active', today() + 60_000);
    clock.advance(60_000);
    expect(await sweeper.runNow()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await storedStatus(third)).toBe('active');
    await runExpirySweep(sweepCtx());
  });
});
