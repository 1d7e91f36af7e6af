import { Link } from 'react-router';
import { LIST_TEXTS, USERS_TEXTS } from '../../../contract/ui-texts';
import type { User, UserClient } from '../../../contract/users';
import { ActiveBadge, DataTable, EmailAddress, layout, type DataTableColumn } from '../../../ui';
import { formatDate } from '../../../lib/format/dates';
import { clientPath } from '../../../lib/routing/entity-paths';
import * as styles from '../UsersPage.css';

const columns = (linksNames: boolean): DataTableColumn<UserClient>[] => [
  {
    id: 'name',
    header: USERS_TEXTS.clientsColumns.name,
    isRowHeader: true,
    cell: (client) =>
      linksNames ? (
        <Link className={styles.nameLink} to={clientPath(client.uuid)}>
          {client.name}
        </Link>
      ) : (
        <span className={styles.nameCell}>{client.name}</span>
      ),
  },
  {
    id: 'contact',
    header: USERS_TEXTS.clientsColumns.contact,
    cell: (client) =>
      client.contact_email || client.contact_phone ? (
        <span className={layout.stack}>
          {client.contact_email && <EmailAddress address={client.contact_email} />}
          {client.contact_phone && <span className={layout.muted}>{client.contact_phone}</span>}
        </span>
      ) : (
        <span className={layout.muted}>{LIST_TEXTS.notProvided}</span>
      ),
  },
  {
    id: 'status',
    header: USERS_TEXTS.clientsColumns.status,
    cell: (client) => <ActiveBadge isActive={client.is_active} labels={LIST_TEXTS} />,
  },
  {
    id: 'certificates',
    header: USERS_TEXTS.clientsColumns.certificates,
    noWrap: true,
    cell: (client) => `${client.active_certificates}/${client.certificate_count}`,
  },
  {
    id: 'created',
    header: USERS_TEXTS.clientsColumns.created,
    noWrap: true,
    cell: (client) => formatDate(client.created_at),
  },
];
const plainColumns = columns(false);
const linkedColumns = columns(true);

/**
 * The clients a user is responsible for (docs/requirements.md#users-screen): in the list's Clients modal, and on
 * the user's own page, where each name links to the client's page.
 */
export function UserClientsTable({
  user,
  clients,
  isLoading,
  error = null,
  linksNames = false,
}: {
  user: User;
  clients: readonly UserClient[] | undefined;
  isLoading: boolean;
  /** Shown in place of the rows (the modal's; a page shows its banner instead). */
  error?: string | null;
  linksNames?: boolean;
}) {
  return (
    <DataTable
      aria-label={USERS_TEXTS.clientsTitle(user.name)}
      columns={linksNames ? linkedColumns : plainColumns}
      rows={clients}
      getRowId={(client) => client.uuid}
      isLoading={isLoading}
      loadingLabel={USERS_TEXTS.clientsLoading}
      error={error}
      emptyText={USERS_TEXTS.noClients(user.name)}
    />
  );
}
