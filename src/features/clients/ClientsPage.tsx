import { useMemo, useState } from 'react';
import { DeleteDialog } from '../../lib/lists/DeleteDialog';
import { ListPagination } from '../../lib/lists/ListPagination';
import { CLIENT_SORT_KEYS, type Client } from '../../contract/clients';
import type { RoleName } from '../../contract/roles';
import {
  CLIENTS_BULK_TEXTS,
  CLIENTS_TEXTS,
  CLIENTS_TOASTS,
  LIST_TEXTS,
  PAGE_TITLES,
} from '../../contract/ui-texts';
import type { ClientBulkAction } from '../../contract/bulk';
import { useSessionState } from '../../lib/session';
import { BulkBar, Button, PageHeader, Select, layout, useToast } from '../../ui';
import { useBulkClients } from './api/bulk-clients';
import { useDeleteClient } from './api/delete-client';
import { useListClientIds } from './api/list-client-ids';
import { CLIENT_CHANGE_RELOADS } from './api/revalidate';
import { useExportClients } from './api/export-clients';
import { useClients } from './api/get-clients';
import * as styles from './ClientsPage.css';
import { AssignUsersModal } from './components/AssignUsersModal';
import { ClientFormModal } from './components/ClientFormModal';
import { ClientsTable, type ClientAction } from './components/ClientsTable';
import { clientBulkActions, clientPermissions } from './lib/client-rules';
import { useListPageBulk } from '../../lib/lists/use-list-page-bulk';
import { saveFile } from '../../lib/api/save-file';
import { useDialogs } from '../../lib/lists/use-dialogs';
import { useCreateFromAddress } from '../../lib/routing/open-create';
import { useKeepPageInRange, useListPage } from '../../lib/lists/use-list-page';
import { useRowChange } from '../../lib/lists/use-row-change';
import { naming, reportOutcome } from '../../lib/toasts/outcome-toasts';
import { LoadFailedBanner } from '../../lib/lists/LoadFailedBanner';
import { ListSearchField } from '../../lib/lists/ListSearchField';

type OpenDialog =
  | { kind: 'form'; client: Client | null }
  | { kind: 'users'; client: Client }
  | { kind: 'delete'; client: Client };

type StatusChoice = 'all' | 'active' | 'inactive';
const STATUS_OPTIONS: { id: StatusChoice; label: string }[] = [
  { id: 'all', label: LIST_TEXTS.statusAll },
  { id: 'active', label: LIST_TEXTS.active },
  { id: 'inactive', label: LIST_TEXTS.inactive },
];

