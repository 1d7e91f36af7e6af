import { Link } from 'react-router';
import type { Client } from '../../../contract/clients';
import { CLIENTS_TEXTS, LIST_TEXTS } from '../../../contract/ui-texts';
import { Button, DataTable, StatusBadge, type DataTableColumn } from '../../../ui';
import * as styles from '../ClientsPage.css';
import type { ClientPermissions } from '../lib/client-rules';
import { formatDate } from '../../../lib/format/dates';

export type ClientAction = 'edit' | 'users' | 'delete';

const orNotProvided = (text: string) =>
  text ? text : <span className={styles.muted}>{LIST_TEXTS.notProvided}</span>;

const columns: DataTableColumn<Client>[] = [
  {
    id: 'name',
    header: CLIENTS_TEXTS.columns.name,
    isRowHeader: true,
    // The company's certificates, filtered on the certificates screen.
    cell: (client) => (
      <Link className={styles.nameLink} to={`/certificates?clientId=${encodeURIComponent(client.uuid)}`}>
        {client.name}
      </Link>
    ),
  },
  {
    id: 'contactEmail',
    header: CLIENTS_TEXTS.columns.contactEmail,
    cell: (client) => orNotProvided(client.contactEmail),
  },
  {
    id: 'contactPhone',
    header: CLIENTS_TEXTS.columns.contactPhone,
    noWrap: true,
    cell: (client) => orNotProvided(client.contactPhone),
  },
  {
    id: 'status',
    header: CLIENTS_TEXTS.columns.status,
    cell: (client) => (
      <StatusBadge status={client.isActive ? 'active' : 'inactive'}>
        {client.isActive ? LIST_TEXTS.active : LIST_TEXTS.inactive}
      </StatusBadge>
    ),
  },
  {
    id: 'certificates',
    header: CLIENTS_TEXTS.columns.certificates,
    noWrap: true,
    cell: (client) => (
      <span className={styles.stack}>
        <span>{CLIENTS_TEXTS.certificatesTotal(client.certificateCount)}</span>
        <span className={styles.muted}>{CLIENTS_TEXTS.certificatesActive(client.activeCertificates)}</span>
      </span>
    ),
  },
  {
    id: 'created',
    header: CLIENTS_TEXTS.columns.created,
    noWrap: true,
    cell: (client) => formatDate(client.createdAt),
  },
];

/** The clients table (docs/requirements.md#clients-screen): actions by role; no Actions column for a role with none. */
export function ClientsTable({
  permissions,
  clients,
  isLoading,
  emptyText,
  onAction,
}: {
  permissions: ClientPermissions;
  clients: Client[] | undefined;
  isLoading: boolean;
  emptyText: string;
  onAction: (action: ClientAction, client: Client) => void;
}) {
  const hasActions = permissions.edit || permissions.assignUsers || permissions.delete;
  return (
    <DataTable
      aria-label={CLIENTS_TEXTS.tableLabel}
      columns={columns}
      rows={clients}
      getRowId={(client) => client.uuid}
      isLoading={isLoading}
      loadingLabel={CLIENTS_TEXTS.loading}
      emptyText={emptyText}
      rowActionsHeader={CLIENTS_TEXTS.columns.actions}
      rowActions={
        hasActions
          ? (client) => (
              <>
                {permissions.edit && (
                  <Button variant="secondary" size="sm" onPress={() => onAction('edit', client)}>
                    {CLIENTS_TEXTS.edit}
                  </Button>
                )}
                {permissions.assignUsers && (
                  <Button variant="secondary" size="sm" onPress={() => onAction('users', client)}>
                    {CLIENTS_TEXTS.users}
                  </Button>
                )}
                {permissions.delete && (
                  <Button variant="destructive" size="sm" onPress={() => onAction('delete', client)}>
                    {CLIENTS_TEXTS.delete}
                  </Button>
                )}
              </>
            )
          : undefined
      }
    />
  );
}
