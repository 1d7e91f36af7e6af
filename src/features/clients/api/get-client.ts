import useSWR from 'swr';
import { clientResponseSchema, type Client } from '../../../contract/clients';
import { CLIENTS_ERRORS } from '../../../contract/ui-texts';
import type { ApiClient } from '../../../lib/api';
import { withDataError } from '../../../lib/api/call-errors';
import { useApi } from '../../../lib/session';
import { clientKeys } from './keys';

/** `GET /clients/{id}`: one client, for its own page (issue 20). */
function getClient(api: ApiClient, id: string): Promise<Client> {
  return withDataError(
    CLIENTS_ERRORS.fetchClient,
    async () => (await api.get(`/clients/${encodeURIComponent(id)}`, { schema: clientResponseSchema })).data,
  );
}

export function useClient(id: string) {
  const api = useApi();
  return useSWR(clientKeys.one(id), () => getClient(api, id));
}
