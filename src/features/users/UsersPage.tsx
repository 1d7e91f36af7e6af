import type { UserBulkAction } from '../../contract/bulk';
import { DeleteDialog } from '../../lib/lists/DeleteDialog';
import { ListPagination } from '../../lib/lists/ListPagination';
import { UNDO_TOAST_DURATION_MS, USERS_SEARCH_DEBOUNCE_MS } from '../../contract/constants';
import {
  LIST_TEXTS,
  PAGE_TITLES,
  USERS_BULK_TEXTS,
  USERS_TEXTS,
  USERS_TOASTS,
} from '../../contract/ui-texts';
import { USER_SORT_KEYS, type User } from '../../contract/users';
import { useSessionState } from '../../lib/session';
import { BulkBar, Button, layout, PageHeader, SearchField, useToast } from '../../ui';
import { useBulkUsers } from './api/bulk-users';
import { useDeleteUser } from './api/delete-user';
import { useListUserIds } from './api/list-user-ids';
import { USER_CHANGE_RELOADS } from './api/revalidate';
import { useUsers } from './api/get-users';
import { useUpdateUser } from './api/update-user';
import { UserClientsModal } from './components/UserClientsModal';
import { SignOutEverywhereDialog } from './components/SignOutEverywhereDialog';
import { UserFormModal } from './components/UserFormModal';
import { UsersTable, type UserAction } from './components/UsersTable';
import { useDialogs } from '../../lib/lists/use-dialogs';
import { useKeepPageInRange, useListPage } from '../../lib/lists/use-list-page';
import { useListBulk } from '../../lib/lists/use-list-bulk';
import { useRowChange } from '../../lib/lists/use-row-change';
import { naming, type OutcomeToasts } from '../../lib/toasts/outcome-toasts';
import { canAddUsers, userBulkActions, type Actor } from './lib/user-rules';
import * as styles from './UsersPage.css';
import { LoadFailedBanner } from '../../lib/lists/LoadFailedBanner';

type OpenDialog =
  | { kind: 'form'; user: User | null }
  | { kind: 'clients'; user: User }
  | { kind: 'delete'; user: User }
  | { kind: 'signOutEverywhere'; user: User };

const userId = (user: User) => user.uuid;
const userName = (user: User) => user.name;

function UsersScreen({ actor }: { actor: Actor }) {
  const toast = useToast();
  const list = useListPage({ sortKeys: USER_SORT_KEYS, list: 'users' });
  const users = useUsers(list.query);
  useKeepPageInRange(list, users.data?.total);
  const updateUser = useUpdateUser();
  const deleteUser = useDeleteUser();
  // Disable/Enable: the user's button waits while the change is on its way.
  const flipActive = (user: User) => updateUser(user.uuid, { isActive: !user.isActive });
  const statusToasts = (undo?: (saved: User) => void) => (): OutcomeToasts<User> => ({
    done: (saved) => ({
      title: USERS_TOASTS.statusUpdated.title,
      description: USERS_TOASTS.statusUpdated.description(saved.name, saved.isActive),
      // Disabling or enabling is taken back as easily: the toast offers it for a few seconds (issue 20).
      ...(undo && {
        action: { label: LIST_TEXTS.undo, onAction: () => undo(saved) },
        duration: UNDO_TOAST_DURATION_MS,
      }),
    }),
    failed: USERS_TOASTS.statusUpdateFailed,
  });
  const undoActive = useRowChange(toast, flipActive, statusToasts());
  const toggleActive = useRowChange(
    toast,
    flipActive,
    statusToasts((saved) => void undoActive.run(saved)),
  );
  const remove = useRowChange(
    toast,
    (user: User) => deleteUser(user.uuid),
    (user) => ({ done: () => naming(USERS_TOASTS.deleted, user.name), failed: USERS_TOASTS.deleteFailed }),
  );
  const dialogs = useDialogs<OpenDialog>();
  const { dialog } = dialogs;
  const listIds = useListUserIds();
  const bulkCall = useBulkUsers();
  const bulk = useListBulk<User, UserBulkAction>({
    toast,
    filterKey: list.filterKey,
    getRowId: userId,
    nameOf: userName,
    pageRows: users.data?.users,
    total: users.data?.total,
    fetchIds: () => listIds({ search: list.query.search, status: list.query.status }),
    reloads: USER_CHANGE_RELOADS,
  });
  const bulkActions = userBulkActions(actor, bulk.selection.knownRows, bulk.selection.hasUnseenRows).map(
    (action) => ({ action, label: USERS_BULK_TEXTS.actions[action] }),
  );

  const runBulk = (action: UserBulkAction) =>
    bulk.whilePending(action, () =>
      bulk.run(
        USERS_BULK_TEXTS.actions[action],
        (chunk) => bulkCall(action, chunk),
        USERS_BULK_TEXTS.bulkError,
      ),
    );

  const handleAction = (action: UserAction, user: User) => {
    if (action === 'toggleActive') void toggleActive.run(user);
    else dialogs.open(action === 'edit' ? { kind: 'form', user } : { kind: action, user });
  };

  const rows = users.data?.users;

  return (
    <div className={layout.page}>
      <PageHeader
        title={PAGE_TITLES.users}
        actions={
          canAddUsers(actor) && (
            <Button onPress={() => dialogs.open({ kind: 'form', user: null })}>{USERS_TEXTS.addUser}</Button>
          )
        }
      />
      <div className={styles.toolbar}>
        <div className={layout.toolbarSearch}>
          <SearchField
            label={USERS_TEXTS.searchLabel}
            placeholder={USERS_TEXTS.searchPlaceholder}
            value={list.search}
            onChange={list.setSearch}
            debounceMs={USERS_SEARCH_DEBOUNCE_MS}
          />
        </div>
      </div>
      <LoadFailedBanner error={users.error} onRetry={() => users.mutate()} />
      <BulkBar {...bulk.bar} actions={bulkActions} onAction={(action) => void runBulk(action)} />
      {/* Without rows to show, the banner alone says what went wrong; with older rows they stay visible under it. */}
      {!(users.error && !rows) && (
        <UsersTable
          actor={actor}
          users={rows}
          isLoading={users.isLoading || users.isValidating}
          emptyText={list.isFiltered ? USERS_TEXTS.emptyFiltered : USERS_TEXTS.empty}
          pendingUserId={toggleActive.pendingId}
          onAction={handleAction}
          {...list.sorting}
          selection={bulk.tableSelection}
        />
      )}
      <ListPagination {...list.pager} total={users.data?.total ?? 0} noun={USERS_TEXTS.pageNoun} />

      {dialog?.kind === 'form' && (
        <UserFormModal
          key={dialog.user?.uuid ?? 'new'}
          actor={actor}
          user={dialog.user}
          {...dialogs.modalProps}
        />
      )}
      {dialog?.kind === 'clients' && <UserClientsModal user={dialog.user} {...dialogs.modalProps} />}
      {dialog?.kind === 'signOutEverywhere' && (
        <SignOutEverywhereDialog user={dialog.user} {...dialogs.modalProps} />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteDialog
          title={USERS_TEXTS.deleteTitle(dialog.user.name)}
          message={USERS_TEXTS.deleteConfirm}
          refusal={dialog.user.deleteRefusal}
          {...dialogs.modalProps}
          onDelete={() => remove.run(dialog.user)}
        />
      )}
    </div>
  );
}

/** The users screen (docs/requirements.md#users-screen): owners and admins only, which the route already enforces. */
export function UsersPage() {
  const state = useSessionState();
  if (state.status !== 'authenticated') return null;
  return <UsersScreen actor={state.user} />;
}
