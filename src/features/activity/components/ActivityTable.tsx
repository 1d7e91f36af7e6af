import { Link } from 'react-router';
import { Button as AriaButton } from 'react-aria-components';
import type { Activity, ActivityType } from '../../../contract/dashboard';
import type { User } from '../../../contract/users';
import { ACTIVITY_ACTION_LABELS, ACTIVITY_TEXTS as TEXTS } from '../../../contract/ui-texts';
import { formatDateTime } from '../../../lib/format/dates';
import { ChangeText, DataTable, layout, type DataTableColumn, type SortDescriptor } from '../../../ui';
import * as styles from '../ActivityPage.css';

export interface ActivityTableProps {
  rows: readonly Activity[] | undefined;
  isLoading: boolean;
  error: string | null;
  emptyText: string;
  order: 'asc' | 'desc';
  onOrderChange: (order: 'asc' | 'desc') => void;
  /** Staff by id: a user the log is about links to them when known. */
  usersById: ReadonlyMap<string, User>;
  onOpenCertificate: (certificateId: string) => void;
}

const actionLabel = (type: string) => ACTIVITY_ACTION_LABELS[type as ActivityType] ?? type;

/**
 * What a row is about, as a link: a certificate opens its history, a client its certificates, a user the users
 * list searched for their e-mail. The detail pages of a later issue take these links over.
 */
function About({
  activity,
  usersById,
  onOpenCertificate,
}: {
  activity: Activity;
  usersById: ReadonlyMap<string, User>;
  onOpenCertificate: (id: string) => void;
}) {
  const { targetType, targetId, description } = activity;
  const label = (text: string) => TEXTS.aboutLabel(text, description);
  if (targetType === 'certificate' && targetId) {
    return (
      <AriaButton
        className={styles.aboutLink}
        aria-label={label(TEXTS.about.certificateHistory)}
        onPress={() => onOpenCertificate(targetId)}
      >
        {TEXTS.about.certificateHistory}
      </AriaButton>
    );
  }
  if (targetType === 'client' && targetId) {
    return (
      <Link
        className={styles.aboutLink}
        aria-label={label(TEXTS.about.clientCertificates)}
        to={`/certificates?clientId=${encodeURIComponent(targetId)}`}
      >
        {TEXTS.about.clientCertificates}
      </Link>
    );
  }
  const user = targetType === 'user' && targetId ? usersById.get(targetId) : undefined;
  if (user) {
    return (
      <Link
        className={styles.aboutLink}
        aria-label={label(user.name)}
        to={`/users?search=${encodeURIComponent(user.email)}`}
      >
        {user.name}
      </Link>
    );
  }
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

const TIME_COLUMN = 'time';

/** The audit log's table: time (sortable), actor, action, what it is about (linked) and the description. */
export function ActivityTable({
  rows,
  isLoading,
  error,
  emptyText,
  order,
  onOrderChange,
  usersById,
  onOpenCertificate,
}: ActivityTableProps) {
  const columns: DataTableColumn<Activity>[] = [
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
      cell: (activity) => (
        <About activity={activity} usersById={usersById} onOpenCertificate={onOpenCertificate} />
      ),
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
  const sortDescriptor: SortDescriptor = {
    column: TIME_COLUMN,
    direction: order === 'asc' ? 'ascending' : 'descending',
  };
  return (
    <DataTable
      aria-label={TEXTS.tableLabel}
      columns={columns}
      rows={rows}
      getRowId={(activity) => activity.id}
      isLoading={isLoading}
      loadingLabel={TEXTS.loading}
      error={error}
      emptyText={emptyText}
      sortDescriptor={sortDescriptor}
      onSortChange={(descriptor) => onOrderChange(descriptor.direction === 'ascending' ? 'asc' : 'desc')}
    />
  );
}
