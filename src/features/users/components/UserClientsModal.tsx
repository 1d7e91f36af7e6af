import { LIST_TEXTS, USERS_TEXTS, USERS_TOASTS } from '../../../contract/ui-texts';
import type { User, UserClient } from '../../../contract/users';
import {
  ActiveBadge,
  Button,
  DataTable,
  FormActions,
  layout,
  Modal,
  useToast,
  type DataTableColumn,
  type OpenState,
} from '../../../ui';
import { useUserClients } from '../api/get-user-clients';
import { formatDate } from '../../../lib/format/dates';
import * as styles from '../UsersPage.css';

const columns: DataTableColumn<UserClient>[] = [
  {
    id: 'name',
    header: USERS_TEXTS.clientsColumns.name,
    isRowHeader: true,
    cell: (client) => <span className={styles.nameCell}>{client.name}</span>,
  },
  {
    id: 'contact',
    header: USERS_TEXTS.clientsColumns.contact,
    cell: (client) =>
      client.contact_email || client.contact_phone ? (
        <span className={layout.stack}>
          {client.contact_email && <span>{client.contact_email}</span>}
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

function UserClients({ user, close }: { user: User; close: () => void }) {
  const toast = useToast();
  const clients = useUserClients(user.uuid, {
    onError: () => toast.show({ type: 'destructive', ...USERS_TOASTS.loadFailed }),
  });
  return (
    <div className={layout.page}>
      <DataTable
        aria-label={USERS_TEXTS.clientsTitle(user.name)}
        columns={columns}
        rows={clients.data}
        getRowId={(client) => client.uuid}
        isLoading={clients.isLoading}
        loadingLabel={USERS_TEXTS.clientsLoading}
        error={clients.error?.message ?? null}
        emptyText={USERS_TEXTS.noClients(user.name)}
      />
      <FormActions>
        <Button variant="secondary" onPress={close}>
          {LIST_TEXTS.close}
        </Button>
      </FormActions>
    </div>
  );
}

/** The clients a user is responsible for (docs/requirements.md#users-screen Users, Clients modal). */
export function UserClientsModal({ user, ...openState }: { user: User } & OpenState) {
  return (
    <Modal size="lg" title={USERS_TEXTS.clientsTitle(user.name)} {...openState}>
      {(close) => <UserClients user={user} close={close} />}
    </Modal>
  );
}
