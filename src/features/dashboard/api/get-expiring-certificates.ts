import useSWR from 'swr';
import { expirationResponseSchema, type ExpirationPage } from '../../../contract/dashboard';
import { DASHBOARD_ERRORS } from '../../../contract/ui-texts';
import type { ApiClient } from '../../../lib/api';
import { useApi } from '../../../lib/session';
import { withDataError } from '../../../lib/api/call-errors';
import { dashboardKeys, type ExpiringQuery } from './keys';

/**
 * `GET /dashboard/certificate-expiration?days&page&limit&search`: certificates in force ending within `days`, one
 * page of them, searched on the server, with the total for the pager.
 */
export async function getExpiringCertificates(api: ApiClient, query: ExpiringQuery): Promise<ExpirationPage> {
  const search = query.search.trim();
  return withDataError(DASHBOARD_ERRORS.expirationFailed, () =>
    api.get('/dashboard/certificate-expiration', {
      query: { days: query.days, page: query.page, limit: query.limit, ...(search ? { search } : {}) },
      schema: expirationResponseSchema,
    }),
  );
}

export function useExpiringCertificates(query: ExpiringQuery) {
  const api = useApi();
  // The previous timeframe's, page's or search's rows stay on screen while the next ones load.
  return useSWR(dashboardKeys.expiring(query), () => getExpiringCertificates(api, query), {
    keepPreviousData: true,
  });
}
