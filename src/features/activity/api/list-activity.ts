import useSWR from 'swr';
import { DAY_MS } from '../../../contract/constants';
import { activityResponseSchema, type ActivityPage } from '../../../contract/dashboard';
import { ACTIVITY_ERRORS } from '../../../contract/ui-texts';
import type { ApiClient } from '../../../lib/api';
import { withDataError } from '../../../lib/api/call-errors';
import { useApi } from '../../../lib/session';
import { activityKeys, type ActivityFeedQuery, type ActivityFilters } from './keys';

/** Midnight UTC of a 'YYYY-MM-DD' day, or undefined. */
const dayStart = (day: string | null) => (day ? Date.parse(`${day}T00:00:00Z`) : undefined);

/**
 * The API's query of some filters (without paging): the days become the half-open range `from <= t < to`, the end
 * being the midnight after the last day chosen; the order is sent only when it is not the default newest first.
 */
export function activityQueryOf(filters: Omit<ActivityFilters, 'page' | 'limit'>) {
  const to = dayStart(filters.to);
  return {
    actorId: filters.actorId ?? undefined,
    action: filters.action ?? undefined,
    type: filters.type ?? undefined,
    from: dayStart(filters.from),
    to: to === undefined ? undefined : to + DAY_MS,
    search: filters.search.trim() || undefined,
    ...(filters.order === 'asc' ? { sort: 'createdAt', order: 'asc' } : {}),
  };
}

/** `GET /dashboard/activity` with the audit log's filters: one page, newest first unless asked otherwise. */
function listActivity(api: ApiClient, filters: ActivityFilters): Promise<ActivityPage> {
  return withDataError(ACTIVITY_ERRORS.fetchLog, () =>
    api.get('/dashboard/activity', {
      query: { ...activityQueryOf(filters), page: filters.page, limit: filters.limit },
      schema: activityResponseSchema,
    }),
  );
}

/** One page of the log; the previous page stays on screen while the next one loads. */
export function useActivityLog(filters: ActivityFilters) {
  const api = useApi();
  return useSWR(activityKeys.log(filters), () => listActivity(api, filters), { keepPreviousData: true });
}

/**
 * `GET /dashboard/activity` with a feed's fixed filters as the API takes them (e.g. `{ actorId }`): one page, newest
 * first unless asked otherwise.
 */
function listActivityFeed(
  api: ApiClient,
  { filters, page, limit, order }: ActivityFeedQuery,
): Promise<ActivityPage> {
  return withDataError(ACTIVITY_ERRORS.fetchLog, () =>
    api.get('/dashboard/activity', {
      query: { ...filters, page, limit, ...(order === 'asc' ? { sort: 'createdAt', order: 'asc' } : {}) },
      schema: activityResponseSchema,
    }),
  );
}

/** One page of a feed; the previous page stays on screen while the next one loads. */
export function useActivityFeed(query: ActivityFeedQuery) {
  const api = useApi();
  return useSWR(activityKeys.feed(query), () => listActivityFeed(api, query), { keepPreviousData: true });
}
