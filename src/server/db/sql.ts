// SQL fragments every query shares, whatever table it reads.
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

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

/**
 * The ORDER BY of a list: without `sort` or `order`, the list's own default (newest first); else the key
 * in its direction (`sort` alone ascending, `order` alone on `createdAt`), missing values last either way, then the
 * id ascending, so rows that tie keep one order and pages never repeat or skip a row.
 *
 * A key that is never null sorts `asc nulls first` / `desc nulls last`: the same rows in the same order (there are no
 * nulls), but the planner matches an index only when NULLS FIRST/LAST agree too, and this pair is one index
 * `(key desc nulls last, id)` read forwards or backwards; the ties then sort by id in small groups (incremental
 * sort). `nullable` keys keep `nulls last` both ways, and need an index for each direction (db/schema/).
 */
export function listOrder<Key extends string>(
  query: { sort?: NoInfer<Key> | undefined; order?: 'asc' | 'desc' | undefined },
  keys: Record<Key, SQLWrapper> & { createdAt: SQLWrapper },
  id: SQLWrapper,
  byDefault: SQL[],
  nullable: readonly NoInfer<Key>[] = [],
): SQL[] {
  if (!query.sort && !query.order) return byDefault;
  const sort = query.sort ?? 'createdAt';
  const key = keys[sort as Key];
  const direction = query.order ?? (query.sort ? 'asc' : 'desc');
  if (direction === 'desc') return [sql`${key} desc nulls last`, sql`${id} asc`];
  const missing = nullable.includes(sort as Key) ? sql`nulls last` : sql`nulls first`;
  return [sql`${key} asc ${missing}`, sql`${id} asc`];
}

/** Whether a list query asks for an order of its own (exports then page by offset, not by the created_at keyset). */
export const isSorted = (query: { sort?: string | undefined; order?: string | undefined }) =>
  Boolean(query.sort || query.order);
