import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  certificatesListResponseSchema,
  dashboardStatsSchema,
  expirationResponseSchema,
  licenseFileSchema,
} from '../../contract';
import { queryRows } from '../db/rows';
import { runExpirySweep } from '../services/certificates/expiry-sweep';
import { createTestApp, signIn, TestClock, type TestContext } from '../../../tests/support/test-app';
import { expectCountersConsistent, insertClient } from '../../../tests/support/certificates';
import { DemoSeedRefused, describeDemoSeed, seedDemo, type DemoSeedSummary } from './demo';

let ctx: TestContext;
const clock = new TestClock();
let summary: DemoSeedSummary;
let headers: { authorization: string };

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  summary = await seedDemo(ctx.database.db, { now: clock.now(), licenses: ctx.app.licensing });
  const editor = summary.users.find((u) => u.role === 'editor')!;
  headers = (await signIn(ctx, { email: editor.email, password: summary.password })).headers;
});
afterAll(() => ctx.close());

const count = async (query: ReturnType<typeof sql>) =>
  Number((await queryRows<{ n: number }>(ctx.database.db, query))[0]!.n);

describe('seed-demo', () => {
  it('loads staff of every role, 30 clients and 200 certificates in every status', async () => {
    expect(summary.users.map((u) => u.role).sort()).toEqual([
      'admin',
      'admin',
      'editor',
      'editor',
      'editor',
      'owner',
      'viewer',
      'viewer',
      'viewer',
    ]);
    expect(summary.clients).toBe(30);
    expect(summary.certificates).toEqual({
      pending: 25,
      active: 80,
      distributed: 45,
      expired: 30,
      revoked: 20,
    });
    expect(await count(sql`select count(*)::int as n from clients`)).toBe(30);
    expect(await count(sql`select count(*)::int as n from certificates`)).toBe(200);
    expect(await count(sql`select count(distinct serial_number)::int as n from certificates`)).toBe(200);
    expect(await count(sql`select count(*)::int as n from client_users`)).toBeGreaterThanOrEqual(30);
    await expectCountersConsistent(ctx.database.db);
    expect(describeDemoSeed(summary)).toContain("Sign in with password 'demo-password'");
  });

  it('shows a populated dashboard, with certificates expiring within 7 and 30 days', async () => {
    const stats = dashboardStatsSchema.parse(
      (await ctx.app.inject({ url: '/api/v1/dashboard/stats', headers })).json(),
    );
    expect(stats).toEqual({
      totalClients: 30,
      activeCertificates: 80,
      distributedCertificates: 45,
      expiredCertificates: 30,
      pendingCertificates: 25,
      revokedCertificates: 20,
    });
    const week = expirationResponseSchema.parse(
      (await ctx.app.inject({ url: '/api/v1/dashboard/certificate-expiration?days=7', headers })).json(),
    );
    const month = expirationResponseSchema.parse(
      (await ctx.app.inject({ url: '/api/v1/dashboard/certificate-expiration?days=30', headers })).json(),
    );
    expect(week.expiringCertificates).toHaveLength(summary.expiringWithin7Days);
    expect(month.expiringCertificates).toHaveLength(summary.expiringWithin30Days);
    expect(summary.expiringWithin7Days).toBeGreaterThanOrEqual(5);
    expect(summary.expiringWithin30Days).toBeGreaterThan(summary.expiringWithin7Days);
    const activity = (
      await ctx.app.inject({ url: '/api/v1/dashboard/activity?type=certificate&limit=5', headers })
    ).json() as { activities: unknown[] };
    expect(activity.activities).toHaveLength(5);
  });

  it('gives every certificate a consistent history, never in the future', async () => {
    expect(
      await count(
        sql`select count(*)::int as n from certificates c where not exists (select 1 from certificate_records r where r.certificate_id = c.id and r.action = 'created')`,
      ),
    ).toBe(0);
    expect(
      await count(
        sql`select count(*)::int as n from certificates c where c.status <> 'pending' and not exists (select 1 from certificate_records r where r.certificate_id = c.id and r.action = 'activated')`,
      ),
    ).toBe(0);
    expect(
      await count(
        sql`select count(*)::int as n from certificates c where c.status = 'distributed' and not exists (select 1 from certificate_records r where r.certificate_id = c.id and r.action = 'downloaded')`,
      ),
    ).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from certificate_records where action = 'expired'`),
    ).toBe(30);
    expect(
      await count(sql`select count(*)::int as n from certificate_records where action = 'revoked'`),
    ).toBe(20);
    expect(
      await count(
        sql`select count(*)::int as n from certificate_records where created_at > ${clock.now().toISOString()}::timestamptz`,
      ),
    ).toBe(0);
    expect(
      await count(
        sql`select count(*)::int as n from activities where created_at > ${clock.now().toISOString()}::timestamptz`,
      ),
    ).toBe(0);
    expect(
      await count(
        sql`select count(*)::int as n from certificates where status <> 'pending' and license_payload is null`,
      ),
    ).toBe(0);
    // Nothing is past due: the sweep has nothing to do.
    expect(await runExpirySweep({ db: ctx.database.db, now: clock.now })).toBe(0);
  });

  it('hands out a signed licence for a seeded active certificate', async () => {
    const list = certificatesListResponseSchema.parse(
      (await ctx.app.inject({ url: '/api/v1/certificates?status=active&limit=1', headers })).json(),
    ).data;
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/certificates/${list.certificates[0]!.uuid}/download`,
      headers,
    });
    expect(response.statusCode).toBe(200);
    const file = licenseFileSchema.parse(response.json());
    const validation = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/certificates/validate',
      payload: { license: file },
    });
    expect(validation.json()).toMatchObject({ data: { valid: true, code: 'VALID' } });
  });

  it('refuses to run twice, and on a database with data', async () => {
    await expect(seedDemo(ctx.database.db, { now: clock.now() })).rejects.toThrow(
      /^Demo data was already loaded into this database/,
    );
    await expect(seedDemo(ctx.database.db, { now: clock.now() })).rejects.toBeInstanceOf(DemoSeedRefused);

    const other = await createTestApp({ clock });
    try {
      await insertClient(other.database.db, { name: 'Real customer' });
      await expect(seedDemo(other.database.db, { now: clock.now() })).rejects.toThrow(
        'This database already holds 1 client and 0 certificates; seed-demo only fills an empty database, so demo data never mixes with real data.',
      );
      expect(
        await queryRows(other.database.db, sql`select 1 from users where email like '%@demo.example'`),
      ).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
