import type {
  ActivityFilters as ActivityQueryFilters,
  ActivityTargetType,
} from '../../../contract/dashboard';
import type { SortOrder } from '../../../contract/common';

/**
 * The audit log's filters as the URL holds them. Days are 'YYYY-MM-DD' as the date pickers give them
 * (UTC, like every date of the console); `to` is the last day shown, so the API's half-open range ends the day after.
 */
export interface ActivityFilters {
  actorId: string | null;
  action: string | null;
  type: ActivityTargetType | null;
  from: string | null;
  to: string | null;
  search: string;
  /** Newest first unless 'asc'. */
  order: SortOrder;
  page: number;
  limit: number;
}

/** What a feed (one person's or item's activity) asks for: its fixed filters, one page, newest first or not. */
export interface ActivityFeedQuery {
  filters: Partial<ActivityQueryFilters>;
  page: number;
  limit: number;
  order: SortOrder;
}

/** SWR keys of the Activity screen and the feeds; all start with 'activity'. */
export const activityKeys = {
  all: ['activity'] as const,
  log: (filters: ActivityFilters) => ['activity', 'log', filters] as const,
  feed: (query: ActivityFeedQuery) => ['activity', 'feed', query] as const,
  actors: ['activity', 'actors'] as const,
};
