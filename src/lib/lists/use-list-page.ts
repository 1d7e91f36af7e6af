import { useCallback, useEffect } from 'react';
import { DEFAULT_PAGE_SIZE } from '../../contract/constants';
import { useListUrlState, type ActiveStatusFilter } from '../routing/use-list-url-state';

/** What a paged list asks the server for (docs/requirements.md#calls: `page`, `limit`, `search`, `status`). */
export interface ListQuery {
  page: number;
  limit: number;
  search?: string;
  status?: ActiveStatusFilter;
}

/**
 * A paged list screen (users, clients): its filters as the URL holds them, the query they make, and
 * the handlers of its search box, status filter and pager. A new search or status goes back to page 1.
 */
export function useListPage() {
  const list = useListUrlState();
  const { update } = list;
  const query: ListQuery = {
    page: list.page,
    limit: DEFAULT_PAGE_SIZE,
    search: list.search.trim() || undefined,
    status: list.status,
  };
  // The search box calls this as the user types: replacing the entry keeps Back for whole pages.
  const setSearch = useCallback((search: string) => update({ search }, { replace: true }), [update]);
  return {
    ...list,
    query,
    /** Whether a search or filter narrows the list, so its empty text says nothing matched. */
    isFiltered: Boolean(query.search || query.status),
    setSearch,
    setStatus: (status: ActiveStatusFilter | undefined) => update({ status }),
    /** The pager's props (the kit's Pagination): the page shown, its size and the change handler. */
    pager: { page: list.page, pageSize: query.limit, onPageChange: (page: number) => update({ page }) },
  };
}

export type ListPage = ReturnType<typeof useListPage>;

/** A delete (here or elsewhere) can leave the page past the end: once `total` is known, show the last page there is. */
export function useKeepPageInRange({ page, query, update }: ListPage, total: number | undefined) {
  const lastPage = Math.max(1, Math.ceil((total ?? 0) / query.limit));
  useEffect(() => {
    if (total !== undefined && page > lastPage) update({ page: lastPage }, { replace: true });
  }, [total, page, lastPage, update]);
}
