import { useCallback } from 'react';
import { selectionIdsResponseSchema, type SelectionIds } from '../../../contract/bulk';
import { USERS_BULK_TEXTS } from '../../../contract/ui-texts';
import type { ApiClient } from '../../../lib/api';
import { withDataError } from '../../../lib/api/call-errors';
import { useApi } from '../../../lib/session';
import type { UsersListParams } from './keys';

export type UsersMatch = Pick<UsersListParams, 'search' | 'status'>;

/** `GET /users/ids` with the list's filters: every matching user's id (capped) and how many match (issue 18). */
function listUserIds(api: ApiClient, { search, status }: UsersMatch): Promise<SelectionIds> {
  return withDataError(
    USERS_BULK_TEXTS.fetchIdsError,
    async () =>
      (
        await api.get('/users/ids', {
          query: { search: search || undefined, status },
          schema: selectionIdsResponseSchema,
        })
      ).data,
  );
}

export function useListUserIds() {
  const api = useApi();
  return useCallback((match: UsersMatch) => listUserIds(api, match), [api]);
}
