// What the users and clients services share about their soft-deleted rows (docs/requirements.md#calls "Users",
// "Clients"): the list's filters, order and page, and a text (an email, a company name) unique among live rows,
// ignoring case.
import { and, asc, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { containsPattern, isUniqueViolation } from '../../db/rows';
import { conflict } from '../../errors';

/** The columns every soft-deleted, enable-able row has (users, clients). */
export interface LiveTable {
  id: AnyPgColumn;
  isActive: AnyPgColumn;
  createdAt: AnyPgColumn;
  deletedAt: AnyPgColumn;
}

/** A list call's query: a page, a search, an active/inactive filter. */
interface ListQuery {
  page: number;
  limit: number;
  search?: string | undefined;
  status?: 'active' | 'inactive' | undefined;
}

/**
 * The rows a list shows: live ones, `search` found in any of the `searched` columns (literally, ignoring case),
 * and the status asked for. `filtered` says whether anything narrows the live rows.
 */
export function listFilter(
  table: LiveTable,
  searched: AnyPgColumn[],
  query: Omit<ListQuery, 'page' | 'limit'>,
): { where: SQL | undefined; filtered: boolean } {
  const pattern = containsPattern(query.search);
  return {
    where: and(
      isNull(table.deletedAt),
      pattern ? or(...searched.map((column) => ilike(column, pattern))) : undefined,
      query.status ? eq(table.isActive, query.status === 'active') : undefined,
    ),
    filtered: Boolean(pattern || query.status),
  };
}

/** Newest first, in the order of the table's `*_created_at` index (created_at desc nulls last, id). */
export const newestFirst = (table: LiveTable) => [sql`${table.createdAt} desc nulls last`, asc(table.id)];

/** The rows a list page skips. */
export const pageOffset = (query: ListQuery) => (query.page - 1) * query.limit;

/**
 * A text column unique among live rows ignoring case, held by a partial unique index: `assertFree` is the check
 * before a write, `guard` turns the index's refusal of a concurrent write into the same 409.
 */
export function uniqueAmongLive<Table extends PgTable & LiveTable>(rule: {
  table: Table;
  column: AnyPgColumn;
  index: string;
  message: string;
  /** The request field that holds the value, which the 409 names (`errors`). */
  field: string;
}) {
  const { table, column, index, message, field } = rule;
  return {
    async assertFree(q: Db | Tx, value: string, exceptId?: string) {
      const [taken] = await q
        .select({ id: table.id })
        .from(table as PgTable)
        .where(
          and(
            sql`lower(${column}) = lower(${value})`,
            isNull(table.deletedAt),
            exceptId ? ne(table.id, exceptId) : undefined,
          ),
        );
      if (taken) throw conflict(message, field);
    },
    async guard<T>(write: () => Promise<T>): Promise<T> {
      try {
        return await write();
      } catch (error) {
        if (isUniqueViolation(error, index)) throw conflict(message, field);
        throw error;
      }
    },
  };
}
