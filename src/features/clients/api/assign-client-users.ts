import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { clientUsersResponseSchema, type ClientUser } from '../../../contract/clients';
import { CLIENTS_ERRORS } from '../../../contract/ui-texts';
import type { ApiClient } from '../../../lib/api';
import { useApi } from '../../../lib/session';
import { toDataError } from '../../../lib/api/call-errors';
import { clientKeys } from './keys';
import { useRevalidateClients } from './revalidate';

/** `PUT /clients/{id}/users` with the complete list of the client's users. */
export async function assignClientUsers(
  api: ApiClient,
  id: string,
  userUuids: string[],
): Promise<ClientUser[]> {
  try {
    return (
      await api.put(`/clients/${encodeURIComponent(id)}/users`, {
        body: { userUuids },
        schema: clientUsersResponseSchema,
      })
    ).data;
  } catch (caught) {
    throw toDataError(caught, CLIENTS_ERRORS.assignUsers);
  }
}

/** Replaces a client's users, then reloads the clients queries. */
export function useAssignClientUsers() {
  const api = useApi();
  const revalidate = useRevalidateClients();
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id: string, userUuids: string[]) => {
      const users = await assignClientUsers(api, id, userUuids);
      // The answer is the new assignment: cache it, so reopening the modal starts from it, not from the old list.
      await mutate(clientKeys.users(id), users, { revalidate: false });
      void revalidate();
      return users;
    },
    [api, mutate, revalidate],
  );
}
