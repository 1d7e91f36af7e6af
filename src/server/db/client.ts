// Opens the database: embedded PGlite in DATA_DIR (default) or PostgreSQL from DATABASE_URL, migrated at start.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { listenPglite, listenPostgres, type Listener, type ListenHandlers } from './notifications';
import * as schema from './schema';
import { lockDataDir } from './data-dir-lock';
import { recordMigrationNames, refuseNewerDatabase, type RunQuery } from './migrations';
import { MIGRATIONS_DIR } from '../paths';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database itself: services take either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Throws when the database cannot be reached. */
  ping(): Promise<void>;
  /** LISTENs on a channel (db/notifications.ts); `onError` hears why a PostgreSQL listener lost its connection. */
  listen(channel: string, handlers: ListenHandlers, onError: (error: unknown) => void): Promise<Listener>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  { kind: 'postgres'; url: string; poolSize?: number } | { kind: 'pglite'; dataDir: string };

export const MIGRATIONS_FOLDER = MIGRATIONS_DIR;
// Any constant shared by every process: two servers starting together migrate one after the other.
const MIGRATION_LOCK_ID = 7_402_311;

/**
 * Opens and (unless `migrate` is false) migrates the database, refusing one a newer release wrote
 * (NewerDatabaseError). `migrationsFolder` is the release's own unless a test gives another.
 */
export async function openDatabase(
  options: DatabaseOptions,
  { migrate = true, migrationsFolder = MIGRATIONS_FOLDER } = {},
): Promise<DatabaseHandle> {
  if (options.kind === 'postgres')
    return openPostgres(options.url, options.poolSize ?? 10, migrate ? migrationsFolder : null);
  const release = lockDataDir(options.dataDir);
  let client: PGlite | undefined;
  try {
    client = await PGlite.create(options.dataDir, { extensions: { pg_trgm } });
    if (migrate) await migratePgliteClient(client, migrationsFolder);
    const opened = client;
    return await pgliteHandle(opened, async () => {
      try {
        await opened.close();
      } finally {
        release();
      }
    });
  } catch (error) {
    await client?.close().catch(() => {});
    release();
    throw error;
  }
}

/** Applies `folder`'s migrations to a PGlite client (one connection: nothing else can race it). */
export async function migratePgliteClient(client: PGlite, folder = MIGRATIONS_FOLDER): Promise<void> {
  const query: RunQuery = (text, params) => client.query(text, params);
  await refuseNewerDatabase(query, folder);
  await migratePglite(drizzlePglite(client), { migrationsFolder: folder });
  await recordMigrationNames(query, folder);
}

/**
 * A handle on an open PGlite client, closed by `close` (the data folder's lock released with it; a test's pool of
 * in-memory databases takes the client back instead).
 */
export async function pgliteHandle(client: PGlite, close: () => Promise<void>): Promise<DatabaseHandle> {
  // PGlite's files are local and mostly in the page cache, where a random read costs about what a sequential
  // one does: with the default 4 the planner scans every client rather than use a trigram index (searches
  // measured 23-35 ms a query at 100,000 certificates; 13 ms with 1.1, docs/performance.md).
  await client.exec('set random_page_cost = 1.1');
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    listen: (channel, handlers) => listenPglite(client, channel, handlers),
    close,
  };
}

async function openPostgres(
  url: string,
  poolSize: number,
  migrationsFolder: string | null,
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  try {
    if (migrationsFolder) await migratePostgres(pool, migrationsFolder);
  } catch (error) {
    await pool.end();
    throw error;
  }
  const db = drizzlePg(pool, { schema });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    ping: async () => {
      await pool.query('select 1');
    },
    listen: (channel, handlers, onError) => listenPostgres(url, channel, handlers, onError),
    close: () => pool.end(),
  };
}

/** Applies the migrations under a session advisory lock so concurrent starters do not race. */
export async function migratePostgres(pool: pg.Pool, folder = MIGRATIONS_FOLDER): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      const query: RunQuery = (text, params) => client.query(text, params);
      await refuseNewerDatabase(query, folder);
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder: folder });
      await recordMigrationNames(query, folder);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  } finally {
    client.release();
  }
}
