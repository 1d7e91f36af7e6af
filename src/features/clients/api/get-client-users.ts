import { clientUsersResponseSchema } from '../../../contract/clients';
import { CLIENTS_ERRORS } from '../../../contract/ui-texts';
import { useApiGet } from '../../../lib/api/use-api-get';
import { clientKeys } from './keys';

/** `GET /clients/{id}/users`: a client's users, fetched only while `id` is set (the Assign Users modal is open). */
export function useClientUsers(id: string | null) {
  return useApiGet(
    id ? clientKeys.users(id) : null,
    `/clients/${encodeURIComponent(id ?? '')}/users`,
    clientUsersResponseSchema,
    CLIENTS_ERRORS.fetchClientUsers,
  );
}
