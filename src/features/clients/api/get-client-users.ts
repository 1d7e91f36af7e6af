import useSWR from 'swr';
import { clientUsersResponseSchema, type ClientUser } from '../../../contract/clients';
import { CLIENTS_ERRORS } from '../../../contract/ui-texts';
import type { ApiClient } from '../../../lib/api';
import { useApi } from '../../../lib/session';
import { withDataError } from '../../../lib/api/call-errors';
import { clientKeys } from './keys';

/** `GET /clients/{id}/users`. */
async function getClientUsers(api: ApiClient, id: string): Promise<ClientUser[]> {
  return withDataError(
    CLIENTS_ERRORS.fetchClientUsers,
    async () =>
      (await api.get(`/clients/${encodeURIComponent(id)}/users`, { schema: clientUsersResponseSchema })).data,
  );
}

/** A client's users, fetched only while `id` is set (the Assign Users modal is open). */
export function useClientUsers(id: string | null) {
  const api = useApi();
  return useSWR(id ? clientKeys.users(id) : null, () => getClientUsers(api, id ?? ''));
}
