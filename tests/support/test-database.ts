// A fresh, migrated database for each test app: a copy of the run's template (PostgreSQL), or an in-memory PGlite in
// the migrated state (started from the run's dump, or one this worker used before, emptied back to that state).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, pgliteHandle, type DatabaseHandle } from '../../src/server/db/client';
import { TEMPLATE_DATABASE } from './global-setup-postgres';

export type TestDatabaseInfo =
  { kind: 'pglite'; dumpPath: string } | { kind: 'postgres'; adminUrl: string; templateUrl: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseInfo;
  }
}

export interface TestDatabase extends DatabaseHandle {
  /** For PostgreSQL: the URL of this copy (other processes may open it). */
  url?: string;
}

/**
 * Creates a copy of the migrated template and returns its URL (PostgreSQL only); `{empty: true}` a database with no
 * schema at all (what an operator's new database is).
 */
export async function createPostgresCopy(
  info: Extract<TestDatabaseInfo, { kind: 'postgres' }>,
  { empty = false } = {},
): Promise<string> {
  const name = `lc_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: info.adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${empty ? 'template0' : TEMPLATE_DATABASE}`);
  } finally {
    await admin.end();
  }
  return info.adminUrl.replace(/\/[^/]*$/, `/${name}`);
}

/** What a migrated database holds before any test: the rows the migrations wrote, the sequences and the schema. */
interface MigratedState {
  tables: string[];
  /** Each table's rows as the database writes them in JSON, so no value passes through a JavaScript type. */
  rows: [table: string, json: string][];
  sequences: [sequence: string, lastValue: string | null][];
  schema: string;
}

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The public schema as one text: its tables' columns, its triggers and its functions. A test that changed any of them
 * (a dropped table, a renamed column, a trigger that makes inserts fail) changes it, and its database is not reused.
 */
async function schemaOf(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ t: string }>(
    `select concat_ws(' | ',
       (select string_agg(c, ',' order by c) from (select table_name || '.' || column_name || ':' || data_type as c
          from information_schema.columns where table_schema = 'public') columns),
       (select string_agg(t, ',' order by t) from (select tgrelid::regclass || '.' || tgname || ':' || tgenabled::text as t
          from pg_trigger where not tgisinternal) triggers),
       (select string_agg(f, ',' order by f) from (select p.oid::regprocedure::text || ':' || md5(p.prosrc) as f
          from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public') functions)
     ) as t`,
  );
  return rows[0]?.t ?? '';
}

async function migratedStateOf(client: PGlite): Promise<MigratedState> {
  const tables = (
    await client.query<{ name: string }>(
      `select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    )
  ).rows.map((row) => row.name);
  const rows: MigratedState['rows'] = [];
  for (const table of tables) {
    const { rows: seeded } = await client.query<{ n: number; json: string }>(
      `select count(*)::int as n, coalesce(json_agg(t), '[]')::text as json from public.${q(table)} t`,
    );
    if (seeded[0] && seeded[0].n > 0) rows.push([table, seeded[0].json]);
  }
  const sequences = (
    await client.query<{ name: string; last: string | null }>(
      `select sequencename as name, last_value::text as last from pg_sequences where schemaname = 'public'`,
    )
  ).rows.map((row): [string, string | null] => [row.name, row.last]);
  return { tables, rows, sequences, schema: await schemaOf(client) };
}

/**
 * In-memory PGlite databases of this worker that a test app has closed, emptied back to the migrated state. Starting
 * PGlite from the dump costs about 1.5 s of CPU a time (its WASM, then cold catalog caches), more than most test
 * files' own work; emptying one takes milliseconds. A worker runs one file at a time, and a test app that needs a
 * second database meanwhile gets one of its own.
 */
const idle: PGlite[] = [];
let migrated: MigratedState | undefined;

/** Empties `client` back to `state`: no rows but the migrations', sequences as they were, no locks or listeners. */
async function resetTo(client: PGlite, state: MigratedState): Promise<void> {
  await client.exec('rollback').catch(() => undefined);
  const { rows: channels } = await client.query<{ channel: string }>(
    'select pg_listening_channels() as channel',
  );
  for (const { channel } of channels) await client.unlisten(channel);
  await client.query('select pg_advisory_unlock_all()');
  await client.exec(
    `truncate table ${state.tables.map((t) => `public.${q(t)}`).join(', ')} restart identity cascade`,
  );
  for (const [table, rows] of state.rows)
    await client.query(
      `insert into public.${q(table)} overriding system value
       select * from json_populate_recordset(null::public.${q(table)}, $1::json)`,
      [rows],
    );
  for (const [sequence, last] of state.sequences)
    await client.query(
      last === null
        ? `alter sequence public.${q(sequence)} restart`
        : `select setval('public.${q(sequence)}', ${Number(last)})`,
    );
}

/** Takes `client` back for the next test app, unless its test changed the schema (then it is closed). */
async function release(client: PGlite): Promise<void> {
  try {
    if (migrated && (await schemaOf(client)) === migrated.schema) {
      await resetTo(client, migrated);
      idle.push(client);
      return;
    }
  } catch {
    // Not reusable: closed below.
  }
  await client.close();
}

async function openPgliteCopy(dumpPath: string): Promise<TestDatabase> {
  let client = idle.pop();
  if (!client) {
    client = await PGlite.create({
      extensions: { pg_trgm },
      loadDataDir: new Blob([readFileSync(dumpPath)]),
    });
    migrated ??= await migratedStateOf(client);
  }
  const taken = client;
  let closed = false;
  return pgliteHandle(taken, async () => {
    if (closed) return;
    closed = true;
    await release(taken);
  });
}

export async function openTestDatabase(): Promise<TestDatabase> {
  const info = inject('testDatabase');
  if (info.kind === 'pglite') return openPgliteCopy(info.dumpPath);
  const url = await createPostgresCopy(info);
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 5 }, { migrate: false });
  return { ...handle, url };
}
