import type { ActivityQuery } from './get-activity';

/**
 * SWR keys of the dashboard. Every key starts with 'dashboard': screens that change data this
 * console shows here (certificates, clients) revalidate every key with that first element.
 */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  stats: () => ['dashboard', 'stats'] as const,
  expiring: (days: number) => ['dashboard', 'expiring', days] as const,
  activity: (query: ActivityQuery) => ['dashboard', 'activity', query] as const,
};
