import useSWR from 'swr';
import { DASHBOARD_STATS_CACHE_MS, DASHBOARD_STATS_RETRY_MS } from '../../../contract/constants';
import { dashboardStatsSchema, type DashboardStats } from '../../../contract/dashboard';
import { MESSAGES } from '../../../contract/errors';
import { DASHBOARD_ERRORS } from '../../../contract/ui-texts';
import { ApiError, type ApiClient } from '../../../lib/api';
import { useApi } from '../../../lib/session';
import { dashboardKeys } from './keys';

/** A call that never got an answer (network down, server unreachable): worth one more try. */
const isFetchError = (error: unknown) =>
  error instanceof ApiError && error.status === 0 && error.message === MESSAGES.networkError;

/** The stats texts of docs/requirements.md#error-texts: 401 asks to sign in again, other answers name their status. */
function statsError(error: unknown): Error {
  if (error instanceof ApiError) {
    if (error.status === 401) return new Error(MESSAGES.authFailed, { cause: error });
    if (error.status === 0) return new Error(error.message, { cause: error });
    return new Error(DASHBOARD_ERRORS.statsFailed(error.status), { cause: error });
  }
  return new Error(DASHBOARD_ERRORS.statsFailed(0), { cause: error });
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `GET /dashboard/stats`, retried once after 1 s on a fetch-type error (docs/requirements.md#constants). */
export async function getDashboardStats(
  api: ApiClient,
  {
    retryDelayMs = DASHBOARD_STATS_RETRY_MS,
    sleep = wait,
  }: { retryDelayMs?: number; sleep?: (ms: number) => Promise<void> } = {},
): Promise<DashboardStats> {
  const fetchStats = () => api.get('/dashboard/stats', { schema: dashboardStatsSchema });
  try {
    try {
      return await fetchStats();
    } catch (error) {
      if (!isFetchError(error)) throw error;
      await sleep(retryDelayMs);
      return await fetchStats();
    }
  } catch (error) {
    throw statsError(error);
  }
}

/** The stats, cached for 5 minutes (docs/requirements.md#constants); changes made in this console revalidate them at once. */
export function useDashboardStats() {
  const api = useApi();
  return useSWR(dashboardKeys.stats(), () => getDashboardStats(api), {
    dedupingInterval: DASHBOARD_STATS_CACHE_MS,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
  });
}
