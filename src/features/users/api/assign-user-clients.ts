import { useCallback } from 'react';
import { USERS_ERRORS } from '../../../contract/ui-texts';
import { userClientsResponseSchema, type UserClient } from '../../../contract/users';
import type { ApiClient } from '../../../lib/api';
import { useApi } from '../../../lib/session';
import { toDataError } from '../../../lib/api/call-errors';
import { useRevalidateUsers } from './revalidate';

/** `PUT /users/{id}/clients` with the complete list of the user's clients. */
export async function assignUserClients(
  api: ApiClient,
  id: string,
  clientUuids: string[],
): Promise<UserClient[]> {
  try {
    return (
      await api.put(`/users/${encodeURIComponent(id)}/clients`, {
        body: { clientUuids },
        schema: userClientsResponseSchema,
      })
    ).data;
  } catch (caught) {
    throw toDataError(caught, USERS_ERRORS.assignClients);
  }
}

/** Replaces a user's clients, then reloads the users queries. */
export function useAssignUserClients() {
  const api = useApi();
  const revalidate = useRevalidateUsers();
  return useCallback(
    async (id: string, clientUuids: string[]) => {
      const clients = await assignUserClients(api, id, clientUuids);
      void revalidate();
      return clients;
    },
    [api, revalidate],
  );
}
