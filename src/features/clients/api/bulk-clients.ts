import { useCallback } from 'react';
import { clientsBulkResponseSchema, type BulkOutcome, type ClientBulkAction } from '../../../contract/bulk';
import type { ApiClient } from '../../../lib/api';
import { useApi } from '../../../lib/session';

/**
 * One `POST /clients/bulk {action, ids}` of at most MAX_BULK_IDS ids: every id's outcome. The caller
 * runs larger selections in chunks and reloads the lists once at the end.
 */
async function bulkClients(api: ApiClient, action: ClientBulkAction, ids: string[]): Promise<BulkOutcome> {
  return (await api.post('/clients/bulk', { body: { action, ids }, schema: clientsBulkResponseSchema })).data;
}

export function useBulkClients() {
  const api = useApi();
  return useCallback((action: ClientBulkAction, ids: string[]) => bulkClients(api, action, ids), [api]);
}
