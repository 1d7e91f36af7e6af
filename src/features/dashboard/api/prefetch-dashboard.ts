import type { ApiClient } from '../../../lib/api';
import { startEarly } from '../../../lib/api/start-early';
import { getActivity } from './get-activity';
import { getDashboardStats } from './get-dashboard-stats';
import { getExpiringCertificates } from './get-expiring-certificates';
import { dashboardKeys, FIRST_EXPIRING_QUERY, RECENT_ACTIVITY } from './keys';

/**
 * The dashboard's three calls, started before the page has drawn: at start-up, as soon as the session has an access
 * token (beside its validation), when the dashboard is the page being opened. The page's hooks ask for the same keys
 * and take these answers, or their errors, instead of calling again (`startEarly`). On a phone this is a round trip
 * and the page's first render sooner to the first row.
 */
export function prefetchDashboard(api: ApiClient): void {
  startEarly(dashboardKeys.stats(), () => getDashboardStats(api));
  startEarly(dashboardKeys.expiring(FIRST_EXPIRING_QUERY), () =>
    getExpiringCertificates(api, FIRST_EXPIRING_QUERY),
  );
  startEarly(dashboardKeys.activity(RECENT_ACTIVITY), () => getActivity(api, RECENT_ACTIVITY));
}
