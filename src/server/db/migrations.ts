// The schema's upgrades at start: the migrations of this release applied in order, and a database that a newer release
// wrote refused before anything touches it. drizzle's own bookkeeping (`drizzle.__drizzle_migrations`) keeps only a
// hash and a time per migration, and skips silently past one it does not know; so each release also writes the names
// of the migrations it applied (`applied_migrations`), and a later, older server names the one it lacks.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One statement's rows, from a PGlite client or a pg client (both answer `query(text, params)` so). */
export type RunQuery = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** The start was refused: the database holds a migration this release does not have. */
export class NewerDatabaseError extends Error {}

interface Journal {
  entries: { idx: number; when: number; tag: string }[];
}

/** The migrations a folder holds, in order, from drizzle-kit's journal. */
export function migrationsOf(folder: string): { tag: string; when: number }[] {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as Journal;
  return [...journal.entries].sort((a, b) => a.idx - b.idx).map(({ tag, when }) => ({ tag, when }));
}

async function tableExists(query: RunQuery, name: string): Promise<boolean> {
  const { rows } = await query('select to_regclass($1) is not null as present', [name]);
  return rows[0]?.present === true;
}

/**
 * Throws NewerDatabaseError when the database was migrated by a release newer than the one in `folder`: by name when
 * that release recorded its migrations, else by the time drizzle recorded (a database from before the names were kept
 * cannot be newer than this release anyway, but a hand-applied migration could be).
 */
export async function refuseNewerDatabase(query: RunQuery, folder: string): Promise<void> {
  const known = migrationsOf(folder);
  const knownTags = new Set(known.map((migration) => migration.tag));
  if (await tableExists(query, 'public.applied_migrations')) {
    const { rows } = await query('select tag from applied_migrations order by tag');
    const unknown = rows.map((row) => String(row.tag)).filter((tag) => !knownTags.has(tag));
    if (unknown.length > 0) throw newer(`migration ${unknown.join(', ')}`);
  }
  if (await tableExists(query, 'drizzle.__drizzle_migrations')) {
    const { rows } = await query('select max(created_at)::text as last from drizzle.__drizzle_migrations');
    const last = Number(rows[0]?.last ?? 0);
    const newest = Math.max(0, ...known.map((migration) => migration.when));
    if (last > newest) throw newer(`a migration made ${new Date(last).toISOString()}`);
  }
}

const newer = (what: string) =>
  new NewerDatabaseError(
    `The database was written by a newer release of License Console (${what}, unknown to this one): ` +
      'start the newer release, or restore a backup taken before the upgrade.',
  );

/** Records the names of the migrations in `folder` (all applied by now), for a later, older release to read. */
export async function recordMigrationNames(query: RunQuery, folder: string): Promise<void> {
  const tags = migrationsOf(folder).map((migration) => migration.tag);
  await query('insert into applied_migrations (tag) select unnest($1::text[]) on conflict (tag) do nothing', [
    tags,
  ]);
}
