import useSWR from 'swr';
import { USERS_ERRORS } from '../../../contract/ui-texts';
import { userClientsResponseSchema, type UserClient } from '../../../contract/users';
import type { ApiClient } from '../../../lib/api';
import { useApi } from '../../../lib/session';
import { withDataError } from '../../../lib/api/call-errors';
import { userKeys } from './keys';

/** `GET /users/{id}/clients`: the user's clients, in snake_case (docs/requirements.md#entities). */
async function getUserClients(api: ApiClient, id: string): Promise<UserClient[]> {
  return withDataError(
    USERS_ERRORS.fetchUserClients,
    async () =>
      (await api.get(`/users/${encodeURIComponent(id)}/clients`, { schema: userClientsResponseSchema })).data,
  );
}

/** A user's clients, fetched only while `id` is set (the Clients modal is open, the user's page has loaded). */
export function useUserClients(id: string | null, { onError }: { onError?: (error: Error) => void } = {}) {
  const api = useApi();
  // An `onError: undefined` would replace SWR's own (a no-op), which SWR then calls on a failure.
  return useSWR(
    id ? userKeys.clients(id) : null,
    () => getUserClients(api, id ?? ''),
    onError ? { onError } : {},
  );
}
