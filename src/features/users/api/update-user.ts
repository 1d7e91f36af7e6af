import { useCallback } from 'react';
import { USERS_ERRORS } from '../../../contract/ui-texts';
import { userResponseSchema, type UpdateUserRequest, type User } from '../../../contract/users';
import type { ApiClient } from '../../../lib/api';
import { useApi } from '../../../lib/session';
import { toDataError } from '../../../lib/api/call-errors';
import { useRevalidateUsers } from './revalidate';

/** `PUT /users/{id}` with the fields to change (the form's, or `{ isActive }` alone). */
export async function updateUser(api: ApiClient, id: string, body: UpdateUserRequest): Promise<User> {
  try {
    return (await api.put(`/users/${encodeURIComponent(id)}`, { body, schema: userResponseSchema })).data;
  } catch (caught) {
    throw toDataError(caught, USERS_ERRORS.updateUser);
  }
}

/** Updates a user, then reloads the users lists. */
export function useUpdateUser() {
  const api = useApi();
  const revalidate = useRevalidateUsers();
  return useCallback(
    async (id: string, body: UpdateUserRequest) => {
      const user = await updateUser(api, id, body);
      void revalidate();
      return user;
    },
    [api, revalidate],
  );
}
