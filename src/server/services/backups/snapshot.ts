// Taking a backup (docs/operations.md): every table of the database, read in one REPEATABLE READ snapshot so the file
// is one moment of it, written in the backup format (backup-file.ts). Tables come in the order their foreign keys
// allow (a table after those it references), so a restore can load them as they come. No pg_dump is needed, and the
// same code reads PGlite and PostgreSQL. On PGlite, whose one connection this transaction holds, other requests wait
// while it runs (docs/performance.md gives the pause).
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { writeBackupFile, type BackupEntry, type BackupManifest } from './backup-file';

/** Rows read per query: large enough to keep the round trips few, small enough to keep memory flat. */
const PAGE_ROWS = 5_000;

/** The public tables in an order their foreign keys allow: each after every table it references (itself aside). */
export async function tablesInLoadOrder(db: Db | Tx): Promise<string[]> {
  const tables = (
    await queryRows<{ name: string }>(
      db,
      sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )
  ).map((row) => row.name);
  const edges = await queryRows<{ child: string; parent: string }>(
    db,
    sql`select c.relname as child, p.relname as parent from pg_constraint k
      join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
      join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = 'public' and k.conrelid <> k.confrelid`,
  );
  const parents = new Map(tables.map((table) => [table, new Set<string>()]));
  for (const { child, parent } of edges) parents.get(child)?.add(parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const next = tables.find(
      (table) => !placed.has(table) && [...parents.get(table)!].every((parent) => placed.has(parent)),
    );
    if (!next) throw new Error('the foreign keys of the public tables form a cycle');
    ordered.push(next);
    placed.add(next);
  }
  return ordered;
}

/** The last migration the database applied, by name (the names every release records, db/migrations.ts). */
export async function lastAppliedMigration(db: Db | Tx): Promise<string> {
  const [row] = await queryRows<{ tag: string | null }>(
    db,
    sql`select max(tag) as tag from applied_migrations`,
  );
  if (!row?.tag) throw new Error('the database records no migration');
  return row.tag;
}

async function* entriesOf(tx: Tx, tables: readonly string[]): AsyncGenerator<BackupEntry> {
  for (const table of tables) {
    yield { kind: 'table', name: table };
    // A cursor reads the table once, in the snapshot, a page at a time: memory stays flat, and no page re-reads
    // or sorts what came before it (paging by position sorted the rest of the table for each page: 64 s for
    // 100,000 certificates on PGlite, against under 1 s this way).
    await tx.execute(sql`declare backup_rows no scroll cursor for
      select row_to_json(t)::text as json from ${sql.identifier(table)} t`);
    for (;;) {
      const rows = await queryRows<{ json: string }>(
        tx,
        sql`fetch ${sql.raw(String(PAGE_ROWS))} from backup_rows`,
      );
      for (const row of rows) yield { kind: 'row', json: row.json };
      if (rows.length < PAGE_ROWS) break;
    }
    await tx.execute(sql`close backup_rows`);
  }
}

/** Writes a backup of the whole database to `path`, encrypted when `key` is given; answers its manifest. */
export function takeBackup(
  db: Db,
  path: string,
  key: Buffer | undefined,
  now: Date,
): Promise<BackupManifest> {
  return db.transaction(
    async (tx) => {
      const tables = await tablesInLoadOrder(tx);
      const lastMigration = await lastAppliedMigration(tx);
      return writeBackupFile(path, entriesOf(tx, tables), { lastMigration, createdAt: now }, key);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
