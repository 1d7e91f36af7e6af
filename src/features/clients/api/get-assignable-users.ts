import useSWR from 'swr';
import { PICKER_PAGE_SIZE } from '../../../contract/constants';
import { CLIENTS_ERRORS } from '../../../contract/ui-texts';
import { usersListResponseSchema, type User } from '../../../contract/users';
import type { ApiClient } from '../../../lib/api';
import { useApi } from '../../../lib/session';
import { toDataError } from '../../../lib/api/call-errors';
import { clientKeys } from './keys';

/** The Assign Users picker: active users, first page of up to 100 (docs/requirements.md#clients-screen and #constants), matching `search`. */
async function getAssignableUsers(api: ApiClient, search: string): Promise<User[]> {
  try {
    const response = await api.get('/users', {
      query: { status: 'active', page: 1, limit: PICKER_PAGE_SIZE, search: search || undefined },
      schema: usersListResponseSchema,
    });
    return response.data.users;
  } catch (caught) {
    throw toDataError(caught, CLIENTS_ERRORS.fetchUsers);
  }
}

/** Active users for the picker, fetched only while `isEnabled` (the modal is open). */
export function useAssignableUsers(search: string, isEnabled: boolean) {
  const api = useApi();
  return useSWR(
    isEnabled ? clientKeys.assignableUsers(search) : null,
    () => getAssignableUsers(api, search),
    { keepPreviousData: true },
  );
}
