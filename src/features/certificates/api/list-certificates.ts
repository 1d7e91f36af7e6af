import useSWR from 'swr';
import { certificatesListResponseSchema, type CertificatesList } from '../../../contract/certificates';
import { DEFAULT_PAGE_SIZE } from '../../../contract/constants';
import { CERTIFICATE_ERRORS } from '../../../contract/ui-texts';
import type { ApiClient } from '../../../lib/api';
import { useApi } from '../../../lib/session';
import { withDataError } from '../../../lib/api/call-errors';
import { certificateKeys, type CertificateFilters } from './keys';

/** The query of the list and the export: `status` left out for 'all', empty values left out. */
export function filterQuery({ search, status, clientId }: Omit<CertificateFilters, 'page'>) {
  return {
    search: search.trim() || undefined,
    status: status === 'all' ? undefined : status,
    clientId: clientId ?? undefined,
  };
}

/** `GET /certificates?page&limit&search&status&clientId` (docs/requirements.md#calls). */
function listCertificates(api: ApiClient, filters: CertificateFilters): Promise<CertificatesList> {
  return withDataError(CERTIFICATE_ERRORS.fetchList, async () => {
    const response = await api.get('/certificates', {
      query: { page: filters.page, limit: DEFAULT_PAGE_SIZE, ...filterQuery(filters) },
      schema: certificatesListResponseSchema,
    });
    return response.data;
  });
}

export function useCertificates(filters: CertificateFilters) {
  const api = useApi();
  // The previous page stays on screen while the next one loads, so the table does not jump.
  return useSWR(certificateKeys.list(filters), () => listCertificates(api, filters), {
    keepPreviousData: true,
  });
}
