// Several server processes sweep one PostgreSQL database at once: every past-due certificate is expired exactly
// once, with one `expired` record and one activity, and the counters stay equal to the rows.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../src/server/db/client';
import { queryRows } from '../../../src/server/db/rows';
import { runExpirySweep } from '../../../src/server/services/certificates/expiry-sweep';
import { recountEndingCounters } from '../../../src/server/services/shared/counters';
import { expectCountersConsistent } from '../../support/certificates';
import { createPostgresCopy } from '../../support/test-database';

const CLIENTS = 20;
const DUE = 1500;
const NOT_DUE = 100;
const now = new Date('2026-06-15T12:00:00Z');
const handles: DatabaseHandle[] = [];

beforeAll(async () => {
  const info = inject('testDatabase');
  if (info.kind !== 'postgres') throw new Error('this file runs in the server-pg project only');
  const url = await createPostgresCopy(info);
  // Two pools stand for two server processes.
  handles.push(await openDatabase({ kind: 'postgres', url, poolSize: 4 }, { migrate: false }));
  handles.push(await openDatabase({ kind: 'postgres', url, poolSize: 4 }, { migrate: false }));
  const { db } = handles[0]!;
  await db.execute(sql`
    insert into clients (id, name, certificate_count, active_certificates)
    select md5('sweep-client' || i)::uuid, 'Sweep client ' || i, 0, 0 from generate_series(1, ${CLIENTS}) i`);
  // Due certificates (validTo passed), alternately active and distributed, and some that are still valid.
  await db.execute(sql`
    insert into certificates (id, client_id, serial_number, studio_count, user_count, valid_from, valid_to, status)
    select md5('sweep-cert' || j)::uuid, md5('sweep-client' || (1 + j % ${CLIENTS}))::uuid, 'SWEEP-' || j, 1, 1,
           ${now.toISOString()}::timestamptz - interval '400 days',
           case when j <= ${DUE} then ${now.toISOString()}::timestamptz - (j % 50) * interval '1 hour'
                else ${now.toISOString()}::timestamptz + interval '30 days' end,
           case when j % 2 = 0 then 'active' else 'distributed' end
    from generate_series(1, ${DUE + NOT_DUE}) j`);
  await db.execute(sql`
    update clients c set certificate_count = x.total, active_certificates = x.total
    from (select client_id, count(*)::int as total from certificates group by client_id) x where x.client_id = c.id`);
  await db.execute(sql`
    update counters set value = (select count(*) from certificates where 'certificates.' || status = counters.key)
    where key like 'certificates.%'`);
  await recountEndingCounters(db);
  await expectCountersConsistent(db);
});

afterAll(async () => {
  for (const handle of handles) await handle.close();
});

describe('expiry sweep on PostgreSQL with two processes', () => {
  it('expires every past-due certificate exactly once while four sweepers race', async () => {
    const sweepers = [handles[0]!, handles[1]!, handles[0]!, handles[1]!].map((handle) =>
      runExpirySweep({ db: handle.db, now: () => now }, { batchSize: 50 }),
    );
    const counts = await Promise.all(sweepers);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(DUE);
    // Each sweeper did part of the work without waiting for the others' locked rows.
    expect(counts.filter((n) => n > 0).length).toBeGreaterThan(1);

    const { db } = handles[1]!;
    const [stats] = await queryRows<{
      expired: number;
      live: number;
      records: number;
      distinct_records: number;
      activities: number;
    }>(
      db,
      sql`select
        (select count(*)::int from certificates where status = 'expired') as expired,
        (select count(*)::int from certificates where status in ('active','distributed')) as live,
        (select count(*)::int from certificate_records where action = 'expired') as records,
        (select count(distinct certificate_id)::int from certificate_records where action = 'expired') as distinct_records,
        (select count(*)::int from activities where type = 'certificate.expired') as activities`,
    );
    expect(stats).toEqual({
      expired: DUE,
      live: NOT_DUE,
      records: DUE,
      distinct_records: DUE,
      activities: DUE,
    });
    await expectCountersConsistent(db);

    // Sweeping again, from both processes, changes nothing.
    expect(
      await Promise.all(handles.map((handle) => runExpirySweep({ db: handle.db, now: () => now }))),
    ).toEqual([0, 0]);
  }, 60_000);
});
