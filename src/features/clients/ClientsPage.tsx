import { useCallback, useEffect, useState } from 'react';
import type { Client } from '../../contract/clients';
import { DEFAULT_PAGE_SIZE, USERS_SEARCH_DEBOUNCE_MS } from '../../contract/constants';
import type { RoleName } from '../../contract/roles';
import { CLIENTS_TEXTS, CLIENTS_TOASTS, LIST_TEXTS, PAGE_TITLES } from '../../contract/ui-texts';
import { useSessionState } from '../../lib/session';
import {
  Button,
  ConfirmDialog,
  ErrorBanner,
  PageHeader,
  Pagination,
  SearchField,
  Select,
  useToast,
} from '../../ui';
import { useDeleteClient } from './api/delete-client';
import { serverMessageOf } from '../../lib/api/call-errors';
import { useExportClients } from './api/export-clients';
import { useClients } from './api/get-clients';
import * as styles from './ClientsPage.css';
import { AssignUsersModal } from './components/AssignUsersModal';
import { ClientFormModal } from './components/ClientFormModal';
import { ClientsTable, type ClientAction } from './components/ClientsTable';
import { clientPermissions } from './lib/client-rules';
import { saveFile } from '../../lib/api/save-file';
import { useListUrlState } from '../../lib/routing/use-list-url-state';

type OpenDialog =
  | { kind: 'form'; client: Client | null }
  | { kind: 'users'; client: Client }
  | { kind: 'delete'; client: Client };

type StatusChoice = 'all' | 'active' | 'inactive';
const STATUS_OPTIONS: { id: StatusChoice; label: string }[] = [
  { id: 'all', label: CLIENTS_TEXTS.statusAll },
  { id: 'active', label: LIST_TEXTS.active },
  { id: 'inactive', label: LIST_TEXTS.inactive },
];

function ClientsScreen({ role }: { role: RoleName }) {
  const toast = useToast();
  const permissions = clientPermissions(role);
  const list = useListUrlState();
  const { update } = list;
  const params = {
    page: list.page,
    limit: DEFAULT_PAGE_SIZE,
    search: list.search.trim() || undefined,
    status: list.status,
  };
  const clients = useClients(params, {
    onError: () =>
      toast.show({
        type: 'destructive',
        title: CLIENTS_TOASTS.loadFailed.title,
        description: CLIENTS_TOASTS.loadFailed.description,
      }),
  });
  const deleteClient = useDeleteClient();
  const exportClients = useExportClients();
  const [isExporting, setExporting] = useState(false);

  // Which dialog is open; the last one stays mounted (closed) so its closing animation has content.
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [isDialogOpen, setDialogOpen] = useState(false);
  const openDialog = (next: OpenDialog) => {
    setDialog(next);
    setDialogOpen(true);
  };

  const total = clients.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / DEFAULT_PAGE_SIZE));
  // A delete (here or elsewhere) can leave the page past the end: show the last page there is.
  useEffect(() => {
    if (clients.data && list.page > lastPage) update({ page: lastPage }, { replace: true });
  }, [clients.data, list.page, lastPage, update]);

  const handleSearch = useCallback((search: string) => update({ search }, { replace: true }), [update]);

  const handleExport = async () => {
    setExporting(true);
    try {
      saveFile(
        await exportClients({ search: params.search, status: params.status }),
        CLIENTS_TEXTS.exportFileName,
      );
    } catch (caught) {
      toast.show({
        type: 'destructive',
        title: CLIENTS_TOASTS.exportFailed.title,
        description: serverMessageOf(caught) ?? CLIENTS_TOASTS.exportFailed.description,
      });
    } finally {
      setExporting(false);
    }
  };

  const handleDelete = async (client: Client) => {
    try {
      await deleteClient(client.uuid);
      toast.show({
        type: 'success',
        title: CLIENTS_TOASTS.deleted.title,
        description: CLIENTS_TOASTS.deleted.description(client.name),
      });
    } catch (caught) {
      // E.g. the 409 for a client with live certificates: the server says why.
      toast.show({
        type: 'destructive',
        title: CLIENTS_TOASTS.deleteFailed.title,
        description: serverMessageOf(caught) ?? CLIENTS_TOASTS.deleteFailed.description,
      });
    }
  };

  const handleAction = (action: ClientAction, client: Client) => {
    if (action === 'edit') openDialog({ kind: 'form', client });
    else if (action === 'users') openDialog({ kind: 'users', client });
    else openDialog({ kind: 'delete', client });
  };

  const isFiltered = Boolean(params.search || params.status);
  const rows = clients.data?.clients;

  return (
    <div className={styles.page}>
      <PageHeader
        title={PAGE_TITLES.clients}
        actions={
          <div className={styles.headerActions}>
            <Button variant="secondary" onPress={handleExport} isPending={isExporting}>
              {isExporting ? CLIENTS_TEXTS.exporting : CLIENTS_TEXTS.exportCsv}
            </Button>
            {permissions.create && (
              <Button onPress={() => openDialog({ kind: 'form', client: null })}>
                {CLIENTS_TEXTS.addClient}
              </Button>
            )}
          </div>
        }
      />
      <div className={styles.toolbar}>
        <div className={styles.search}>
          <SearchField
            label={CLIENTS_TEXTS.searchLabel}
            placeholder={CLIENTS_TEXTS.searchPlaceholder}
            value={list.search}
            onChange={handleSearch}
            debounceMs={USERS_SEARCH_DEBOUNCE_MS}
          />
        </div>
        <div className={styles.statusFilter}>
          <Select<StatusChoice>
            label={LIST_TEXTS.statusFilterLabel}
            isLabelHidden
            options={STATUS_OPTIONS}
            value={list.status ?? 'all'}
            onChange={(choice) => update({ status: choice === 'all' ? undefined : choice })}
          />
        </div>
      </div>
      {clients.error && <ErrorBanner message={clients.error.message} />}
      {/* Without rows to show, the banner alone says what went wrong; with older rows they stay visible under it. */}
      {!(clients.error && !rows) && (
        <ClientsTable
          permissions={permissions}
          clients={rows}
          isLoading={clients.isLoading || clients.isValidating}
          emptyText={isFiltered ? CLIENTS_TEXTS.emptyFiltered : CLIENTS_TEXTS.empty}
          onAction={handleAction}
        />
      )}
      <Pagination
        page={list.page}
        pageSize={DEFAULT_PAGE_SIZE}
        total={total}
        noun={CLIENTS_TEXTS.pageNoun}
        onPageChange={(page) => update({ page })}
        previousLabel={LIST_TEXTS.previous}
        nextLabel={LIST_TEXTS.next}
      />

      {dialog?.kind === 'form' && (
        <ClientFormModal
          key={dialog.client?.uuid ?? 'new'}
          client={dialog.client}
          isOpen={isDialogOpen}
          onOpenChange={setDialogOpen}
        />
      )}
      {dialog?.kind === 'users' && (
        <AssignUsersModal
          key={dialog.client.uuid}
          client={dialog.client}
          isOpen={isDialogOpen}
          onOpenChange={setDialogOpen}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title={CLIENTS_TEXTS.deleteTitle}
          message={CLIENTS_TEXTS.deleteConfirm}
          confirmLabel={LIST_TEXTS.delete}
          pendingLabel={LIST_TEXTS.deleting}
          cancelLabel={LIST_TEXTS.cancel}
          isOpen={isDialogOpen}
          onOpenChange={setDialogOpen}
          onConfirm={() => handleDelete(dialog.client)}
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
