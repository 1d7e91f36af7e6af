import { clientResponseSchema } from '../../../contract/clients';
import { CLIENTS_ERRORS } from '../../../contract/ui-texts';
import { useApiGet } from '../../../lib/api/use-api-get';
import { clientKeys } from './keys';

/** `GET /clients/{id}`: one client, for its own page. */
export function useClient(id: string) {
  return useApiGet(
    clientKeys.one(id),
    `/clients/${encodeURIComponent(id)}`,
    clientResponseSchema,
    CLIENTS_ERRORS.fetchClient,
  );
}
