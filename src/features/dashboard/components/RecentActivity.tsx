import { Link } from 'react-router';
import type { Activity } from '../../../contract/dashboard';
import { certificatePath } from '../../../lib/routing/entity-paths';
import { DASHBOARD_TEXTS as TEXTS } from '../../../contract/ui-texts';
import { PlainTable, type DataTableColumn } from '../../../ui';
import * as styles from '../DashboardPage.css';
import { daysAgo } from '../expiry';

const columns: DataTableColumn<Activity>[] = [
  {
    id: 'action',
    header: TEXTS.activityColumns.action,
    // Each entry opens its certificate's page; one deleted since has nothing to open.
    cell: (activity) =>
      activity.targetType === 'certificate' && activity.targetId ? (
        <Link className={styles.serialLink} to={certificatePath(activity.targetId)}>
          {activity.description}
        </Link>
      ) : (
        activity.description
      ),
    isRowHeader: true,
  },
  { id: 'performedBy', header: TEXTS.activityColumns.performedBy, cell: (activity) => activity.performedBy },
  {
    id: 'daysFromNow',
    header: TEXTS.activityColumns.daysFromNow,
    noWrap: true,
    cell: (activity) => {
      const days = daysAgo(activity.createdAt, Date.now());
      return days === 0 ? TEXTS.today : TEXTS.daysAgo(days);
    },
  },
];

/** 'Recent Certificate Activity': the newest five certificate activities (docs/requirements.md#dashboard). */
export function RecentActivity({
  activities,
  isLoading,
  error,
}: {
  activities: Activity[] | undefined;
  isLoading: boolean;
  error: string | null;
}) {
  return (
    <section className={styles.panel} aria-labelledby="recent-activity">
      <h2 id="recent-activity" className={styles.panelTitle}>
        {TEXTS.recentActivity}
      </h2>
      <PlainTable
        aria-label={TEXTS.recentActivity}
        columns={columns}
        rows={activities}
        getRowId={(activity) => activity.id}
        isLoading={isLoading}
        error={error}
        emptyText={TEXTS.noRecentActivities}
      />
    </section>
  );
}
