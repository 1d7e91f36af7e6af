import type { UserBulkAction } from '../../contract/bulk';
import { ListPagination } from '../../lib/lists/ListPagination';
import { USERS_BULK_TEXTS, USERS_TEXTS } from '../../contract/ui-texts';
import { USER_SORT_KEYS, type User } from '../../contract/users';
import { useSessionState } from '../../lib/session';
import { BulkBar, Button, layout, PageHeader, useToast } from '../../ui';
import { useBulkUsers } from './api/bulk-users';
import { useListUserIds } from './api/list-user-ids';
import { USER_CHANGE_RELOADS } from './api/revalidate';
import { useUsers } from './api/get-users';
import { UsersTable } from './components/UsersTable';
import { useKeepPageInRange, useListPage } from '../../lib/lists/use-list-page';
import { useListPageBulk } from '../../lib/lists/use-list-page-bulk';
import { useUserActions } from './use-user-actions';
import { useCreateFromAddress } from '../../lib/routing/open-create';
import { canAddUsers, userBulkActions, type Actor } from './lib/user-rules';
import * as styles from './UsersPage.css';
import { LoadFailedBanner } from '../../lib/lists/LoadFailedBanner';
import { ListSearchField } from '../../lib/lists/ListSearchField';

function UsersScreen({ actor }: { actor: Actor }) {
  const toast = useToast();
  const list = useListPage({ sortKeys: USER_SORT_KEYS, list: 'users' });
  const users = useUsers(list.query);
  useKeepPageInRange(list, users.data?.total);
  const userActions = useUserActions(actor);
  // `?new=1` (the command palette's Add New User) opens the form.
  useCreateFromAddress(() => userActions.openForm(null), canAddUsers(actor));
  const listIds = useListUserIds();
  const bulkCall = useBulkUsers();
  const bulk = useListPageBulk<User, UserBulkAction>({
    toast,
    list,
    pageRows: users.data?.users,
    total: users.data?.total,
    listIds,
    reloads: USER_CHANGE_RELOADS,
    texts: USERS_BULK_TEXTS,
    send: bulkCall,
  });

  const rows = users.data?.users;

  return (
    <div className={layout.page}>
      <PageHeader
        title={USERS_TEXTS.title}
        actions={
          canAddUsers(actor) && (
            <Button onPress={() => userActions.openForm(null)}>{USERS_TEXTS.addUser}</Button>
          )
        }
      />
      <div className={styles.toolbar}>
        <div className={layout.toolbarSearch}>
          <ListSearchField
            label={USERS_TEXTS.searchLabel}
            placeholder={USERS_TEXTS.searchPlaceholder}
            value={list.search}
            onChange={list.setSearch}
          />
        </div>
      </div>
      <LoadFailedBanner error={users.error} onRetry={() => users.mutate()} />
      <BulkBar
        {...bulk.barProps(userBulkActions(actor, bulk.selection.knownRows, bulk.selection.hasUnseenRows))}
      />
      {/* Without rows to show, the banner alone says what went wrong; with older rows they stay visible under it. */}
      {!(users.error && !rows) && (
        <UsersTable
          actor={actor}
          users={rows}
          isLoading={users.isLoading || users.isValidating}
          emptyText={list.isFiltered ? USERS_TEXTS.emptyFiltered : USERS_TEXTS.empty}
          pendingUserId={userActions.pendingUserId}
          onAction={userActions.handleAction}
          {...list.sorting}
          selection={bulk.tableSelection}
        />
      )}
      <ListPagination {...list.pager} total={users.data?.total ?? 0} noun={USERS_TEXTS.pageNoun} />

      {userActions.dialogs}
    </div>
  );
}

/** The users screen (docs/requirements.md#users-screen): owners and admins only, which the route already enforces. */
export function UsersPage() {
  const state = useSessionState();
  if (state.status !== 'authenticated') return null;
  return <UsersScreen actor={state.user} />;
}
