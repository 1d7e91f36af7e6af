import { useCallback } from 'react';
import { Link } from 'react-router';
import { LIST_TEXTS, USERS_TEXTS } from '../../../contract/ui-texts';
import type { User } from '../../../contract/users';
import {
  ActiveBadge,
  DataTable,
  EmailAddress,
  layout,
  RoleBadge,
  RowActions,
  type DataTableColumn,
  type DataTableSelection,
  type SortDescriptor,
  useLatestHandler,
} from '../../../ui';
import { formatDateTimeOr } from '../../../lib/format/dates';
import { userPath } from '../../../lib/routing/entity-paths';
import type { Actor } from '../lib/user-rules';
import * as styles from '../UsersPage.css';
import { userActionsFor, type UserAction } from './user-actions';

// A sortable column's id is the API's sort key.
const columns: DataTableColumn<User>[] = [
  {
    id: 'name',
    header: USERS_TEXTS.columns.name,
    isRowHeader: true,
    allowsSorting: true,
    // The name opens the user's own page.
    cell: (user) => (
      <Link className={styles.nameLink} to={userPath(user.uuid)}>
        {user.name}
      </Link>
    ),
  },
  {
    id: 'email',
    header: USERS_TEXTS.columns.email,
    cell: (user) => <EmailAddress address={user.email} />,
    allowsSorting: true,
  },
  {
    id: 'role',
    header: USERS_TEXTS.columns.role,
    cell: (user) => <RoleBadge role={user.role.name} />,
    allowsSorting: true,
  },
  {
    id: 'status',
    header: USERS_TEXTS.columns.status,
    cell: (user) => <ActiveBadge isActive={user.isActive} labels={LIST_TEXTS} />,
  },
  {
    id: 'lastLogin',
    header: USERS_TEXTS.columns.lastLogin,
    noWrap: true,
    cell: (user) => (
      <span className={user.lastLoginAt === null ? layout.muted : undefined}>
        {formatDateTimeOr(user.lastLoginAt, LIST_TEXTS.never)}
      </span>
    ),
  },
];

const userId = (user: User) => user.uuid;

/** The users table (docs/requirements.md#users-screen): actions the signed-in user may not perform are left out. */
export function UsersTable({
  actor,
  users,
  isLoading,
  emptyText,
  pendingUserId,
  onAction,
  sortDescriptor,
  onSortChange,
  selection,
}: {
  actor: Actor;
  users: User[] | undefined;
  isLoading: boolean;
  emptyText: string;
  /** The user whose status change is on its way. */
  pendingUserId: string | null;
  onAction: (action: UserAction, user: User) => void;
  /** The sort shown on the headers and the handler of a header press. */
  sortDescriptor?: SortDescriptor | undefined;
  onSortChange?: (descriptor: SortDescriptor) => void;
  /** Row selection for the bulk bar. */
  selection?: DataTableSelection | undefined;
}) {
  const act = useLatestHandler(onAction);
  // The same function until the actor or the pending row changes: the table draws its rows again only then.
  const rowActions = useCallback(
    (user: User) => (
      <RowActions
        actions={userActionsFor(actor, user, pendingUserId)}
        menuLabel={USERS_TEXTS.columns.actions}
        onAction={(action) => act(action, user)}
      />
    ),
    [actor, pendingUserId, act],
  );
  return (
    <DataTable
      aria-label={USERS_TEXTS.tableLabel}
      columns={columns}
      rows={users}
      getRowId={userId}
      isLoading={isLoading}
      loadingLabel={USERS_TEXTS.loading}
      emptyText={emptyText}
      rowActionsHeader={USERS_TEXTS.columns.actions}
      sortDescriptor={sortDescriptor}
      onSortChange={onSortChange}
      selection={selection}
      rowActions={rowActions}
    />
  );
}
