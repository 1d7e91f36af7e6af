// seed-bulk's rows must be what the API serves: valid ids, consistent counters and history.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityResponseSchema,
  certificatesListResponseSchema,
  clientsListResponseSchema,
  dashboardStatsSchema,
  usersListResponseSchema,
} from '../../contract';
import { queryRows } from '../db/rows';
import { createTestApp, userWithSession, type TestContext } from '../../../tests/support/test-app';
import { progressBar, seedBulk } from './bulk';

let ctx: TestContext;
let indexesBefore: string[];
const indexDefinitions = async () =>
  (
    await queryRows<{ definition: string }>(
      ctx.database.db,
      sql`select indexdef as definition from pg_indexes where tablename in ('certificates', 'certificate_records', 'activities') order by indexname`,
    )
  ).map((row) => row.definition);

beforeAll(async () => {
  ctx = await createTestApp({ env: {} });
  indexesBefore = await indexDefinitions();
  await seedBulk(ctx.database.db, { clients: 40, certificates: 500, users: 12, batchSize: 150 });
});
afterAll(() => ctx.close());

describe('seed-bulk', () => {
  it('fills data every list call serves and the counters agree with the rows', async () => {
    const { headers } = await userWithSession(ctx, 'owner');
    const get = async (url: string) => {
      const response = await ctx.app.inject({ url, headers });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as unknown;
    };
    expect(certificatesListResponseSchema.parse(await get('/api/v1/certificates?limit=100')).data.total).toBe(
      500,
    );
    expect(clientsListResponseSchema.parse(await get('/api/v1/clients?limit=100')).total).toBe(40);
    expect(usersListResponseSchema.parse(await get('/api/v1/users?limit=100')).data.total).toBe(13);
    const stats = dashboardStatsSchema.parse(await get('/api/v1/dashboard/stats'));
    const [byStatus] = await queryRows<Record<string, number>>(
      ctx.database.db,
      sql`
      select count(*) filter (where status = 'pending')::int as pending, count(*) filter (where status = 'active')::int as active,
             count(*) filter (where status = 'distributed')::int as distributed, count(*) filter (where status = 'expired')::int as expired,
             count(*) filter (where status = 'revoked')::int as revoked from certificates`,
    );
    expect(stats).toEqual({
      totalClients: 40,
      pendingCertificates: byStatus!.pending,
      activeCertificates: byStatus!.active,
      distributedCertificates: byStatus!.distributed,
      expiredCertificates: byStatus!.expired,
      revokedCertificates: byStatus!.revoked,
    });
    expect(byStatus!.pending! * byStatus!.active! * byStatus!.expired! * byStatus!.revoked!).toBeGreaterThan(
      0,
    );
    const [records] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from certificate_records`,
    );
    expect(records!.n).toBe(
      500 + byStatus!.active! + byStatus!.distributed! + byStatus!.expired! + byStatus!.revoked!,
    );
    // The activity log's total comes from its counter, which the seed sets from the rows.
    const [activityRows] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from activities`,
    );
    expect(activityResponseSchema.parse(await get('/api/v1/dashboard/activity?page=1&limit=10')).total).toBe(
      activityRows!.n,
    );
    expect(
      activityResponseSchema.parse(await get('/api/v1/dashboard/activity?page=1&limit=10&type=certificate'))
        .total,
    ).toBe(500);
  });

  it('gives certificates distinct, random-looking serial numbers that a search by a few characters finds', async () => {
    const { headers } = await userWithSession(ctx, 'viewer');
    const [{ serial, distinct }] = (await queryRows<{ serial: string; distinct: number }>(
      ctx.database.db,
      sql`select min(serial_number) as serial, count(distinct serial_number)::int as distinct from certificates`,
    )) as [{ serial: string; distinct: number }];
    expect(distinct).toBe(500);
    expect(serial).toMatch(/^SN-[0-9A-F]{8}-[0-9A-F]{8}$/);
    const response = await ctx.app.inject({
      url: `/api/v1/certificates?search=${serial.slice(-6)}`,
      headers,
    });
    expect(
      certificatesListResponseSchema.parse(response.json()).data.certificates.map((c) => c.serialNumber),
    ).toContain(serial);
  });

  it('rebuilds every index it dropped to load an empty database faster', async () => {
    expect(indexesBefore.length).toBeGreaterThan(5);
    expect(await indexDefinitions()).toEqual(indexesBefore);
  });

  it('draws a progress bar', () => {
    expect(progressBar('clients', 5, 10, 10)).toBe('clients      [#####     ]  50% 5/10');
  });
});
