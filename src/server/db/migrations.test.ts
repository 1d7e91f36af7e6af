// A database that a newer release wrote is refused before anything touches it, by the server's start too, with one
// line naming the migration this release lacks; on PGlite (`server`) and PostgreSQL (`server-pg`).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { SERVER_MAIN } from '../../../scripts/server-build.mjs';
import { createPostgresCopy } from '#tests/support/test-database.ts';
import { MIGRATIONS_FOLDER, openDatabase, type DatabaseOptions } from './client';
import { queryRows } from './rows';
import { migrationsOf, NewerDatabaseError } from './migrations';

const FUTURE_TAG = '9999_from_the_future';
const scratch = mkdtempSync(join(tmpdir(), 'lc-migrations-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** This release's migrations plus one a later release would add. */
function futureFolder(): string {
  const folder = join(scratch, 'future-drizzle');
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
    entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
  };
  const last = journal.entries.at(-1)!;
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 60_000, tag: FUTURE_TAG });
  writeFileSync(journalPath, JSON.stringify(journal));
  writeFileSync(join(folder, `${FUTURE_TAG}.sql`), 'CREATE TABLE "future_things" ("id" uuid PRIMARY KEY);');
  return folder;
}

/** An empty database of the project's kind, and the environment that names it to the server. */
async function emptyDatabase(): Promise<{ options: DatabaseOptions; env: Record<string, string> }> {
  const info = inject('testDatabase');
  if (info.kind === 'postgres') {
    const url = await createPostgresCopy(info, { empty: true });
    return { options: { kind: 'postgres', url, poolSize: 2 }, env: { DATABASE_URL: url } };
  }
  const dataDir = mkdtempSync(join(scratch, 'data-'));
  return { options: { kind: 'pglite', dataDir }, env: { DATA_DIR: dataDir } };
}

const refusal = (what: string) =>
  `The database was written by a newer release of License Console (${what}, unknown to this one): ` +
  'start the newer release, or restore a backup taken before the upgrade.';

describe('a database from a newer release', () => {
  it('is refused by name, at open and at the server start, and left as it was', async () => {
    const future = futureFolder();
    const { options, env } = await emptyDatabase();
    await (await openDatabase(options, { migrationsFolder: future })).close();

    await expect(openDatabase(options)).rejects.toThrow(
      new NewerDatabaseError(refusal(`migration ${FUTURE_TAG}`)),
    );
    const started = spawnSync(process.execPath, [SERVER_MAIN], {
      env: { ...process.env, ...env, PORT: '0', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(started.status).toBe(1);
    expect(started.stderr.trim()).toBe(refusal(`migration ${FUTURE_TAG}`));

    // The newer release still opens it, its table there: nothing was undone or applied.
    const newer = await openDatabase(options, { migrationsFolder: future });
    const rows = await queryRows<{ present: boolean }>(
      newer.db,
      sql`select to_regclass('public.future_things') is not null as present`,
    );
    expect(rows[0]?.present).toBe(true);
    await newer.close();
  }, 120_000);

  it("is refused by drizzle's time when its names are missing, and a current one opens", async () => {
    const { options } = await emptyDatabase();
    const current = await openDatabase(options);
    const tags = migrationsOf(MIGRATIONS_FOLDER).map((migration) => migration.tag);
    const recorded = await queryRows<{ tag: string }>(
      current.db,
      sql`select tag from applied_migrations order by tag`,
    );
    expect(recorded.map((row) => row.tag)).toEqual([...tags].sort());
    const futureWhen = Math.max(...migrationsOf(MIGRATIONS_FOLDER).map((migration) => migration.when)) + 1;
    await current.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('hand-made', ${futureWhen})`,
    );
    await current.close();
    await expect(openDatabase(options)).rejects.toThrow(
      refusal(`a migration made ${new Date(futureWhen).toISOString()}`),
    );
  }, 120_000);
});
