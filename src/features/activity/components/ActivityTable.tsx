import { useMemo } from 'react';
import { Link } from 'react-router';
import type { Activity, ActivityType } from '../../../contract/dashboard';
import type { User } from '../../../contract/users';
import { ACTIVITY_ACTION_LABELS, ACTIVITY_TEXTS as TEXTS } from '../../../contract/ui-texts';
import { formatDateTime } from '../../../lib/format/dates';
import { certificatePath, clientPath, userPath } from '../../../lib/routing/entity-paths';
import { ChangeText, DataTable, layout, type DataTableColumn, type SortDescriptor } from '../../../ui';
import * as styles from '../ActivityPage.css';

export interface ActivityTableProps {
  /** The table's accessible name: the log's, or a feed's. */
  label?: string;
  rows: readonly Activity[] | undefined;
  isLoading: boolean;
  error: string | null;
  emptyText: string;
  order: 'asc' | 'desc';
  onOrderChange: (order: 'asc' | 'desc') => void;
  /** Staff by id: a user the log is about links to them when known. */
  usersById: ReadonlyMap<string, User>;
  /** Columns left out: the actor of a feed that shows one person's activity. */
  hiddenColumns?: readonly ActivityColumn[];
}

/** The table's columns. */
export type ActivityColumn = 'time' | 'actor' | 'action' | 'about' | 'description';

const actionLabel = (type: string) => ACTIVITY_ACTION_LABELS[type as ActivityType] ?? type;

/**
 * What a row is about, as a link to its own page: a certificate's, a client's, a user's (named). A user
 * the staff list does not know (deleted, or not loaded) is named only, like the kinds without a page.
 */
function About({ activity, usersById }: { activity: Activity; usersById: ReadonlyMap<string, User> }) {
  const { targetType, targetId, description } = activity;
  const label = (text: string) => TEXTS.aboutLabel(text, description);
  const link = (text: string, to: string) => (
    <Link className={styles.aboutLink} aria-label={label(text)} to={to}>
      {text}
    </Link>
  );
  if (targetType === 'certificate' && targetId)
    return link(TEXTS.about.certificate, certificatePath(targetId));
  if (targetType === 'client' && targetId) return link(TEXTS.about.client, clientPath(targetId));
  const user = targetType === 'user' && targetId ? usersById.get(targetId) : undefined;
  if (user) return link(user.name, userPath(user.uuid));
  // A deleted user or client, an API token, a signing key: named, with nothing to open.
  const named: Record<string, string> = {
    certificate: TEXTS.typeLabels.certificate,
    client: TEXTS.typeLabels.client,
    user: TEXTS.about.user,
    api_token: TEXTS.about.apiToken,
    signing_key: TEXTS.about.signingKey,
  };
  return <span className={layout.muted}>{named[targetType] ?? TEXTS.about.other(targetType)}</span>;
}

const TIME_COLUMN: ActivityColumn = 'time';

/** The log's columns; 'About' names users the reader may look up, from `usersById`. */
const columnsFor = (
  usersById: ReadonlyMap<string, User>,
): (DataTableColumn<Activity> & { id: ActivityColumn })[] => [
  {
    id: TIME_COLUMN,
    header: TEXTS.columns.time,
    cell: (activity) => formatDateTime(activity.createdAt),
    noWrap: true,
    allowsSorting: true,
  },
  { id: 'actor', header: TEXTS.columns.actor, cell: (activity) => activity.performedBy },
  {
    id: 'action',
    header: TEXTS.columns.action,
    cell: (activity) => actionLabel(activity.type),
  },
  {
    id: 'about',
    header: TEXTS.columns.about,
    cell: (activity) => <About activity={activity} usersById={usersById} />,
  },
  {
    id: 'description',
    header: TEXTS.columns.description,
    isRowHeader: true,
    cell: (activity) => (
      <span className={styles.description}>
        <ChangeText text={activity.description} />
      </span>
    ),
  },
];

const activityId = (activity: Activity) => activity.id;

const NO_HIDDEN_COLUMNS: readonly ActivityColumn[] = [];

/** The audit log's table: time (sortable), actor, action, what it is about (linked) and the description. */
export function ActivityTable({
  label = TEXTS.tableLabel,
  rows,
  isLoading,
  error,
  emptyText,
  order,
  onOrderChange,
  usersById,
  hiddenColumns = NO_HIDDEN_COLUMNS,
}: ActivityTableProps) {
  // The same columns and sort while their inputs stay: the table draws its rows again only when they change.
  const columns = useMemo(
    () => columnsFor(usersById).filter((column) => !hiddenColumns.includes(column.id)),
    [usersById, hiddenColumns],
  );
  const sortDescriptor = useMemo<SortDescriptor>(
    () => ({ column: TIME_COLUMN, direction: order === 'asc' ? 'ascending' : 'descending' }),
    [order],
  );
  return (
    <DataTable
      aria-label={label}
      columns={columns}
      rows={rows}
      getRowId={activityId}
      isLoading={isLoading}
      loadingLabel={TEXTS.loading}
      error={error}
      emptyText={emptyText}
      sortDescriptor={sortDescriptor}
      onSortChange={(descriptor) => onOrderChange(descriptor.direction === 'ascending' ? 'asc' : 'desc')}
    />
  );
}
