import { LIST_TEXTS, USERS_TEXTS, USERS_TOASTS } from '../../../contract/ui-texts';
import type { User } from '../../../contract/users';
import { Button, FormActions, layout, Modal, useToast, type OpenState } from '../../../ui';
import { useUserClients } from '../api/get-user-clients';
import { UserClientsTable } from './UserClientsTable';

function UserClients({ user, close }: { user: User; close: () => void }) {
  const toast = useToast();
  const clients = useUserClients(user.uuid, {
    onError: () => toast.show({ type: 'destructive', ...USERS_TOASTS.loadFailed }),
  });
  return (
    <div className={layout.page}>
      <UserClientsTable
        user={user}
        clients={clients.data}
        isLoading={clients.isLoading}
        error={clients.error?.message ?? null}
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
