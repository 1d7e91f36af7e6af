import { useCallback } from 'react';
import { USERS_ERRORS } from '../../../contract/ui-texts';
import { userResponseSchema, type CreateUserRequest, type User } from '../../../contract/users';
import type { ApiClient } from '../../../lib/api';
import { useApi } from '../../../lib/session';
import { toDataError } from '../../../lib/api/call-errors';
import { useRevalidateUsers } from './revalidate';

/** `POST /users`. */
export async function createUser(api: ApiClient, body: CreateUserRequest): Promise<User> {
  try {
    return (await api.post('/users', { body, schema: userResponseSchema })).data;
  } catch (caught) {
    throw toDataError(caught, USERS_ERRORS.createUser);
  }
}

/** Creates a user, then reloads the users lists. */
export function useCreateUser() {
  const api = useApi();
  const revalidate = useRevalidateUsers();
  return useCallback(
    async (body: CreateUserRequest) => {
      const user = await createUser(api, body);
      void revalidate();
      return user;
    },
    [api, revalidate],
  );
}
