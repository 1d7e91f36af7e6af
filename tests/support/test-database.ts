// A fresh, migrated database for one test file: a copy of the run's template (PostgreSQL) or dump (PGlite).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';
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

/** Creates an empty database copy and returns its URL (PostgreSQL only). */
export async function createPostgresCopy(
  info: Extract<TestDatabaseInfo, { kind: 'postgres' }>,
): Promise<string> {
  const name = `lc_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: info.adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${TEMPLATE_DATABASE}`);
  } finally {
    await admin.end();
  }
  return info.adminUrl.replace(/\/[^/]*$/, `/${name}`);
}

export async function openTestDatabase(): Promise<TestDatabase> {
  const info = inject('testDatabase');
  if (info.kind === 'pglite') {
    const dump = new Blob([readFileSync(info.dumpPath)]);
    return openDatabase({ kind: 'pglite-memory', loadDataDir: dump }, { migrate: false });
  }
  const url = await createPostgresCopy(info);
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 5 }, { migrate: false });
  return { ...handle, url };
}
