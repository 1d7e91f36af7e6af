import { useCallback } from 'react';
import { clientResponseSchema, type Client, type UpdateClientRequest } from '../../../contract/clients';
import { CLIENTS_ERRORS } from '../../../contract/ui-texts';
import type { ApiClient } from '../../../lib/api';
import { useApi } from '../../../lib/session';
import { toDataError } from '../../../lib/api/call-errors';
import { useRevalidateClients } from './revalidate';

/** `PUT /clients/{id}`. */
export async function updateClient(api: ApiClient, id: string, body: UpdateClientRequest): Promise<Client> {
  try {
    return (await api.put(`/clients/${encodeURIComponent(id)}`, { body, schema: clientResponseSchema })).data;
  } catch (caught) {
    throw toDataError(caught, CLIENTS_ERRORS.updateClient);
  }
}

/** Updates a client, then reloads the clients lists. */
export function useUpdateClient() {
  const api = useApi();
  const revalidate = useRevalidateClients();
  return useCallback(
    async (id: string, body: UpdateClientRequest) => {
      const client = await updateClient(api, id, body);
      void revalidate();
      return client;
    },
    [api, revalidate],
  );
}
