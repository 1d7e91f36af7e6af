import useSWR from 'swr';
import { ACTIVITY_PAGE_SIZE } from '../../../contract/constants';
import { activityResponseSchema, type ActivityPage } from '../../../contract/dashboard';
import { DASHBOARD_ERRORS } from '../../../contract/ui-texts';
import type { ApiClient } from '../../../lib/api';
import { useApi } from '../../../lib/session';
import { withDataError } from '../../../lib/api/call-errors';
import { dashboardKeys, type ActivityQuery } from './keys';

/** `GET /dashboard/activity?page&limit` (docs/requirements.md#calls), first page 1 and 10 a page by default (docs/requirements.md#constants). */
export async function getActivity(
  api: ApiClient,
  { page = 1, limit = ACTIVITY_PAGE_SIZE, type }: Partial<ActivityQuery> = {},
): Promise<ActivityPage> {
  return withDataError(DASHBOARD_ERRORS.activityFailed, () =>
    api.get('/dashboard/activity', { query: { page, limit, type }, schema: activityResponseSchema }),
  );
}

export function useActivity(query: ActivityQuery) {
  const api = useApi();
  return useSWR(dashboardKeys.activity(query), () => getActivity(api, query));
}
