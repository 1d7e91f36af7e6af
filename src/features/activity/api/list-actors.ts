import { useMemo } from 'react';
import useSWR from 'swr';
import { MAX_PAGE_SIZE } from '../../../contract/constants';
import { usersListResponseSchema, type User } from '../../../contract/users';
import { ACTIVITY_ERRORS } from '../../../contract/ui-texts';
import type { ApiClient } from '../../../lib/api';
import { withDataError } from '../../../lib/api/call-errors';
import { useApi } from '../../../lib/session';
import { activityKeys } from './keys';

/**
 * `GET /users?limit=100`: the staff the actor filter offers, by name, and whose user links the log can build. One
 * page of the largest size: a console's staff fits in it; a larger staff would want a searching picker.
 */
async function listActors(api: ApiClient): Promise<User[]> {
  return withDataError(ACTIVITY_ERRORS.fetchActors, async () => {
    const { data } = await api.get('/users', {
      query: { page: 1, limit: MAX_PAGE_SIZE },
      schema: usersListResponseSchema,
    });
    return [...data.users].sort((a, b) => a.name.localeCompare(b.name));
  });
}

/** The staff, fetched only while `isWanted` (a role the server lets read users). */
export function useActors(isWanted = true) {
  const api = useApi();
  return useSWR(isWanted ? activityKeys.actors : null, () => listActors(api));
}

/** The staff by id, for the links of the rows about a user. */
export function useUsersById(users: readonly User[] | undefined): ReadonlyMap<string, User> {
  return useMemo(() => new Map((users ?? []).map((user) => [user.uuid, user])), [users]);
}
