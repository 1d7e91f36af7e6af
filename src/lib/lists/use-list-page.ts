import { useCallback, useEffect, useMemo } from 'react';
import type { SortOrder } from '../../contract/common';
import { DEFAULT_PAGE_SIZE } from '../../contract/constants';
import { useListUrlState, type ActiveStatusFilter } from '../routing/use-list-url-state';
import { headerSortOf, sortOfHeader, type HeaderSort } from './list-sort';
import {
  pageKeepingFirstRow,
  PAGE_SIZE_OPTIONS,
  rememberedPageSize,
  rememberPageSize,
  type PagedList,
} from './page-size';

/**
 * What a paged list asks the server for (docs/requirements.md#calls: `page`, `limit`, `search`, `status`; also
 * `sort`, `order`).
 */
export interface ListQuery<Key extends string = string> {
  page: number;
  limit: number;
  search?: string;
  status?: ActiveStatusFilter;
  sort?: Key;
  order?: SortOrder;
}

export interface ListPageOptions<Key extends string> {
  /** The API's sort keys of the list; table columns with these ids are sortable. */
  sortKeys?: readonly Key[];
  /** Which list it is, to remember its page size in this browser; without it the size is the default. */
  list?: PagedList;
}

/**
 * A paged list screen (users, clients): its filters as the URL holds them, the query they make, and
 * the handlers of its search box, status filter, sortable headers, page size and pager. A new search or status
 * goes back to page 1.
 */
export function useListPage<Key extends string = never>({ sortKeys, list: name }: ListPageOptions<Key> = {}) {
  const list = useListUrlState<Key>(sortKeys);
  const { update } = list;
  // Read once per list: the URL's `limit` wins, the remembered size stands in when it has none.
  const remembered = useMemo(() => (name ? rememberedPageSize(name) : DEFAULT_PAGE_SIZE), [name]);
  const limit = list.limit ?? remembered;
  const search = list.search.trim() || undefined;
  const query: ListQuery<Key> = {
    page: list.page,
    limit,
    search,
    status: list.status,
    ...(list.sort ? { sort: list.sort, order: list.order ?? 'asc' } : {}),
  };
  // The search box calls this as the user types: replacing the entry keeps Back for whole pages.
  const setSearch = useCallback((search: string) => update({ search }, { replace: true }), [update]);
  // One object while the sort stays: a table redraws its rows when its sort changes (the kit's DataTable).
  const sortDescriptor = useMemo(
    () => headerSortOf({ sort: list.sort, order: list.order }),
    [list.sort, list.order],
  );
  const setPageSize = (size: number) => {
    if (name) rememberPageSize(name, size);
    update({ limit: size, page: pageKeepingFirstRow(list.page, limit, size) });
  };
  return {
    ...list,
    query,
    /** What narrows the rows (not how they are ordered or paged): a change clears the selection. */
    filterKey: JSON.stringify([search ?? '', list.status ?? '']),
    /** Whether a search or filter narrows the list, so its empty text says nothing matched. */
    isFiltered: Boolean(query.search || query.status),
    setSearch,
    setStatus: (status: ActiveStatusFilter | undefined) => update({ status }),
    /** The table's sortable headers: the sort shown and the change handler (the kit's DataTable props). */
    sorting: {
      sortDescriptor,
      onSortChange: (descriptor: HeaderSort) => {
        const next = sortOfHeader(descriptor, sortKeys ?? []);
        if (next) update({ ...next, page: 1 });
      },
    },
    /** The pager's props (the kit's Pagination): the page shown, its size, the sizes offered and the handlers. */
    pager: {
      page: list.page,
      pageSize: limit,
      onPageChange: (page: number) => update({ page }),
      ...(name ? { pageSizeOptions: PAGE_SIZE_OPTIONS, onPageSizeChange: setPageSize } : {}),
    },
  };
}

export type ListPage = ReturnType<typeof useListPage>;

/** A delete (here or elsewhere) can leave the page past the end: once `total` is known, show the last page there is. */
export function useKeepPageInRange(
  {
    page,
    query,
    update,
  }: {
    page: number;
    query: { limit: number };
    update: (changes: { page: number }, options: { replace: boolean }) => void;
  },
  total: number | undefined,
) {
  const lastPage = Math.max(1, Math.ceil((total ?? 0) / query.limit));
  useEffect(() => {
    if (total !== undefined && page > lastPage) update({ page: lastPage }, { replace: true });
  }, [total, page, lastPage, update]);
}
