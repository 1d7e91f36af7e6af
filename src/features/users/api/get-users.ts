import useSWR from 'swr';
import { usersListResponseSchema, type UsersList } from '../../../contract/users';
import { USERS_ERRORS } from '../../../contract/ui-texts';
import type { ApiClient } from '../../../lib/api';
import { useApi } from '../../../lib/session';
import { toDataError } from '../../../lib/api/call-errors';
import { userKeys, type UsersListParams } from './keys';

/** `GET /users?page&limit&search&status&sort&order` (docs/requirements.md#calls). */
async function getUsers(
  api: ApiClient,
  { page, limit, search, status, sort, order }: UsersListParams,
): Promise<UsersList> {
  try {
    const response = await api.get('/users', {
      query: { page, limit, search: search || undefined, status, sort, order },
      schema: usersListResponseSchema,
    });
    return response.data;
  } catch (caught) {
    throw toDataError(caught, USERS_ERRORS.fetchUsers);
  }
}

/** One page of users; the previous page stays on screen while the next one loads. */
export function useUsers(params: UsersListParams) {
  const api = useApi();
  return useSWR(userKeys.list(params), () => getUsers(api, params), { keepPreviousData: true });
}
