import { useCallback, useEffect, useState } from 'react';
import { DEFAULT_PAGE_SIZE, USERS_SEARCH_DEBOUNCE_MS } from '../../contract/constants';
import { LIST_TEXTS, PAGE_TITLES, USERS_TEXTS, USERS_TOASTS } from '../../contract/ui-texts';
import type { User } from '../../contract/users';
import { useSessionState } from '../../lib/session';
import { Button, ConfirmDialog, ErrorBanner, PageHeader, Pagination, SearchField, useToast } from '../../ui';
import { useDeleteUser } from './api/delete-user';
import { serverMessageOf } from '../../lib/api/call-errors';
import { useUsers } from './api/get-users';
import { useUpdateUser } from './api/update-user';
import { UserClientsModal } from './components/UserClientsModal';
import { UserFormModal } from './components/UserFormModal';
import { UsersTable, type UserAction } from './components/UsersTable';
import { useListUrlState } from '../../lib/routing/use-list-url-state';
import { canAddUsers, type Actor } from './lib/user-rules';
import * as styles from './UsersPage.css';

type OpenDialog =
  { kind: 'form'; user: User | null } | { kind: 'clients'; user: User } | { kind: 'delete'; user: User };

function UsersScreen({ actor }: { actor: Actor }) {
  const toast = useToast();
  const list = useListUrlState();
  const { update } = list;
  const handleSearch = useCallback((search: string) => update({ search }, { replace: true }), [update]);
  const params = {
    page: list.page,
    limit: DEFAULT_PAGE_SIZE,
    search: list.search.trim() || undefined,
    status: list.status,
  };
  const users = useUsers(params);
  const updateUser = useUpdateUser();
  const deleteUser = useDeleteUser();

  // Which dialog is open; the last one stays mounted (closed) so its closing animation has content.
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [isDialogOpen, setDialogOpen] = useState(false);
  const openDialog = (next: OpenDialog) => {
    setDialog(next);
    setDialogOpen(true);
  };

  const total = users.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / DEFAULT_PAGE_SIZE));
  // A delete (here or elsewhere) can leave the page past the end: show the last page there is.
  useEffect(() => {
    if (users.data && list.page > lastPage) update({ page: lastPage }, { replace: true });
  }, [users.data, list.page, lastPage, update]);

  // The user whose Disable/Enable is on its way: that button waits, so a second press sends nothing.
  const [togglingId, setTogglingId] = useState<string | null>(null);
  const handleToggleActive = async (user: User) => {
    const isActive = !user.isActive;
    setTogglingId(user.uuid);
    try {
      const saved = await updateUser(user.uuid, { isActive });
      toast.show({
        type: 'success',
        title: USERS_TOASTS.statusUpdated.title,
        description: USERS_TOASTS.statusUpdated.description(saved.name, saved.isActive),
      });
    } catch (caught) {
      toast.show({
        type: 'destructive',
        title: USERS_TOASTS.statusUpdateFailed.title,
        description: serverMessageOf(caught) ?? USERS_TOASTS.statusUpdateFailed.description,
      });
    } finally {
      setTogglingId(null);
    }
  };

  const handleDelete = async (user: User) => {
    try {
      await deleteUser(user.uuid);
      toast.show({
        type: 'success',
        title: USERS_TOASTS.deleted.title,
        description: USERS_TOASTS.deleted.description(user.name),
      });
    } catch (caught) {
      toast.show({
        type: 'destructive',
        title: USERS_TOASTS.deleteFailed.title,
        description: serverMessageOf(caught) ?? USERS_TOASTS.deleteFailed.description,
      });
    }
  };

  const handleAction = (action: UserAction, user: User) => {
    if (action === 'edit') openDialog({ kind: 'form', user });
    else if (action === 'clients') openDialog({ kind: 'clients', user });
    else if (action === 'delete') openDialog({ kind: 'delete', user });
    else void handleToggleActive(user);
  };

  const isFiltered = Boolean(params.search || params.status);
  const rows = users.data?.users;

  return (
    <div className={styles.page}>
      <PageHeader
        title={PAGE_TITLES.users}
        actions={
          canAddUsers(actor) && (
            <Button onPress={() => openDialog({ kind: 'form', user: null })}>{USERS_TEXTS.addUser}</Button>
          )
        }
      />
      <div className={styles.toolbar}>
        <div className={styles.search}>
          <SearchField
            label={USERS_TEXTS.searchLabel}
            placeholder={USERS_TEXTS.searchPlaceholder}
            value={list.search}
            onChange={handleSearch}
            debounceMs={USERS_SEARCH_DEBOUNCE_MS}
          />
        </div>
      </div>
      {users.error && <ErrorBanner message={users.error.message} />}
      {/* Without rows to show, the banner alone says what went wrong; with older rows they stay visible under it. */}
      {!(users.error && !rows) && (
        <UsersTable
          actor={actor}
          users={rows}
          isLoading={users.isLoading || users.isValidating}
          emptyText={isFiltered ? USERS_TEXTS.emptyFiltered : USERS_TEXTS.empty}
          pendingUserId={togglingId}
          onAction={handleAction}
        />
      )}
      <Pagination
        page={list.page}
        pageSize={DEFAULT_PAGE_SIZE}
        total={total}
        noun={USERS_TEXTS.pageNoun}
        onPageChange={(page) => update({ page })}
        previousLabel={LIST_TEXTS.previous}
        nextLabel={LIST_TEXTS.next}
      />

      {dialog?.kind === 'form' && (
        <UserFormModal
          key={dialog.user?.uuid ?? 'new'}
          actor={actor}
          user={dialog.user}
          isOpen={isDialogOpen}
          onOpenChange={setDialogOpen}
        />
      )}
      {dialog?.kind === 'clients' && (
        <UserClientsModal user={dialog.user} isOpen={isDialogOpen} onOpenChange={setDialogOpen} />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title={USERS_TEXTS.deleteTitle}
          message={USERS_TEXTS.deleteConfirm}
          confirmLabel={LIST_TEXTS.delete}
          pendingLabel={LIST_TEXTS.deleting}
          cancelLabel={LIST_TEXTS.cancel}
          isOpen={isDialogOpen}
          onOpenChange={setDialogOpen}
          onConfirm={() => handleDelete(dialog.user)}
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
