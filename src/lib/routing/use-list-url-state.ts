import { useCallback, useMemo } from 'react';
import { useLatestSearchParams } from './use-latest-search-params';
import type { z } from 'zod';
import { activeStatusFilterSchema, type SortOrder } from '../../contract/common';
import { sortFromSearchParams, writeSort } from '../lists/list-sort';
import { pageSizeFromParam } from '../lists/page-size';

/** A list's status filter: active or inactive rows only. */
export type ActiveStatusFilter = z.infer<typeof activeStatusFilterSchema>;

/**
 * A list's filters as the URL holds them (docs/requirements.md#screens: `search`, `status`, `page`; also
 * `sort`, `order` and `limit`, so a sorted view at a chosen size can be bookmarked and shared).
 */
export interface ListUrlState<Key extends string = string> {
  search: string;
  status: ActiveStatusFilter | undefined;
  page: number;
  sort: Key | undefined;
  order: SortOrder | undefined;
  /** The page size the URL names; undefined when it names none (the remembered size applies). */
  limit: number | undefined;
}

function readState<Key extends string>(params: URLSearchParams, sortKeys: readonly Key[]): ListUrlState<Key> {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const status = activeStatusFilterSchema.safeParse(params.get('status'));
  return {
    search: params.get('search') ?? '',
    status: status.success ? status.data : undefined,
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    ...sortFromSearchParams(params, sortKeys),
    limit: pageSizeFromParam(params.get('limit')),
  };
}

const NO_SORT_KEYS: readonly never[] = [];
const keysOf = <Key extends string>(joined: string) => (joined ? joined.split(',') : []) as Key[];

/**
 * Search, status, page, sort and page size of a list, kept in the query string so a reload, a shared link or the
 * Back button shows the same page. Changing the search or status goes back to page 1.
 */
export function useListUrlState<Key extends string = never>(sortKeys: readonly Key[] = NO_SORT_KEYS) {
  const [params, setParams] = useLatestSearchParams();
  // The keys' identity may change each render (an inline array); their text does not.
  const keys = sortKeys.join(',');
  const state = useMemo(() => readState(params, keysOf<Key>(keys)), [params, keys]);

  const update = useCallback(
    (changes: Partial<ListUrlState<Key>>, { replace = false } = {}) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          const merged = { ...readState(current, keysOf<Key>(keys)), ...changes };
          if ('search' in changes || 'status' in changes) merged.page = changes.page ?? 1;
          for (const [key, value] of [
            ['search', merged.search.trim() || null],
            ['status', merged.status ?? null],
            ['page', merged.page > 1 ? String(merged.page) : null],
            ['limit', merged.limit === undefined ? null : String(merged.limit)],
          ] as const) {
            if (value === null) next.delete(key);
            else next.set(key, value);
          }
          writeSort(next, merged);
          return next;
        },
        { replace },
      );
    },
    [setParams, keys],
  );

  return { ...state, update };
}
