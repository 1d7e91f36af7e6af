import useSWR from 'swr';
import { clientsListResponseSchema, type ClientsList } from '../../../contract/clients';
import { CLIENTS_ERRORS } from '../../../contract/ui-texts';
import type { ApiClient } from '../../../lib/api';
import { useApi } from '../../../lib/session';
import { withDataError } from '../../../lib/api/call-errors';
import { clientKeys, type ClientsListParams } from './keys';

/** `GET /clients?page&limit&search&status&sort&order` (docs/requirements.md#calls; the answer sits at the top level). */
async function getClients(
  api: ApiClient,
  { page, limit, search, status, sort, order }: ClientsListParams,
): Promise<ClientsList> {
  return withDataError(CLIENTS_ERRORS.fetchClients, () =>
    api.get('/clients', {
      query: { page, limit, search: search || undefined, status, sort, order },
      schema: clientsListResponseSchema,
    }),
  );
}

/** One page of clients; the previous page stays on screen while the next one loads. */
export function useClients(params: ClientsListParams, options: { onError?: (error: Error) => void } = {}) {
  const api = useApi();
  return useSWR(clientKeys.list(params), () => getClients(api, params), {
    keepPreviousData: true,
    onError: options.onError,
  });
}
