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
