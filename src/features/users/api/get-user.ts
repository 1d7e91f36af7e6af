import { USERS_ERRORS } from '../../../contract/ui-texts';
import { userResponseSchema } from '../../../contract/users';
import { useApiGet } from '../../../lib/api/use-api-get';
import { userKeys } from './keys';

/**
 * `GET /users/{id}`: one user, for their own page, fetched while `id` is set; every users change reloads
 * it (its key starts with 'users').
 */
export function useUser(id: string | null) {
  return useApiGet(
    id ? userKeys.one(id) : null,
    `/users/${encodeURIComponent(id ?? '')}`,
    userResponseSchema,
    USERS_ERRORS.fetchUser,
  );
}
