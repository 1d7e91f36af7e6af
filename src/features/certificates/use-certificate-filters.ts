import { useCallback, useMemo } from 'react';
import { useLatestSearchParams } from '../../lib/routing/use-latest-search-params';
import { CERTIFICATE_SORT_KEYS, CERTIFICATE_STATUSES, CHECK_IN_FILTERS } from '../../contract/certificates';
import { DEFAULT_PAGE_SIZE } from '../../contract/constants';
import { sortFromSearchParams, writeSort } from '../../lib/lists/list-sort';
import {
  pageKeepingFirstRow,
  pageSizeFromParam,
  rememberedPageSize,
  rememberPageSize,
} from '../../lib/lists/page-size';
import type { CertificateFilters } from './api/keys';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Reads the list filters from a query string; anything unreadable falls back to the default. A URL without
 * `limit` shows `defaultLimit` (the size remembered for the list).
 */
export function filtersFromSearchParams(
  params: URLSearchParams,
  defaultLimit: number = DEFAULT_PAGE_SIZE,
): CertificateFilters {
  const status = params.get('status');
  const page = Number(params.get('page'));
  const clientId = params.get('clientId');
  const checkIn = params.get('checkIn');
  const { sort, order } = sortFromSearchParams(params, CERTIFICATE_SORT_KEYS);
  return {
    search: params.get('search') ?? '',
    status: (CERTIFICATE_STATUSES as readonly string[]).includes(status ?? '')
      ? (status as CertificateFilters['status'])
      : 'all',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    clientId: clientId && UUID.test(clientId) ? clientId : null,
    checkIn: (CHECK_IN_FILTERS as readonly string[]).includes(checkIn ?? '') ? 'overdue' : null,
    ...(sort ? { sort, order: order ?? 'asc' } : {}),
    limit: pageSizeFromParam(params.get('limit')) ?? defaultLimit,
  };
}

/** The query string of some filters: defaults are left out, so a plain list is plain `/certificates`. */
export function searchParamsFromFilters(filters: CertificateFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search) params.set('search', filters.search);
  if (filters.status !== 'all') params.set('status', filters.status);
  if (filters.clientId) params.set('clientId', filters.clientId);
  if (filters.checkIn) params.set('checkIn', filters.checkIn);
  writeSort(params, { sort: filters.sort, order: filters.order });
  if (filters.limit !== DEFAULT_PAGE_SIZE) params.set('limit', String(filters.limit));
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/**
 * The list's filters live in the URL (search, status, page, clientId, checkIn, sort, order, limit), so the dashboard's
 * links, a reload, a shared link and the Back button all show the same list. A new search, status, client, check-in
 * filter or sort starts again at page 1; a new page size keeps the first row shown in view, and is remembered as this
 * browser's size for the list. On a client's page the client is `fixedClientId`, never in the URL.
 */
export function useCertificateFilters(fixedClientId?: string) {
  const [params, setParams] = useLatestSearchParams();
  const remembered = useMemo(() => rememberedPageSize('certificates'), []);
  const filters = useMemo(() => {
    const read = filtersFromSearchParams(params, remembered);
    return fixedClientId ? { ...read, clientId: fixedClientId } : read;
  }, [params, remembered, fixedClientId]);
  const setFilters = useCallback(
    (change: Partial<CertificateFilters>) => {
      if (change.limit !== undefined) rememberPageSize('certificates', change.limit);
      const write = (next: CertificateFilters) =>
        searchParamsFromFilters(fixedClientId ? { ...next, clientId: null } : next);
      setParams((current) => {
        const previous = filtersFromSearchParams(current, remembered);
        const next = { ...previous, ...change };
        if (change.page !== undefined) return write(next);
        if (
          next.search !== previous.search ||
          next.status !== previous.status ||
          next.clientId !== previous.clientId ||
          next.checkIn !== previous.checkIn ||
          next.sort !== previous.sort ||
          next.order !== previous.order
        ) {
          next.page = 1;
        } else if (next.limit !== previous.limit) {
          next.page = pageKeepingFirstRow(previous.page, previous.limit, next.limit);
        }
        return write(next);
      });
    },
    [setParams, remembered, fixedClientId],
  );
  return [filters, setFilters] as const;
}
