import { useCallback } from 'react';
import { selectionIdsResponseSchema, type SelectionIds } from '../../../contract/bulk';
import { CLIENTS_BULK_TEXTS } from '../../../contract/ui-texts';
import type { ApiClient } from '../../../lib/api';
import { withDataError } from '../../../lib/api/call-errors';
import { useApi } from '../../../lib/session';
import type { ClientsListParams } from './keys';

export type ClientsMatch = Pick<ClientsListParams, 'search' | 'status'>;

/** `GET /clients/ids` with the list's filters: every matching client's id (capped) and how many match (issue 18). */
function listClientIds(api: ApiClient, { search, status }: ClientsMatch): Promise<SelectionIds> {
  return withDataError(
    CLIENTS_BULK_TEXTS.fetchIdsError,
    async () =>
      (
        await api.get('/clients/ids', {
          query: { search: search || undefined, status },
          schema: selectionIdsResponseSchema,
        })
      ).data,
  );
}

export function useListClientIds() {
  const api = useApi();
  return useCallback((match: ClientsMatch) => listClientIds(api, match), [api]);
}
