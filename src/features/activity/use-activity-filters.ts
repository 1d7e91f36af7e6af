import { useCallback, useMemo } from 'react';
import { useLatestSearchParams } from '../../lib/routing/use-latest-search-params';
import { DEFAULT_PAGE_SIZE } from '../../contract/constants';
import { ACTIVITY_TARGET_TYPES, type ActivityTargetType } from '../../contract/dashboard';
import { pageKeepingFirstRow, pageSizeFromParam } from '../../lib/lists/page-size';
import type { ActivityFilters } from './api/keys';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The contract's shape of an activity type; anything else in the URL is ignored rather than sent to fail. */
const ACTION = /^[a-z][a-z_]*(\.[a-z][a-z_]*)+$/;

const dayOrNull = (value: string | null) =>
  value && DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? value : null;

/** Reads the log's filters from a query string; anything unreadable falls back to no filter. */
export function activityFiltersFromParams(params: URLSearchParams): ActivityFilters {
  const actorId = params.get('actorId');
  const action = params.get('action');
  const type = params.get('type');
  const page = Number(params.get('page'));
  return {
    actorId: actorId && UUID.test(actorId) ? actorId : null,
    action: action && ACTION.test(action) ? action : null,
    type: (ACTIVITY_TARGET_TYPES as readonly string[]).includes(type ?? '')
      ? (type as ActivityTargetType)
      : null,
    from: dayOrNull(params.get('from')),
    to: dayOrNull(params.get('to')),
    search: params.get('search') ?? '',
    order: params.get('order') === 'asc' ? 'asc' : 'desc',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    limit: pageSizeFromParam(params.get('limit')) ?? DEFAULT_PAGE_SIZE,
  };
}

/** The query string of some filters: defaults are left out, so the whole log is plain `/activity`. */
export function paramsFromActivityFilters(filters: ActivityFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['actorId', 'action', 'type', 'from', 'to'] as const) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.order === 'asc') params.set('order', 'asc');
  if (filters.limit !== DEFAULT_PAGE_SIZE) params.set('limit', String(filters.limit));
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** Whether any filter narrows the log (the order and paging do not). */
export const isFiltered = (filters: ActivityFilters) =>
  Boolean(
    filters.actorId || filters.action || filters.type || filters.from || filters.to || filters.search.trim(),
  );

/**
 * The log's filters live in the URL, so a filtered view can be bookmarked and shared and the Back button returns
 * to it. A new filter or order starts again at page 1; a new page size keeps the first row shown in view.
 */
export function useActivityFilters() {
  const [params, setParams] = useLatestSearchParams();
  const filters = useMemo(() => activityFiltersFromParams(params), [params]);
  const setFilters = useCallback(
    (change: Partial<ActivityFilters>) => {
      setParams((current) => {
        const previous = activityFiltersFromParams(current);
        const next = { ...previous, ...change };
        if (change.page === undefined) {
          next.page =
            next.limit !== previous.limit
              ? pageKeepingFirstRow(previous.page, previous.limit, next.limit)
              : 1;
        }
        return paramsFromActivityFilters(next);
      });
    },
    [setParams],
  );
  return [filters, setFilters] as const;
}
