import { useCallback } from 'react';
import { USERS_ERRORS } from '../../../contract/ui-texts';
import type { ApiClient } from '../../../lib/api';
import { useApi } from '../../../lib/session';
import { toDataError } from '../../../lib/api/call-errors';
import { useRevalidateUsers } from './revalidate';

/** `DELETE /users/{id}`. */
export async function deleteUser(api: ApiClient, id: string): Promise<void> {
  try {
    await api.delete(`/users/${encodeURIComponent(id)}`);
  } catch (caught) {
    throw toDataError(caught, USERS_ERRORS.deleteUser);
  }
}

/** Deletes a user, then reloads the users lists. */
export function useDeleteUser() {
  const api = useApi();
  const revalidate = useRevalidateUsers();
  return useCallback(
    async (id: string) => {
      await deleteUser(api, id);
      void revalidate();
    },
    [api, revalidate],
  );
}
