// Opens the database the environment names: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR.
import { resolve } from 'node:path';
import { openDatabase, type DatabaseHandle } from './db/client';
import type { Env } from './env';

export function openConfiguredDatabase(env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR'>): Promise<DatabaseHandle> {
  return env.DATABASE_URL
    ? openDatabase({ kind: 'postgres', url: env.DATABASE_URL })
    : openDatabase({ kind: 'pglite', dataDir: resolve(env.DATA_DIR) });
}
