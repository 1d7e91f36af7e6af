import { DEFAULT_EXPIRATION_DAYS, RECENT_ACTIVITY_ROWS } from '../../../contract/constants';
import { EXPIRING_PAGE_LIMIT } from '../../../contract/dashboard';

/** One page of the activity log, optionally of one kind of target. */
export interface ActivityQuery {
  page: number;
  limit: number;
  type?: 'certificate' | 'client' | 'user';
}

/** One page of Expiring Certificates: the timeframe, the server-side search and the page. */
export interface ExpiringQuery {
  days: number;
  search: string;
  page: number;
  limit: number;
}

/**
 * SWR keys of the dashboard. Every key starts with 'dashboard': screens that change data this
 * console shows here (certificates, clients) revalidate every key with that first element.
 */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  stats: () => ['dashboard', 'stats'] as const,
  expiring: (query: ExpiringQuery) => ['dashboard', 'expiring', query] as const,
  activity: (query: ActivityQuery) => ['dashboard', 'activity', query] as const,
  overdue: () => ['dashboard', 'overdue-check-ins'] as const,
};

/** How many of the certificates overdue for a check-in the Needs Attention panel names. */
export const OVERDUE_PREVIEW_ROWS = 5;

/** The dashboard's recent activity: the last certificate changes. */
export const RECENT_ACTIVITY: ActivityQuery = { page: 1, limit: RECENT_ACTIVITY_ROWS, type: 'certificate' };

/** Expiring Certificates as the dashboard opens: the default timeframe's first page, unsearched. */
export const FIRST_EXPIRING_QUERY: ExpiringQuery = {
  days: DEFAULT_EXPIRATION_DAYS,
  search: '',
  page: 1,
  limit: EXPIRING_PAGE_LIMIT,
};
