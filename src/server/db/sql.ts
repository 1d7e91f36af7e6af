// SQL fragments every query shares, whatever table it reads.
import { sql, type SQLWrapper } from 'drizzle-orm';

/** A timestamp parameter; ISO text so pg and PGlite bind it alike. */
export const tsParam = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** Keyset condition: rows after `cursor` in (created_at desc, id asc) order. */
export const afterCursor = (
  createdAt: SQLWrapper,
  id: SQLWrapper,
  cursor: { createdAt: string; id: string },
) =>
  sql`(${createdAt} <= ${cursor.createdAt}::timestamptz and (${createdAt} < ${cursor.createdAt}::timestamptz or ${id} > ${cursor.id}::uuid))`;

/** A parenthesised list of string literals, e.g. `('active','distributed')`, from constants of the contract. */
export const literalList = (values: readonly string[]) =>
  // Literals, not parameters: the planner sees the same text as the partial indexes' predicates and can use
  // them. Only ever called with constants from src/contract; a quote would be doubled all the same.
  sql.raw(`(${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(',')})`);
