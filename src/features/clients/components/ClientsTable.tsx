import { useMemo } from 'react';
import { Link } from 'react-router';
import { clientPath } from '../../../lib/routing/entity-paths';
import type { Client } from '../../../contract/clients';
import { CLIENTS_TEXTS, LIST_TEXTS } from '../../../contract/ui-texts';
import {
  ActiveBadge,
  DataTable,
  EmailAddress,
  layout,
  RowActions,
  type DataTableColumn,
  type DataTableSelection,
  type RowAction,
  type SortDescriptor,
  useLatestHandler,
} from '../../../ui';
import * as styles from '../ClientsPage.css';
import type { ClientPermissions } from '../lib/client-rules';
import { formatDate } from '../../../lib/format/dates';

export type ClientAction = 'edit' | 'users' | 'delete';

const notProvided = <span className={layout.muted}>{LIST_TEXTS.notProvided}</span>;

// A sortable column's id is the API's sort key.
const columns: DataTableColumn<Client>[] = [
  {
    id: 'name',
    header: CLIENTS_TEXTS.columns.name,
    isRowHeader: true,
    allowsSorting: true,
    // The client's own page: details, certificates, users and activity.
    cell: (client) => (
      <Link className={styles.nameLink} to={clientPath(client.uuid)}>
        {client.name}
      </Link>
    ),
  },
  {
    id: 'contactEmail',
    header: CLIENTS_TEXTS.columns.contactEmail,
    cell: (client) => (client.contactEmail ? <EmailAddress address={client.contactEmail} /> : notProvided),
  },
  {
    id: 'contactPhone',
    header: CLIENTS_TEXTS.columns.contactPhone,
    noWrap: true,
    cell: (client) => client.contactPhone || notProvided,
  },
  {
    id: 'status',
    header: CLIENTS_TEXTS.columns.status,
    cell: (client) => <ActiveBadge isActive={client.isActive} labels={LIST_TEXTS} />,
  },
  {
    id: 'certificateCount',
    header: CLIENTS_TEXTS.columns.certificates,
    noWrap: true,
    allowsSorting: true,
    cell: (client) => (
      <span className={layout.stack}>
        <span>{CLIENTS_TEXTS.certificatesTotal(client.certificateCount)}</span>
        <span className={layout.muted}>{CLIENTS_TEXTS.certificatesActive(client.activeCertificates)}</span>
      </span>
    ),
  },
  {
    id: 'createdAt',
    header: CLIENTS_TEXTS.columns.created,
    noWrap: true,
    allowsSorting: true,
    cell: (client) => formatDate(client.createdAt),
  },
];

/** The row buttons, each shown to the roles its permission allows. */
const ACTIONS: (RowAction<ClientAction> & { permission: keyof ClientPermissions })[] = [
  { action: 'edit', label: CLIENTS_TEXTS.edit, permission: 'edit' },
  { action: 'users', label: CLIENTS_TEXTS.users, permission: 'assignUsers' },
  { action: 'delete', label: CLIENTS_TEXTS.delete, permission: 'delete' },
];

const clientId = (client: Client) => client.uuid;

/** The clients table (docs/requirements.md#clients-screen): actions by role; no Actions column for a role with none. */
export function ClientsTable({
  permissions,
  clients,
  isLoading,
  emptyText,
  onAction,
  sortDescriptor,
  onSortChange,
  selection,
}: {
  permissions: ClientPermissions;
  clients: Client[] | undefined;
  isLoading: boolean;
  emptyText: string;
  onAction: (action: ClientAction, client: Client) => void;
  /** The sort shown on the headers and the handler of a header press. */
  sortDescriptor?: SortDescriptor | undefined;
  onSortChange?: (descriptor: SortDescriptor) => void;
  /** Row selection for the bulk bar; none for a role with no bulk action. */
  selection?: DataTableSelection | undefined;
}) {
  const act = useLatestHandler(onAction);
  // The same function while the permissions stay (the page memoises them): the table draws its rows again only then.
  const rowActions = useMemo(() => {
    const actions = ACTIONS.filter(({ permission }) => permissions[permission]);
    if (actions.length === 0) return undefined;
    return (client: Client) => (
      <RowActions
        actions={actions}
        menuLabel={CLIENTS_TEXTS.columns.actions}
        onAction={(action) => act(action, client)}
      />
    );
  }, [permissions, act]);
  return (
    <DataTable
      aria-label={CLIENTS_TEXTS.tableLabel}
      columns={columns}
      rows={clients}
      getRowId={clientId}
      isLoading={isLoading}
      loadingLabel={CLIENTS_TEXTS.loading}
      emptyText={emptyText}
      rowActionsHeader={CLIENTS_TEXTS.columns.actions}
      sortDescriptor={sortDescriptor}
      onSortChange={onSortChange}
      selection={selection}
      rowActions={rowActions}
    />
  );
}
