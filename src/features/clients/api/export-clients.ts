import { useCallback } from 'react';
import { MESSAGES } from '../../../contract/errors';
import { CLIENTS_ERRORS } from '../../../contract/ui-texts';
import { ApiError } from '../../../app/api';
import { apiErrorFromResponse } from '../../../app/api/api-error';
import { loadConfig } from '../../../app/config';
import type { Session } from '../../../app/session';
import { useSession } from '../../../app/session';
import { toDataError } from '../../../app/api/call-errors';
import type { ClientsListParams } from './keys';

export type ClientsExportParams = Pick<ClientsListParams, 'search' | 'status'>;

/**
 * `GET /clients/export` with the list's filters, as a CSV blob. The API client parses JSON only,
 * so this call sends the session's bearer token itself and, like the client, refreshes once on a
 * 401 and retries; a failed refresh ends the session (spec §8 generic client).
 */
export async function exportClients(session: Session, { search, status }: ClientsExportParams, fetchFn: typeof fetch = fetch): Promise<Blob> {
  const { apiUrl } = await loadConfig(fetchFn);
  const query = new URLSearchParams();
  if (search) query.set('search', search);
  if (status) query.set('status', status);
  const url = `${apiUrl}/clients/export${query.size > 0 ? `?${query.toString()}` : ''}`;
  const send = (token: string) => fetchFn(url, { headers: { Authorization: `Bearer ${token}`, Accept: 'text/csv' } });

  try {
    let token = session.getAccessToken();
    if (!token && session.hasRefreshToken() && (await session.refresh())) token = session.getAccessToken();
    if (!token) throw new ApiError(MESSAGES.noToken, { status: 0, code: 'UNAUTHENTICATED' });
    let response = await send(token);
    if (response.status === 401) {
      const refreshed = (await session.refresh()) ? session.getAccessToken() : null;
      if (!refreshed) {
        session.expire(MESSAGES.authFailed);
        throw new ApiError(MESSAGES.authFailed, { status: 401, code: 'UNAUTHENTICATED' });
      }
      response = await send(refreshed);
    }
    if (!response.ok) throw await apiErrorFromResponse(response);
    return await response.blob();
  } catch (caught) {
    throw toDataError(caught, CLIENTS_ERRORS.exportClients);
  }
}

/** Exports the clients matching the filters as CSV (a blob for the caller to save). */
export function useExportClients() {
  const session = useSession();
  return useCallback((params: ClientsExportParams) => exportClients(session, params), [session]);
}
