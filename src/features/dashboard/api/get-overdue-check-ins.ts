import useSWR from 'swr';
import { certificatesListResponseSchema, type CertificatesList } from '../../../contract/certificates';
import { LICENSE_TERMS_ERRORS } from '../../../contract/texts/license-terms';
import type { ApiClient } from '../../../lib/api';
import { withDataError } from '../../../lib/api/call-errors';
import { useApi } from '../../../lib/session';
import { dashboardKeys, OVERDUE_PREVIEW_ROWS } from './keys';

/**
 * `GET /certificates?checkIn=overdue&limit=5`: how many certificates are overdue for a check-in (`total`) and the
 * first few, for the dashboard's Needs Attention panel. Under the dashboard's keys, so a certificate change reloads it.
 */
export function getOverdueCheckIns(api: ApiClient): Promise<CertificatesList> {
  return withDataError(LICENSE_TERMS_ERRORS.fetchOverdue, async () => {
    const response = await api.get('/certificates', {
      query: { checkIn: 'overdue', page: 1, limit: OVERDUE_PREVIEW_ROWS },
      schema: certificatesListResponseSchema,
    });
    return response.data;
  });
}

export function useOverdueCheckIns() {
  const api = useApi();
  return useSWR(dashboardKeys.overdue(), () => getOverdueCheckIns(api));
}
