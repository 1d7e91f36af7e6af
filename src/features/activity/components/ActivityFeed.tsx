import { useState } from 'react';
import type { SortOrder } from '../../../contract/common';
import type { ActivityFilters } from '../../../contract/dashboard';
import { can } from '../../../contract/roles';
import { ACTIVITY_TEXTS as TEXTS } from '../../../contract/ui-texts';
import { ListPagination } from '../../../lib/lists/ListPagination';
import { LoadFailedBanner } from '../../../lib/lists/LoadFailedBanner';
import { useSessionState } from '../../../lib/session';
import { layout } from '../../../ui';
import { useActors, useUsersById } from '../api/list-actors';
import { useActivityFeed } from '../api/list-activity';
import { ActivityTable, type ActivityColumn } from './ActivityTable';

/** How many entries a feed shows at a time: a few, under the item's details. */
export const ACTIVITY_FEED_PAGE_SIZE = 5;

// One array each, so the table keeps its columns (and rows) while the filter stays.
const ACTOR_HIDDEN: readonly ActivityColumn[] = ['actor'];
const NOTHING_HIDDEN: readonly ActivityColumn[] = [];

export interface ActivityFeedProps {
  /** What the feed is about, as the API's filters: `{ actorId }` for what one person did. */
  filters: Partial<ActivityFilters>;
  /** The table's accessible name. */
  label?: string;
  pageSize?: number;
}

/**
 * A short, paged list of the activity matching fixed filters, on an item's own page: the audit log's
 * table (newest first, its time sortable, each row linking to the page of what it is about) without the column the
 * filters make the same on every row, one banner with Retry when it fails, and a pager.
 */
export function ActivityFeed({
  filters,
  label = TEXTS.feed.tableLabel,
  pageSize = ACTIVITY_FEED_PAGE_SIZE,
}: ActivityFeedProps) {
  // Other filters (another person's page in the same mounted route) start again at the newest entries.
  const filtersKey = JSON.stringify(filters);
  const [view, setView] = useState<{ key: string; page: number; order: SortOrder }>({
    key: filtersKey,
    page: 1,
    order: 'desc',
  });
  const { page, order } = view.key === filtersKey ? view : { page: 1, order: 'desc' as const };
  const feed = useActivityFeed({ filters, page, limit: pageSize, order });
  // Rows about a user link to them once the staff list is known; only the roles that read users ask for it.
  const session = useSessionState();
  const mayReadUsers = session.status === 'authenticated' && can(session.user.role.name, 'users:manage');
  const usersById = useUsersById(useActors(mayReadUsers).data);
  const hiddenColumns = filters.actorId ? ACTOR_HIDDEN : NOTHING_HIDDEN;

  const rows = feed.data?.activities;
  return (
    <div className={layout.page}>
      <LoadFailedBanner error={feed.error} onRetry={() => feed.mutate()} />
      {!(feed.error && !rows) && (
        <ActivityTable
          label={label}
          rows={rows}
          isLoading={feed.isLoading}
          error={null}
          emptyText={TEXTS.empty}
          order={order}
          onOrderChange={(next) => setView({ key: filtersKey, page: 1, order: next })}
          usersById={usersById}
          hiddenColumns={hiddenColumns}
        />
      )}
      {feed.data && (
        <ListPagination
          label={TEXTS.feed.pagerLabel}
          page={feed.data.page}
          pageSize={pageSize}
          total={feed.data.total}
          noun={TEXTS.pageNoun}
          onPageChange={(next) => setView({ key: filtersKey, page: next, order })}
        />
      )}
    </div>
  );
}