function ClientsScreen({ role }: { role: RoleName }) {
  const toast = useToast();
  // One object per role: the table keeps its rows' actions while it stays (ClientsTable).
  const permissions = useMemo(() => clientPermissions(role), [role]);
  const list = useListPage({ sortKeys: CLIENT_SORT_KEYS, list: 'clients' });
  const clients = useClients(list.query, {
    onError: () => toast.show({ type: 'destructive', ...CLIENTS_TOASTS.loadFailed }),
  });
  useKeepPageInRange(list, clients.data?.total);
  const deleteClient = useDeleteClient();
  const remove = useRowChange(
    toast,
    (client: Client) => deleteClient(client.uuid),
    // A refusal (the 409 for a client with live certificates) says why in the server's words.
    (client) => ({
      done: () => naming(CLIENTS_TOASTS.deleted, client.name),
      failed: CLIENTS_TOASTS.deleteFailed,
    }),
  );
  const exportClients = useExportClients();
  const [isExporting, setExporting] = useState(false);
  const dialogs = useDialogs<OpenDialog>();
  const { dialog } = dialogs;
  // `?new=1` (the command palette's Add New Client) opens the form.
  useCreateFromAddress(() => dialogs.open({ kind: 'form', client: null }), permissions.create);
  const listIds = useListClientIds();
  const bulkCall = useBulkClients();
  const bulk = useListPageBulk<Client, ClientBulkAction>({
    toast,
    list,
    pageRows: clients.data?.clients,
    total: clients.data?.total,
    listIds,
    reloads: CLIENT_CHANGE_RELOADS,
    texts: CLIENTS_BULK_TEXTS,
    send: bulkCall,
  });
  // Rows are selectable for a role that may change clients.
  const isSelectable = permissions.edit;

  const handleExport = async () => {
    setExporting(true);
    const { search, status, sort, order } = list.query;
    await reportOutcome(
      toast,
      async () =>
        saveFile(await exportClients({ search, status, sort, order }), CLIENTS_TEXTS.exportFileName),
      { failed: CLIENTS_TOASTS.exportFailed },
    );
    setExporting(false);
  };

  const handleAction = (action: ClientAction, client: Client) =>
    dialogs.open(action === 'edit' ? { kind: 'form', client } : { kind: action, client });

  const rows = clients.data?.clients;

  return (
    <div className={layout.page}>
      <PageHeader
        title={PAGE_TITLES.clients}
        actions={
          <div className={layout.actions}>
            <Button variant="secondary" onPress={handleExport} isPending={isExporting}>
              {isExporting ? CLIENTS_TEXTS.exporting : CLIENTS_TEXTS.exportCsv}
            </Button>
            {permissions.create && (
              <Button onPress={() => dialogs.open({ kind: 'form', client: null })}>
                {CLIENTS_TEXTS.addClient}
              </Button>
            )}
          </div>
        }
      />
      <div className={layout.toolbar}>
        <div className={layout.toolbarSearch}>
          <ListSearchField
            label={CLIENTS_TEXTS.searchLabel}
            placeholder={CLIENTS_TEXTS.searchPlaceholder}
            value={list.search}
            onChange={list.setSearch}
          />
        </div>
        <div className={styles.statusFilter}>
          <Select<StatusChoice>
            label={LIST_TEXTS.statusFilterLabel}
            isLabelHidden
            options={STATUS_OPTIONS}
            value={list.status ?? 'all'}
            onChange={(choice) => list.setStatus(choice === 'all' ? undefined : choice)}
          />
        </div>
      </div>
      <LoadFailedBanner error={clients.error} onRetry={() => clients.mutate()} />
      {isSelectable && (
        <BulkBar
          {...bulk.barProps(
            clientBulkActions(permissions, bulk.selection.knownRows, bulk.selection.hasUnseenRows),
          )}
        />
      )}
      {/* Without rows to show, the banner alone says what went wrong; with older rows they stay visible under it. */}
      {!(clients.error && !rows) && (
        <ClientsTable
          permissions={permissions}
          clients={rows}
          isLoading={clients.isLoading || clients.isValidating}
          emptyText={list.isFiltered ? CLIENTS_TEXTS.emptyFiltered : CLIENTS_TEXTS.empty}
          onAction={handleAction}
          {...list.sorting}
          selection={isSelectable ? bulk.tableSelection : undefined}
        />
      )}
      <ListPagination {...list.pager} total={clients.data?.total ?? 0} noun={CLIENTS_TEXTS.pageNoun} />

      {dialog?.kind === 'form' && (
        <ClientFormModal key={dialog.client?.uuid ?? 'new'} client={dialog.client} {...dialogs.modalProps} />
      )}
      {dialog?.kind === 'users' && (
        <AssignUsersModal key={dialog.client.uuid} client={dialog.client} {...dialogs.modalProps} />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteDialog
          title={CLIENTS_TEXTS.deleteTitle(dialog.client.name)}
          message={CLIENTS_TEXTS.deleteConfirm}
          refusal={dialog.client.deleteRefusal}
          {...dialogs.modalProps}
          onDelete={() => remove.run(dialog.client)}
        />
      )}
    </div>
  );
}

/** The clients screen (docs/requirements.md#clients-screen): every role reads; actions by role. */
export function ClientsPage() {
  const state = useSessionState();
  if (state.status !== 'authenticated') return null;
  return <ClientsScreen role={state.user.role.name} />;
}
