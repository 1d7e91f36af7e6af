// Opens the database the environment names: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR.
import { resolve } from 'node:path';
import { openDatabase, type DatabaseHandle, type DatabaseOptions } from './db/client';
import type { Env } from './env';

/** The database the environment names, as options for `openDatabase`. */
export function configuredDatabaseOptions(env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR'>): DatabaseOptions {
  return env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL }
    : { kind: 'pglite', dataDir: resolve(env.DATA_DIR) };
}

export function openConfiguredDatabase(env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR'>): Promise<DatabaseHandle> {
  return openDatabase(configuredDatabaseOptions(env));
}
