// Small helpers over raw SQL results, which differ slightly between pg and PGlite.
import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from './client';

/** Runs raw SQL and returns its rows, on pg and PGlite alike. */
export async function queryRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Epoch milliseconds of a nullable date column. */
export const epochOrNull = (d: Date | null | undefined): number | null => (d ? d.getTime() : null);

/** Escapes `%`, `_` and `\` so user input matches literally inside an ILIKE pattern (backslash is PostgreSQL's default escape). */
export function escapeLike(input: string): string {
  return input.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** An ILIKE pattern matching `search` anywhere (served by the trigram indexes), or undefined for an empty search. */
export function containsPattern(search: string | undefined): string | undefined {
  const trimmed = search?.trim();
  return trimmed ? `%${escapeLike(trimmed)}%` : undefined;
}

/** Whether an error (possibly wrapped by drizzle) is a unique violation of the named index. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505' && name === constraint) return true;
  }
  return false;
}
