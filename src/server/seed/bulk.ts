// `seed-bulk`: fills a database with a large, realistic data set for benchmarks, generated inside the
// database with generate_series in batches (one statement per batch, no row crosses the wire).
import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import { hashPassword } from '../services/auth/passwords';
import { LICENSED_LIST } from '../services/certificates/status-rules';
import { recountEndingCounters } from '../services/shared/counters';
import { formatCount } from '../../contract/format';

export interface BulkSeedOptions {
  clients: number;
  certificates: number;
  users: number;
  batchSize?: number;
  now?: Date;
  /** Called after every batch, for the progress bar. */
  onProgress?: (phase: string, done: number, total: number) => void;
}

export const BULK_USER_PASSWORD = 'bulk-user-password';

/** Status mix by `j % 100`: 10 % pending, 50 % active, 20 % distributed, 12 % expired, 8 % revoked. */
/** A deterministic id from a text, shaped as a valid version-4 UUID (version and variant nibbles set). */
const idOf = (text: SQL) => sql`overlay(overlay(md5(${text}) placing '4' from 13) placing '8' from 17)::uuid`;

/**
 * A machine serial number like 'SN-7F3A9C21-04B2E6D1': random-looking hex as real serials are (a zero-padded
 * counter would share its trigrams with every other row and make every search look slow).
 */
const serialOf = (salt: string) =>
  sql`'SN-' || upper(substr(md5(${salt} || 'serial' || j), 1, 8)) || '-' || upper(substr(md5(${salt} || 'serial' || j), 9, 8))`;

const STATUS_OF = sql.raw(`case when j % 100 < 10 then 'pending' when j % 100 < 60 then 'active'
  when j % 100 < 80 then 'distributed' when j % 100 < 92 then 'expired' else 'revoked' end`);

export async function seedBulk(db: Db, options: BulkSeedOptions): Promise<{ salt: string }> {
  const batch = options.batchSize ?? 20_000;
  const now = options.now ?? new Date();
  // A per-run salt makes the derived ids unique, so seed-bulk can run again on the same database.
  const salt = randomBytes(4).toString('hex');
  const progress = options.onProgress ?? (() => {});
  const passwordHash = await hashPassword(BULK_USER_PASSWORD);

  async function inBatches(
    phase: string,
    total: number,
    insert: (from: number, to: number) => Promise<unknown>,
  ) {
    for (let from = 1; from <= total; from += batch) {
      const to = Math.min(total, from + batch - 1);
      await insert(from, to);
      progress(phase, to, total);
    }
  }

  await inBatches('users', options.users, (from, to) =>
    db.execute(sql`
      insert into users (id, name, email, password_hash, role_id, is_active, last_login_at, created_at, updated_at)
      select ${idOf(sql`${salt} || 'user' || i`)}, 'Bulk User ' || i, 'bulk.user' || i || '.' || ${salt} || '@example.test',
             ${passwordHash}, 2 + i % 3, i % 25 <> 0,
             case when i % 3 = 0 then null else ${now}::timestamptz - (i % 90) * interval '1 day' end,
             ${now}::timestamptz - i * interval '1 minute', ${now}::timestamptz
      from generate_series(${from}::int, ${to}::int) i`),
  );

  await inBatches('clients', options.clients, (from, to) =>
    db.execute(sql`
      insert into clients (id, name, description, contact_email, contact_phone, address, is_active, created_at, updated_at)
      select ${idOf(sql`${salt} || 'client' || i`)},
             (array['Northwind','Contoso','Globex','Initech','Umbrella','Stark','Wayne','Tyrell','Cyberdyne','Soylent'])[1 + i % 10]
               || ' ' || (array['Studios','Media','Post','Pictures','Games','Audio','Labs','Films'])[1 + (i / 10) % 8] || ' ' || ${salt} || '-' || i,
             'Seeded client ' || i, 'licensing' || i || '@client' || i || '.example', '+1 555 ' || lpad((i % 10000)::text, 4, '0'),
             i || ' Market Street, Springfield', i % 20 <> 0,
             ${now}::timestamptz - (i % 5000) * interval '1 hour', ${now}::timestamptz
      from generate_series(${from}::int, ${to}::int) i`),
  );

  const clientCount = options.clients;
  await withoutSecondaryIndexes(db, BULK_TABLES, progress, () =>
    inBatches('certificates', options.certificates, async (from, to) => {
      await db.execute(sql`
      insert into certificates (id, client_id, serial_number, studio_count, user_count, valid_from, valid_to, status, notes, last_used_at, created_at, updated_at)
      select ${idOf(sql`${salt} || 'cert' || j`)}, ${idOf(sql`${salt} || 'client' || (1 + j % ${clientCount}::int)`)},
             ${serialOf(salt)}, 1 + j % 10, 1 + j % 50,
             case when status = 'expired' then ${now}::timestamptz - interval '400 days' else ${now}::timestamptz - (j % 300) * interval '1 day' end,
             case when status = 'expired' then ${now}::timestamptz - (1 + j % 60) * interval '1 day'
                  else ${now}::timestamptz + (1 + j % 400) * interval '1 day' + (j % 24) * interval '1 hour' end,
             status, case when j % 7 = 0 then 'Renewal of an earlier licence' else '' end,
             case when status in ('active','distributed') and j % 2 = 0 then ${now}::timestamptz - (j % 30) * interval '1 day' end,
             ${now}::timestamptz - (j % 100000) * interval '5 minutes', ${now}::timestamptz
      from (select j, ${STATUS_OF} as status from generate_series(${from}::int, ${to}::int) j) s`);
      // History: created for all, plus the step that put each certificate where it is.
      await db.execute(sql`
      insert into certificate_records (id, certificate_id, action, description, actor_name, created_at)
      select ${idOf(sql`${salt} || 'rec' || j || a.action`)}, ${idOf(sql`${salt} || 'cert' || j`)}, a.action,
             'Certificate ' || a.action, 'Bulk Seeder', ${now}::timestamptz - (j % 100000) * interval '5 minutes'
      from (select j, ${STATUS_OF} as status from generate_series(${from}::int, ${to}::int) j) s
      cross join lateral (values ('created'), (case s.status when 'active' then 'activated' when 'distributed' then 'downloaded'
                                                        when 'expired' then 'expired' when 'revoked' then 'revoked' end)) a(action)
      where a.action is not null`);
      await db.execute(sql`
      insert into activities (type, description, actor_name, target_type, target_id, created_at)
      select 'certificate.created', 'Certificate ' || ${serialOf(salt)} || ' created', 'Bulk Seeder',
             'certificate', ${idOf(sql`${salt} || 'cert' || j`)}::text, ${now}::timestamptz - (j % 100000) * interval '5 minutes'
      from generate_series(${from}::int, ${to}::int) j`);
    }),
  );

  progress('counters', 0, 1);
  await db.execute(sql`
    update clients set certificate_count = x.total, active_certificates = x.live
    from (select client_id, count(*)::int as total, (count(*) filter (where status in ${LICENSED_LIST}))::int as live
          from certificates group by client_id) x
    where clients.id = x.client_id`);
  await db.execute(
    sql`update counters set value = (select count(*) from clients where deleted_at is null) where key = 'clients'`,
  );
  await db.execute(sql`
    update counters set value = coalesce((select count(*) from certificates where 'certificates.' || status = counters.key), 0)
    where key like 'certificates.%'`);
  await recountEndingCounters(db);
  await db.execute(sql`
    insert into counters (key, value)
    select 'log.total', count(*) from activities
    union all
    select 'log.' || target_type, count(*) from activities group by target_type
    on conflict (key) do update set value = excluded.value`);
  // Vacuum too, not only analyze: a table fresh from bulk inserts has no visibility map, so the index-only reads the
  // lists rely on (the status sort, the counts) would visit every row until autovacuum came by, as it would have long
  // since in a database that grew over years.
  await db.execute(sql`vacuum analyze`);
  progress('counters', 1, 1);
  return { salt };
}

