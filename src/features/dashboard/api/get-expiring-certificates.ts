import useSWR from 'swr';
import { expirationResponseSchema, type ExpiringCertificate } from '../../../contract/dashboard';
import { DASHBOARD_ERRORS } from '../../../contract/ui-texts';
import type { ApiClient } from '../../../lib/api';
import { useApi } from '../../../lib/session';
import { withDataError } from '../../../lib/api/call-errors';
import { dashboardKeys } from './keys';

/** `GET /dashboard/certificate-expiration?days={n}`: active certificates ending within `days`. */
export async function getExpiringCertificates(api: ApiClient, days: number): Promise<ExpiringCertificate[]> {
  return withDataError(DASHBOARD_ERRORS.expirationFailed, async () => {
    const response = await api.get('/dashboard/certificate-expiration', {
      query: { days },
      schema: expirationResponseSchema,
    });
    return response.expiringCertificates;
  });
}

export function useExpiringCertificates(days: number) {
  const api = useApi();
  // The previous timeframe's rows stay on screen while the next one loads.
  return useSWR(dashboardKeys.expiring(days), () => getExpiringCertificates(api, days), {
    keepPreviousData: true,
  });
}
