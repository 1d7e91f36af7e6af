import { useCallback } from 'react';
import { selectionIdsResponseSchema, type SelectionIds } from '../../contract/bulk';
import { withDataError } from '../api/call-errors';
import { useApi } from '../session';
import type { ListQuery } from './use-list-page';

/** What narrows a list's "Select all N matching": its search and status filters. */
export type ListMatch = Pick<ListQuery, 'search' | 'status'>;

/**
 * A list's `GET …/ids` (`path`) with its filters: every matching row's id (capped) and how many match.
 * `fallback` is what a failure says when the server sent no message.
 */
export function useListIds(path: string, fallback: string) {
  const api = useApi();
  return useCallback(
    (match: ListMatch): Promise<SelectionIds> =>
      withDataError(
        fallback,
        async () =>
          (
            await api.get(path, {
              query: { search: match.search || undefined, status: match.status },
              schema: selectionIdsResponseSchema,
            })
          ).data,
      ),
    [api, path, fallback],
  );
}