/** The tables the certificates phase fills. */
const BULK_TABLES = ['certificates', 'certificate_records', 'activities'];

/**
 * Runs `load` with the tables' secondary indexes dropped and rebuilds them afterwards, when the tables start
 * empty (a fresh benchmark database): one bulk build per index is several times faster than upkeep row by row
 * (the trigram index most of all). Indexes behind constraints (primary keys) stay. On a database that already
 * has certificates, the indexes stay and `load` runs as it is.
 */
async function withoutSecondaryIndexes(
  db: Db,
  tables: string[],
  progress: NonNullable<BulkSeedOptions['onProgress']>,
  load: () => Promise<void>,
) {
  const [state] = await queryRows<{ isEmpty: boolean }>(
    db,
    sql`select not exists (select 1 from certificates) as "isEmpty"`,
  );
  if (!state?.isEmpty) return load();
  const indexes = await queryRows<{ name: string; definition: string }>(
    db,
    sql`select indexname as name, indexdef as definition from pg_indexes
        where schemaname = current_schema() and tablename = any(${sql.param(tables)}::text[])
          and indexname not in (select conname from pg_constraint)`,
  );
  for (const index of indexes) await db.execute(sql.raw(`drop index "${index.name}"`));
  try {
    await load();
  } finally {
    for (const [done, index] of indexes.entries()) {
      progress('indexes', done, indexes.length);
      await db.execute(sql.raw(index.definition));
    }
    progress('indexes', indexes.length, indexes.length);
  }
}

/** A one-line text progress bar for a terminal. */
export function progressBar(phase: string, done: number, total: number, width = 30): string {
  const ratio = total === 0 ? 1 : done / total;
  const filled = Math.round(ratio * width);
  return `${phase.padEnd(12)} [${'#'.repeat(filled)}${' '.repeat(width - filled)}] ${(ratio * 100).toFixed(0).padStart(3)}% ${formatCount(done)}/${formatCount(total)}`;
}
