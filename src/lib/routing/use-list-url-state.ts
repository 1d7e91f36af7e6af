import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { activeStatusFilterSchema } from '../../contract/common';

/** A list's status filter: active or inactive rows only. */
export type ActiveStatusFilter = z.infer<typeof activeStatusFilterSchema>;

/** A list's filters as the URL holds them (docs/requirements.md#screens: `search`, `status`, `page`). */
export interface ListUrlState {
  search: string;
  status: ActiveStatusFilter | undefined;
  page: number;
}

function readState(params: URLSearchParams): ListUrlState {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const status = activeStatusFilterSchema.safeParse(params.get('status'));
  return {
    search: params.get('search') ?? '',
    status: status.success ? status.data : undefined,
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

/**
 * Search, status and page of a list, kept in the query string so a reload, a shared link or the
 * Back button shows the same page. Changing the search or status goes back to page 1.
 */
export function useListUrlState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readState(params), [params]);

  const update = useCallback(
    (changes: Partial<ListUrlState>, { replace = false } = {}) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          const merged = { ...readState(current), ...changes };
          if ('search' in changes || 'status' in changes) merged.page = changes.page ?? 1;
          for (const [key, value] of [
            ['search', merged.search.trim() || null],
            ['status', merged.status ?? null],
            ['page', merged.page > 1 ? String(merged.page) : null],
          ] as const) {
            if (value === null) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace },
      );
    },
    [setParams],
  );

  return { ...state, update };
}
