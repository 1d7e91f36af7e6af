import { useId, useState } from 'react';
import { isFullClientUser, type Client, type VisibleClientUser } from '../../../contract/clients';
import { ListSearchField } from '../../../lib/lists/ListSearchField';
import { CLIENTS_TEXTS, CLIENTS_TOASTS, LIST_TEXTS } from '../../../contract/ui-texts';
import {
  Button,
  Checkbox,
  CheckboxGroup,
  EmailAddress,
  ErrorBanner,
  FormActions,
  FormButtons,
  layout,
  LoadingState,
  Modal,
  useToast,
  type OpenState,
} from '../../../ui';
import { useAssignClientUsers } from '../api/assign-client-users';
import { failureToast } from '../../../lib/api/call-errors';
import { naming } from '../../../lib/toasts/outcome-toasts';
import { useAssignableUsers } from '../api/get-assignable-users';
import { useClientUsers } from '../api/get-client-users';
import * as styles from '../ClientsPage.css';

/** A chosen user, as the Selected Users list shows them (the e-mail as the name's tooltip, when known). */
interface PickedUser {
  uuid: string;
  name: string;
  email?: string;
}

/** The modal is for the roles that manage users, who get the users in full; the summary still has what the list needs. */
const picked = (user: VisibleClientUser): PickedUser => ({
  uuid: user.uuid,
  name: user.name,
  ...(isFullClientUser(user) && { email: user.email }),
});

function AssignUsersForm({
  client,
  assigned,
  close,
}: {
  client: Client;
  assigned: VisibleClientUser[];
  close: () => void;
}) {
  const toast = useToast();
  const assignUsers = useAssignClientUsers();
  const [selected, setSelected] = useState<ReadonlyMap<string, PickedUser>>(
    () => new Map(assigned.map((user) => [user.uuid, picked(user)])),
  );
  const [search, setSearch] = useState('');
  const candidates = useAssignableUsers(search.trim(), true);
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const selectedHeadingId = useId();

  /** The group's value covers every chosen user, shown in the list or not (a search hides some). */
  const handleChosenChange = (uuids: string[]) => {
    setError(null);
    const shown = new Map(
      (candidates.data ?? []).map(({ uuid, name, email }) => [uuid, { uuid, name, email }]),
    );
    setSelected((current) => {
      const next = new Map<string, PickedUser>();
      for (const uuid of uuids) {
        const user = current.get(uuid) ?? shown.get(uuid);
        if (user) next.set(uuid, user);
      }
      return next;
    });
  };

  const remove = (uuid: string) => {
    setError(null);
    setSelected((current) => {
      const next = new Map(current);
      next.delete(uuid);
      return next;
    });
  };

  const handleSave = async () => {
    setSaving(true);
    setError(null);
    try {
      await assignUsers(client.uuid, [...selected.keys()]);
      toast.show({ type: 'success', ...naming(CLIENTS_TOASTS.usersAssigned, client.name) });
      close();
    } catch (caught) {
      setSaving(false);
      const failure = failureToast(
        caught,
        CLIENTS_TOASTS.saveFailed.title,
        CLIENTS_TOASTS.saveFailed.description,
      );
      setError(failure.description);
      toast.show(failure);
    }
  };

  return (
    <div className={layout.page}>
      {error && <ErrorBanner message={error} />}
      <div className={styles.assignLayout}>
        <div className={styles.assignColumn}>
          {/* The field grows along a toolbar's row; in this column it must keep its own height. */}
          <div>
            <ListSearchField
              label={CLIENTS_TEXTS.assignSearchLabel}
              placeholder={CLIENTS_TEXTS.searchPlaceholderUsers}
              value={search}
              onChange={setSearch}
            />
          </div>
          {candidates.error ? (
            <ErrorBanner message={candidates.error.message} />
          ) : !candidates.data ? (
            <LoadingState label={CLIENTS_TEXTS.assignLoading} size="inline" />
          ) : candidates.data.length === 0 ? (
            <p className={layout.muted}>{CLIENTS_TEXTS.assignNoUsers}</p>
          ) : (
            <div className={styles.pickerList}>
              <CheckboxGroup
                label={CLIENTS_TEXTS.assignListLabel}
                value={[...selected.keys()]}
                onChange={handleChosenChange}
              >
                {candidates.data.map((user) => (
                  <Checkbox key={user.uuid} value={user.uuid}>
                    <span className={styles.pickerLabel}>
                      <span>{user.name}</span>
                      <span className={layout.muted}>
                        <EmailAddress address={user.email} />
                      </span>
                    </span>
                  </Checkbox>
                ))}
              </CheckboxGroup>
            </div>
          )}
        </div>
        <section className={styles.assignColumn} aria-labelledby={selectedHeadingId}>
          <h3 id={selectedHeadingId} className={styles.sectionHeading}>
            {CLIENTS_TEXTS.selectedUsers} ({selected.size})
          </h3>
          {selected.size === 0 ? (
            <p className={layout.muted}>{CLIENTS_TEXTS.noSelectedUsers}</p>
          ) : (
            <ul className={styles.selectedList} aria-labelledby={selectedHeadingId}>
              {[...selected.values()].map((user) => (
                <li key={user.uuid} className={styles.selectedItem}>
                  <span className={styles.selectedName} title={user.email}>
                    {user.name}
                  </span>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={CLIENTS_TEXTS.removeLabel(user.name)}
                    onPress={() => remove(user.uuid)}
                  >
                    {CLIENTS_TEXTS.remove}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <FormButtons
        cancelLabel={LIST_TEXTS.cancel}
        onCancel={close}
        submitLabel={CLIENTS_TEXTS.assignSubmit}
        pendingLabel={LIST_TEXTS.saving}
        isPending={isSaving}
        onSubmit={handleSave}
      />
    </div>
  );
}

function AssignUsers({ client, close }: { client: Client; close: () => void }) {
  const assigned = useClientUsers(client.uuid);
  if (assigned.data) return <AssignUsersForm client={client} assigned={assigned.data} close={close} />;
  return (
    <div className={layout.page}>
      {assigned.error ? (
        <ErrorBanner message={assigned.error.message} />
      ) : (
        <LoadingState label={CLIENTS_TEXTS.assignLoading} size="inline" />
      )}
      <FormActions>
        <Button variant="secondary" onPress={close}>
          {LIST_TEXTS.cancel}
        </Button>
      </FormActions>
    </div>
  );
}

/** Which users are responsible for a client (docs/requirements.md#clients-screen Clients, Assign Users modal). */
export function AssignUsersModal({ client, ...openState }: { client: Client } & OpenState) {
  return (
    <Modal title={CLIENTS_TEXTS.assignTitle(client.name)} {...openState}>
      {(close) => <AssignUsers client={client} close={close} />}
    </Modal>
  );
}
