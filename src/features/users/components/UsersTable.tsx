import { LIST_TEXTS, USERS_TEXTS } from '../../../contract/ui-texts';
import type { User } from '../../../contract/users';
import { Button, DataTable, RoleBadge, StatusBadge, type DataTableColumn } from '../../../ui';
import { formatDateTimeOr } from '../../../lib/format/dates';
import { userRowActions, type Actor } from '../lib/user-rules';
import * as styles from '../UsersPage.css';

export type UserAction = 'edit' | 'toggleActive' | 'clients' | 'delete';

const columns: DataTableColumn<User>[] = [
  {
    id: 'name',
    header: USERS_TEXTS.columns.name,
    isRowHeader: true,
    cell: (user) => <span className={styles.nameCell}>{user.name}</span>,
  },
  { id: 'email', header: USERS_TEXTS.columns.email, cell: (user) => user.email },
  { id: 'role', header: USERS_TEXTS.columns.role, cell: (user) => <RoleBadge role={user.role.name} /> },
  {
    id: 'status',
    header: USERS_TEXTS.columns.status,
    cell: (user) => (
      <StatusBadge status={user.isActive ? 'active' : 'inactive'}>
        {user.isActive ? LIST_TEXTS.active : LIST_TEXTS.inactive}
      </StatusBadge>
    ),
  },
  {
    id: 'lastLogin',
    header: USERS_TEXTS.columns.lastLogin,
    noWrap: true,
    cell: (user) => (
      <span className={user.lastLoginAt === null ? styles.muted : undefined}>
        {formatDateTimeOr(user.lastLoginAt, LIST_TEXTS.never)}
      </span>
    ),
  },
];

/** The users table (docs/requirements.md#users-screen): actions the signed-in user may not perform are left out. */
export function UsersTable({
  actor,
  users,
  isLoading,
  emptyText,
  pendingUserId,
  onAction,
}: {
  actor: Actor;
  users: User[] | undefined;
  isLoading: boolean;
  emptyText: string;
  /** The user whose status change is on its way. */
  pendingUserId: string | null;
  onAction: (action: UserAction, user: User) => void;
}) {
  return (
    <DataTable
      aria-label={USERS_TEXTS.tableLabel}
      columns={columns}
      rows={users}
      getRowId={(user) => user.uuid}
      isLoading={isLoading}
      loadingLabel={USERS_TEXTS.loading}
      emptyText={emptyText}
      rowActionsHeader={USERS_TEXTS.columns.actions}
      rowActions={(user) => {
        const allowed = userRowActions(actor, user);
        return (
          <>
            {allowed.edit && (
              <Button variant="secondary" size="sm" onPress={() => onAction('edit', user)}>
                {USERS_TEXTS.edit}
              </Button>
            )}
            {allowed.toggleActive && (
              <Button
                variant="secondary"
                size="sm"
                isPending={pendingUserId === user.uuid}
                onPress={() => onAction('toggleActive', user)}
              >
                {user.isActive ? USERS_TEXTS.disable : USERS_TEXTS.enable}
              </Button>
            )}
            {allowed.clients && (
              <Button variant="secondary" size="sm" onPress={() => onAction('clients', user)}>
                {USERS_TEXTS.clients}
              </Button>
            )}
            {allowed.delete && (
              <Button variant="destructive" size="sm" onPress={() => onAction('delete', user)}>
                {USERS_TEXTS.delete}
              </Button>
            )}
          </>
        );
      }}
    />
  );
}
