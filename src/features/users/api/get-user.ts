import useSWR from 'swr';
import { USERS_ERRORS } from '../../../contract/ui-texts';
import { userResponseSchema, type User } from '../../../contract/users';
import type { ApiClient } from '../../../lib/api';
import { withDataError } from '../../../lib/api/call-errors';
import { useApi } from '../../../lib/session';
import { userKeys } from './keys';

/** `GET /users/{id}`: one user, for their own page (issue 20). */
function getUser(api: ApiClient, id: string): Promise<User> {
  return withDataError(
    USERS_ERRORS.fetchUser,
    async () => (await api.get(`/users/${encodeURIComponent(id)}`, { schema: userResponseSchema })).data,
  );
}

/** A user, fetched while `id` is set; every users change reloads it (its key starts with 'users'). */
export function useUser(id: string | null) {
  const api = useApi();
  return useSWR(id ? userKeys.one(id) : null, () => getUser(api, id as string));
}
