import { useCallback } from 'react';
import { clientResponseSchema, type Client, type CreateClientRequest } from '../../../contract/clients';
import { CLIENTS_ERRORS } from '../../../contract/ui-texts';
import type { ApiClient } from '../../../lib/api';
import { useApi } from '../../../lib/session';
import { toDataError } from '../../../lib/api/call-errors';
import { useRevalidateClients } from './revalidate';

/** `POST /clients`. */
export async function createClient(api: ApiClient, body: CreateClientRequest): Promise<Client> {
  try {
    return (await api.post('/clients', { body, schema: clientResponseSchema })).data;
  } catch (caught) {
    throw toDataError(caught, CLIENTS_ERRORS.createClient);
  }
}

/** Creates a client, then reloads the clients lists. */
export function useCreateClient() {
  const api = useApi();
  const revalidate = useRevalidateClients();
  return useCallback(
    async (body: CreateClientRequest) => {
      const client = await createClient(api, body);
      void revalidate();
      return client;
    },
    [api, revalidate],
  );
}
