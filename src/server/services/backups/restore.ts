// Restoring a backup (docs/operations.md) into an empty PGlite folder or an empty PostgreSQL database: the file is read
// through once and every check passes before anything is written; then the schema is made as it was when the backup
// was taken (its migrations, no later one), every row is loaded in one transaction as it was, and the release's later
// migrations run as at any start. Every session is ended: whoever was signed in signs in again.
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync, cpSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, isNull, sql } from 'drizzle-orm';
import {
  MIGRATIONS_FOLDER,
  openDatabase,
  type DatabaseHandle,
  type DatabaseOptions,
  type Tx,
} from '../../db/client';
import { migrationsOf } from '../../db/migrations';
import { queryRows } from '../../db/rows';
import { backups, refreshTokens, sessions } from '../../db/schema';
import { BackupError, readBackupFile, type BackupManifest } from './backup-file';

/** Rows inserted per statement. */
const LOAD_ROWS = 1_000;

export interface RestoreOutcome {
  manifest: BackupManifest;
  rows: number;
}

/** Checks a backup without restoring it: answers its manifest, or throws BackupError saying what is wrong. */
export async function verifyBackup(path: string, key: Buffer | undefined): Promise<BackupManifest> {
  const manifest = await readBackupFile(path, key);
  refuseNewerBackup(manifest);
  return manifest;
}

function refuseNewerBackup(manifest: BackupManifest) {
  if (!migrationsOf(MIGRATIONS_FOLDER).some((migration) => migration.tag === manifest.lastMigration))
    throw new BackupError(
      `The backup is from a newer release (migration ${manifest.lastMigration}, unknown to this one): restore it with that release`,
    );
}

