import { useCallback } from 'react';
import { CLIENTS_ERRORS } from '../../../contract/ui-texts';
import type { ApiClient } from '../../../lib/api';
import { useApi } from '../../../lib/session';
import { toDataError } from '../../../lib/api/call-errors';
import { useRevalidateClients } from './revalidate';

/** `DELETE /clients/{id}` (refused with 409 while the client has live certificates). */
export async function deleteClient(api: ApiClient, id: string): Promise<void> {
  try {
    await api.delete(`/clients/${encodeURIComponent(id)}`);
  } catch (caught) {
    throw toDataError(caught, CLIENTS_ERRORS.deleteClient);
  }
}

/** Deletes a client, then reloads the clients lists. */
export function useDeleteClient() {
  const api = useApi();
  const revalidate = useRevalidateClients();
  return useCallback(
    async (id: string) => {
      await deleteClient(api, id);
      void revalidate();
    },
    [api, revalidate],
  );
}
