import useSWR from 'swr';
import { clientResponseSchema, type Client } from '../../../contract/clients';
import { CLIENTS_ERRORS } from '../../../contract/ui-texts';
import type { ApiClient } from '../../../lib/api';
import { useApi } from '../../../lib/session';
import { toDataError } from '../../../lib/api/call-errors';
import { clientKeys } from './keys';

/** `GET /clients/{id}`. */
export async function getClient(api: ApiClient, id: string): Promise<Client> {
  try {
    return (await api.get(`/clients/${encodeURIComponent(id)}`, { schema: clientResponseSchema })).data;
  } catch (caught) {
    throw toDataError(caught, CLIENTS_ERRORS.fetchClient);
  }
}

/** One client, fetched only while `id` is set. */
export function useClient(id: string | null) {
  const api = useApi();
  return useSWR(id ? clientKeys.detail(id) : null, () => getClient(api, id ?? ''));
}
