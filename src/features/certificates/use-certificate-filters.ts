import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { CERTIFICATE_STATUSES } from '../../contract/certificates';
import type { CertificateFilters } from './api/keys';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads the list filters from a query string; anything unreadable falls back to the default. */
export function filtersFromSearchParams(params: URLSearchParams): CertificateFilters {
  const status = params.get('status');
  const page = Number(params.get('page'));
  const clientId = params.get('clientId');
  return {
    search: params.get('search') ?? '',
    status: (CERTIFICATE_STATUSES as readonly string[]).includes(status ?? '')
      ? (status as CertificateFilters['status'])
      : 'all',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    clientId: clientId && UUID.test(clientId) ? clientId : null,
  };
}

/** The query string of some filters: defaults are left out, so a plain list is plain `/certificates`. */
export function searchParamsFromFilters(filters: CertificateFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search) params.set('search', filters.search);
  if (filters.status !== 'all') params.set('status', filters.status);
  if (filters.clientId) params.set('clientId', filters.clientId);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/**
 * The list's filters live in the URL (search, status, page, clientId), so the dashboard's links, a
 * reload, a shared link and the Back button all show the same list. A new search, status or client
 * starts again at page 1.
 */
export function useCertificateFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearchParams(params), [params]);
  const setFilters = useCallback(
    (change: Partial<CertificateFilters>) => {
      setParams((current) => {
        const previous = filtersFromSearchParams(current);
        const next = { ...previous, ...change };
        if (
          change.page === undefined &&
          (next.search !== previous.search ||
            next.status !== previous.status ||
            next.clientId !== previous.clientId)
        ) {
          next.page = 1;
        }
        return searchParamsFromFilters(next);
      });
    },
    [setParams],
  );
  return [filters, setFilters] as const;
}
