import useSWR from 'swr';
import { USERS_ERRORS } from '../../../contract/ui-texts';
import { userResponseSchema, type User } from '../../../contract/users';
import type { ApiClient } from '../../../lib/api';
import { useApi } from '../../../lib/session';
import { toDataError } from '../../../lib/api/call-errors';
import { userKeys } from './keys';

/** `GET /users/{id}`. */
export async function getUser(api: ApiClient, id: string): Promise<User> {
  try {
    return (await api.get(`/users/${encodeURIComponent(id)}`, { schema: userResponseSchema })).data;
  } catch (caught) {
    throw toDataError(caught, USERS_ERRORS.fetchUser);
  }
}

/** One user, fetched only while `id` is set. */
export function useUser(id: string | null) {
  const api = useApi();
  return useSWR(id ? userKeys.detail(id) : null, () => getUser(api, id ?? ''));
}