/** A copy of this release's migrations up to `tag`, for making a schema as a backup's release had it. */
function migrationsUpTo(tag: string): { folder: string; remove: () => void } {
  const folder = mkdtempSync(join(tmpdir(), 'lc-restore-migrations-'));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const last = journal.entries.find((entry) => entry.tag === tag)!.idx;
  journal.entries = journal.entries.filter((entry) => entry.idx <= last);
  writeFileSync(journalPath, JSON.stringify(journal));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/** Refuses a target that holds anything: a restore never merges into, or overwrites, a database. */
async function refuseNonEmpty(target: DatabaseOptions) {
  if (target.kind === 'pglite') {
    if (existsSync(target.dataDir) && readdirSync(target.dataDir).length > 0)
      throw new BackupError(`DATA_DIR ${target.dataDir} is not empty: restore into an empty or new folder`);
    return;
  }
  const database = await openDatabase(target, { migrate: false });
  try {
    const [row] = await queryRows<{ tables: number }>(
      database.db,
      sql`select count(*)::int as tables from information_schema.tables
        where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    if (row!.tables > 0) throw new BackupError('The database is not empty: restore into an empty database');
  } finally {
    await database.close();
  }
}

/** Puts an empty target back as it was after a failed restore (what this restore made, nothing else). */
async function wipe(target: DatabaseOptions) {
  if (target.kind === 'pglite') {
    rmSync(target.dataDir, { recursive: true, force: true });
    return;
  }
  const database = await openDatabase(target, { migrate: false });
  try {
    await database.db.execute(sql`drop schema if exists drizzle cascade`);
    await database.db.execute(sql`drop schema public cascade`);
    await database.db.execute(sql`create schema public`);
  } finally {
    await database.close();
  }
}

/** The columns of a table, in order, and those that reference the table itself (loaded after its rows). */
async function columnsOf(tx: Tx, table: string) {
  const columns = await queryRows<{ name: string }>(
    tx,
    sql`select column_name as name from information_schema.columns
      where table_schema = 'public' and table_name = ${table} order by ordinal_position`,
  );
  const selfReferences = await queryRows<{ name: string }>(
    tx,
    sql`select a.attname as name from pg_constraint k
      join pg_attribute a on a.attrelid = k.conrelid and a.attnum = any(k.conkey)
      where k.contype = 'f' and k.conrelid = ${`public.${table}`}::regclass and k.confrelid = k.conrelid`,
  );
  const [key] = await queryRows<{ name: string; columns: number }>(
    tx,
    sql`select min(a.attname) as name, count(*)::int as columns from pg_index i
      join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
      where i.indrelid = ${`public.${table}`}::regclass and i.indisprimary`,
  );
  return {
    columns: columns.map((column) => column.name),
    selfReferences: selfReferences.map((column) => column.name),
    key: key?.columns === 1 ? key.name : undefined,
  };
}

/**
 * A table being loaded: rows go in by batches as they come, with the columns that reference the table itself null;
 * the rows that set such a column are kept aside and applied once every row of the table is in (a transferred
 * certificate names one that may come later).
 */
async function tableLoader(tx: Tx, table: string) {
  const { columns, selfReferences, key } = await columnsOf(tx, table);
  if (selfReferences.length > 0 && !key)
    throw new Error(`${table} references itself without a one-column primary key`);
  const target = sql.identifier(table);
  const list = sql.join(
    columns.map((column) => sql.identifier(column)),
    sql`, `,
  );
  const values = sql.join(
    columns.map((column) => (selfReferences.includes(column) ? sql`null` : sql`r.${sql.identifier(column)}`)),
    sql`, `,
  );
  const sets = sql.join(
    selfReferences.map((column) => sql`${sql.identifier(column)} = r.${sql.identifier(column)}`),
    sql`, `,
  );
  let batch: string[] = [];
  const later: string[] = [];
  let loaded = 0;
  const insert = async () => {
    if (batch.length === 0) return;
    await tx.execute(sql`insert into ${target} (${list}) overriding system value
      select ${values} from json_populate_recordset(null::${target}, ${`[${batch.join(',')}]`}::json) r`);
    loaded += batch.length;
    batch = [];
  };
  const update = async (rows: readonly string[]) =>
    tx.execute(sql`update ${target} t set ${sets}
      from json_populate_recordset(null::${target}, ${`[${rows.join(',')}]`}::json) r
      where t.${sql.identifier(key!)} = r.${sql.identifier(key!)}`);
  // What the schema's own migrations wrote (roles, counters) gives way to the backup's rows.
  await tx.execute(sql`delete from ${target}`);
  return {
    async add(json: string) {
      batch.push(json);
      if (selfReferences.length > 0) {
        const row = JSON.parse(json) as Record<string, unknown>;
        if (selfReferences.some((column) => row[column] !== null && row[column] !== undefined))
          later.push(json);
      }
      if (batch.length >= LOAD_ROWS) await insert();
    },
    async finish(): Promise<number> {
      await insert();
      for (let start = 0; start < later.length; start += LOAD_ROWS)
        await update(later.slice(start, start + LOAD_ROWS));
      return loaded;
    },
  };
}

/** Sets every sequence past the largest value its column holds, so new rows get new ids. */
async function resetSequences(tx: Tx) {
  const owned = await queryRows<{ table: string; column: string }>(
    tx,
    sql`select table_name as "table", column_name as "column" from information_schema.columns
      where table_schema = 'public' and (column_default like 'nextval(%' or is_identity = 'YES')`,
  );
  for (const { table, column } of owned)
    await tx.execute(sql`select setval(pg_get_serial_sequence(${`public.${table}`}, ${column}),
      coalesce((select max(${sql.identifier(column)}) from ${sql.identifier(table)}), 1),
      (select max(${sql.identifier(column)}) from ${sql.identifier(table)}) is not null)`);
}

/**
 * Restores the backup at `path` into `target`, which must be empty; answers its manifest and how many rows it loaded.
 * On any failure the target is left empty again.
 */
export async function restoreBackup(
  path: string,
  key: Buffer | undefined,
  target: DatabaseOptions,
  now: Date,
): Promise<RestoreOutcome> {
  const manifest = await verifyBackup(path, key);
  await refuseNonEmpty(target);
  const migrations = migrationsUpTo(manifest.lastMigration);
  let database: DatabaseHandle | undefined;
  let rows = 0;
  try {
    database = await openDatabase(target, { migrationsFolder: migrations.folder });
    await database.db.transaction(async (tx) => {
      // Triggers off while loading: the counters and the rest come back as they were, not counted again.
      const tables = await queryRows<{ name: string }>(
        tx,
        sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE'`,
      );
      for (const { name } of tables)
        await tx.execute(sql`alter table ${sql.identifier(name)} disable trigger user`);
      let loader: Awaited<ReturnType<typeof tableLoader>> | undefined;
      await readBackupFile(path, key, async (entry) => {
        if (entry.kind === 'table') {
          rows += (await loader?.finish()) ?? 0;
          loader = await tableLoader(tx, entry.name);
        } else await loader!.add(entry.json);
      });
      rows += (await loader?.finish()) ?? 0;
      await resetSequences(tx);
      for (const { name } of tables)
        await tx.execute(sql`alter table ${sql.identifier(name)} enable trigger user`);
    });
    await database.close();
    database = undefined;
    // This release's later migrations, as at any start; then everyone signs in again.
    database = await openDatabase(target);
    await database.db.transaction(async (tx) => {
      await tx.update(sessions).set({ endedAt: now }).where(isNull(sessions.endedAt));
      await tx.update(refreshTokens).set({ revokedAt: now }).where(isNull(refreshTokens.revokedAt));
      // A backup being made when this one was taken (this one, even) did not finish here.
      await tx
        .update(backups)
        .set({ status: 'failed', error: 'Not finished when the restored backup was taken', finishedAt: now })
        .where(eq(backups.status, 'running'));
    });
    await database.close();
    database = undefined;
    return { manifest, rows };
  } catch (error) {
    await database?.close().catch(() => {});
    await wipe(target).catch(() => {});
    throw error;
  } finally {
    migrations.remove();
  }
}
