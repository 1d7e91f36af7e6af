import useSWR from 'swr';
import { certificatesListResponseSchema, type CertificatesList } from '../../../contract/certificates';
import { CERTIFICATE_ERRORS } from '../../../contract/ui-texts';
import type { ApiClient } from '../../../lib/api';
import { useApi } from '../../../lib/session';
import { withDataError } from '../../../lib/api/call-errors';
import { startEarly } from '../../../lib/api/start-early';
import { rememberedPageSize } from '../../../lib/lists/page-size';
import { sortQuery } from '../../../lib/lists/list-sort';
import { filtersFromSearchParams } from '../use-certificate-filters';
import { certificateKeys, type CertificateFilters, type CertificateMatch } from './keys';

/** What narrows the list, as query parameters: `status` left out for 'all', empty values left out. */
export function matchQuery({ search, status, clientId, checkIn }: CertificateMatch) {
  return {
    search: search.trim() || undefined,
    status: status === 'all' ? undefined : status,
    clientId: clientId ?? undefined,
    checkIn: checkIn ?? undefined,
  };
}

/** The query of the list and the export: what narrows it and its sort (the export follows the list's order). */
export function filterQuery(filters: Omit<CertificateFilters, 'page' | 'limit'>) {
  return { ...matchQuery(filters), ...sortQuery({ sort: filters.sort, order: filters.order }) };
}

/** `GET /certificates?page&limit&search&status&clientId&checkIn&sort&order` (docs/requirements.md#calls). */
function listCertificates(api: ApiClient, filters: CertificateFilters): Promise<CertificatesList> {
  return withDataError(CERTIFICATE_ERRORS.fetchList, async () => {
    const response = await api.get('/certificates', {
      query: { page: filters.page, limit: filters.limit, ...filterQuery(filters) },
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

/**
 * The list a `/certificates?…` address opens on, asked for at start-up beside the session's validation (src/app/
 * prefetch.ts): the filters the page will read from the same query string, so its hook takes the answer.
 */
export function prefetchCertificates(api: ApiClient, search: string): void {
  const filters = filtersFromSearchParams(new URLSearchParams(search), rememberedPageSize('certificates'));
  startEarly(certificateKeys.list(filters), () => listCertificates(api, filters));
}
