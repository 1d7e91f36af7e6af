// The in-memory databases the server tests run on (tests/support/test-database.ts): a database a test app closed is
// handed to the next one emptied back to the migrated state, so what one file wrote never reaches another.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../../src/server/db/rows';
import { openTestDatabase, type TestDatabase } from '../../support/test-database';

/** What a test could notice of a database: its rows per table, its counters, the next activity id. */
async function stateOf(database: TestDatabase) {
  const counts = await queryRows<{ users: number; clients: number; activities: number; roles: number }>(
    database.db,
    sql`select (select count(*)::int from users) as users, (select count(*)::int from clients) as clients,
          (select count(*)::int from activities) as activities, (select count(*)::int from roles) as roles`,
  );
  const counters = await queryRows<{ key: string; value: string }>(
    database.db,
    sql`select key, value::text as value from counters order by key`,
  );
  return { counts: counts[0], counters };
}

async function write(database: TestDatabase) {
  await database.db.execute(
    sql`insert into clients (id, name) values (gen_random_uuid(), 'Written by an earlier file')`,
  );
  await database.db.execute(sql`update counters set value = value + 7`);
  await database.db.execute(
    sql`insert into activities (type, target_type, description) values ('client.created', 'client', 'x')`,
  );
}

describe('a test database', () => {
  it('is in the migrated state when it comes back from an earlier test app', async () => {
    const first = await openTestDatabase();
    const migrated = await stateOf(first);
    expect(migrated.counts).toEqual({ users: 0, clients: 0, activities: 0, roles: 4 });
    await write(first);
    await first.db.execute(sql`select pg_advisory_lock(1)`);
    await first.close();

    const next = await openTestDatabase();
    expect(await stateOf(next)).toEqual(migrated);
    // The activity ids start again, and the earlier file's advisory lock is gone.
    await write(next);
    const [activity] = await queryRows<{ id: number }>(next.db, sql`select id::int as id from activities`);
    expect(activity?.id).toBe(1);
    const [lock] = await queryRows<{ free: boolean }>(
      next.db,
      sql`select pg_try_advisory_xact_lock(1) as free`,
    );
    expect(lock?.free).toBe(true);
    await next.close();
  });

  it('is never shared by two test apps open at once', async () => {
    const one = await openTestDatabase();
    const two = await openTestDatabase();
    await write(one);
    expect((await stateOf(two)).counts?.clients).toBe(0);
    await one.close();
    await two.close();
  });

  it('is not handed on once its test changed the schema', async () => {
    const broken = await openTestDatabase();
    await broken.db.execute(sql`alter table clients rename column address to address_gone`);
    await broken.close();
    const next = await openTestDatabase();
    const columns = await queryRows<{ name: string }>(
      next.db,
      sql`select column_name as name from information_schema.columns where table_name = 'clients' and column_name like 'address%'`,
    );
    expect(columns.map((column) => column.name)).toEqual(['address']);
    await next.close();
  });
});
