import { LIST_TEXTS, USERS_TEXTS, USERS_TOASTS } from '../../../contract/ui-texts';
import type { User, UserClient } from '../../../contract/users';
import {
  Button,
  DataTable,
  FormActions,
  Modal,
  StatusBadge,
  useToast,
  type DataTableColumn,
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
        <span className={styles.stack}>
          {client.contact_email && <span>{client.contact_email}</span>}
          {client.contact_phone && <span className={styles.muted}>{client.contact_phone}</span>}
        </span>
      ) : (
        <span className={styles.muted}>{LIST_TEXTS.notProvided}</span>
      ),
  },
  {
    id: 'status',
    header: USERS_TEXTS.clientsColumns.status,
    cell: (client) => (
      <StatusBadge status={client.is_active ? 'active' : 'inactive'}>
        {client.is_active ? LIST_TEXTS.active : LIST_TEXTS.inactive}
      </StatusBadge>
    ),
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
    onError: () =>
      toast.show({
        type: 'destructive',
        title: USERS_TOASTS.loadFailed.title,
        description: USERS_TOASTS.loadFailed.description,
      }),
  });
  return (
    <div className={styles.page}>
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
export function UserClientsModal({
  user,
  isOpen,
  onOpenChange,
}: {
  user: User;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  return (
    <Modal title={USERS_TEXTS.clientsTitle(user.name)} isOpen={isOpen} onOpenChange={onOpenChange}>
      {(close) => <UserClients user={user} close={close} />}
    </Modal>
  );
}
