import { useCallback } from 'react';
import { CLIENTS_ERRORS } from '../../../contract/ui-texts';
import type { ApiClient } from '../../../lib/api';
import { withDataError } from '../../../lib/api/call-errors';
import { useApi } from '../../../lib/session';
import type { ClientsListParams } from './keys';

export type ClientsExportParams = Pick<ClientsListParams, 'search' | 'status' | 'sort' | 'order'>;

/** `GET /clients/export` with the list's filters and sort (no paging): every matching client as a CSV blob. */
export function exportClients(
  api: ApiClient,
  { search, status, sort, order }: ClientsExportParams,
): Promise<Blob> {
  return withDataError(CLIENTS_ERRORS.exportClients, () =>
    api.getBlob('/clients/export', { query: { search: search || undefined, status, sort, order } }),
  );
}

/** Exports the clients matching the filters as CSV (a blob for the caller to save). */
export function useExportClients() {
  const api = useApi();
  return useCallback((params: ClientsExportParams) => exportClients(api, params), [api]);
}
