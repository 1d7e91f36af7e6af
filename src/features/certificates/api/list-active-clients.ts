import useSWR from 'swr';
import { clientsListResponseSchema, type Client } from '../../../contract/clients';
import { PICKER_PAGE_SIZE } from '../../../contract/constants';
import { CERTIFICATE_ERRORS } from '../../../contract/ui-texts';
import type { ApiClient } from '../../../lib/api';
import { useApi } from '../../../lib/session';
import { withDataError } from '../../../lib/api/call-errors';
import { certificateKeys } from './keys';

/** The certificate form's client picker: up to 100 active clients matching `search` (docs/requirements.md#validation and #constants). */
function listActiveClients(api: ApiClient, search: string): Promise<Client[]> {
  return withDataError(CERTIFICATE_ERRORS.fetchClients, async () => {
    const response = await api.get('/clients', {
      query: { status: 'active', search: search.trim() || undefined, page: 1, limit: PICKER_PAGE_SIZE },
      schema: clientsListResponseSchema,
    });
    return response.clients;
  });
}

export function useActiveClients(search: string, { isEnabled = true } = {}) {
  const api = useApi();
  return useSWR(
    isEnabled ? certificateKeys.activeClients(search.trim()) : null,
    () => listActiveClients(api, search),
    { keepPreviousData: true },
  );
}
