import useSWR from 'swr';
import type { Role } from '../../../contract/roles';
import { USERS_ERRORS } from '../../../contract/ui-texts';
import { rolesResponseSchema } from '../../../contract/users';
import type { ApiClient } from '../../../lib/api';
import { useApi } from '../../../lib/session';
import { toDataError } from '../../../lib/api/call-errors';
import { userKeys } from './keys';

/** `GET /users/roles`: the roles a user may be given (the server leaves out owner). */
async function getRoles(api: ApiClient): Promise<Role[]> {
  try {
    const response = await api.get('/users/roles', { schema: rolesResponseSchema });
    // docs/requirements.md#entities: the role named owner is never offered, whatever the server sends.
    return response.data.filter((role) => role.name !== 'owner');
  } catch (caught) {
    throw toDataError(caught, USERS_ERRORS.fetchRoles);
  }
}

export function useRoles() {
  const api = useApi();
  return useSWR(userKeys.roles(), () => getRoles(api));
}
