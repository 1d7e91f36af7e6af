import { listReturnPath } from '../../lib/routing/list-return';
import { useId, useState, type ComponentType, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { isFullClientUser, type Client } from '../../contract/clients';
import { can, type RoleName } from '../../contract/roles';
import {
  CLIENTS_TEXTS,
  CLIENTS_TOASTS,
  LAYOUT_TEXTS,
  LIST_TEXTS,
  PAGE_TITLES,
} from '../../contract/ui-texts';
import { formatDate } from '../../lib/format/dates';
import { DeleteDialog } from '../../lib/lists/DeleteDialog';
import { isMissingItem, ItemNotLoaded } from '../../lib/lists/ItemNotLoaded';
import { LoadFailedBanner } from '../../lib/lists/LoadFailedBanner';
import { useRowChange } from '../../lib/lists/use-row-change';
import { clientPath, userPath } from '../../lib/routing/entity-paths';
import { useSessionState } from '../../lib/session';
import { useRememberOpened } from '../../lib/routing/recent-items';
import { naming } from '../../lib/toasts/outcome-toasts';
import {
  ActiveBadge,
  Button,
  EmailAddress,
  layout,
  LoadingState,
  PageHeader,
  RoleBadge,
  useToast,
} from '../../ui';
import { useClient } from './api/get-client';
import { useClientUsers } from './api/get-client-users';
import { useDeleteClient } from './api/delete-client';
import { AssignUsersModal } from './components/AssignUsersModal';
import { ClientFormModal } from './components/ClientFormModal';
import { clientPermissions } from './lib/client-rules';
import * as styles from './ClientDetailPage.css';

const T = CLIENTS_TEXTS.detail;

/** What the app hands in: the pages' parts that other features own (the app composes the features). */
export interface ClientDetailPageProps {
  NotFound: ComponentType;
  /** The client's certificates with the certificates screen's filters and actions. */
  Certificates: ComponentType<{ clientId: string; clientName: string }>;
  /** The activity about the client and its certificates. */
  Activity: ComponentType<{ clientId: string; label: string }>;
}

type OpenDialog = 'edit' | 'users' | 'delete' | null;

/** A titled panel of the page. */
function Panel({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className={layout.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={layout.panelTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

const orNone = (shown: ReactNode) => shown || <span className={layout.muted}>{LIST_TEXTS.notProvided}</span>;

/**
 * The staff assigned to the client; names link to their pages, and e-mail addresses and roles show, for the roles that
 * may manage users (the server sends the others names only).
 */
function AssignedUsers({ client, role }: { client: Client; role: RoleName }) {
  const users = useClientUsers(client.uuid);
  const mayOpenUsers = can(role, 'users:manage');
  return (
    <Panel title={T.usersHeading}>
      <LoadFailedBanner error={users.error} onRetry={() => users.mutate()} />
      {!users.data && !users.error && <LoadingState label={T.usersLoading} size="inline" />}
      {users.data?.length === 0 && <p className={layout.muted}>{T.noUsers}</p>}
      {users.data && users.data.length > 0 && (
        <ul className={styles.users}>
          {users.data.map((user) => (
            <li key={user.uuid} className={styles.userRow}>
              {mayOpenUsers ? (
                <Link className={styles.link} to={userPath(user.uuid)}>
                  {user.name}
                </Link>
              ) : (
                <span>{user.name}</span>
              )}
              {/* Only the roles that may list users get the address and role (`clientUserAsSeenBy`). */}
              {isFullClientUser(user) && (
                <>
                  <span className={styles.userEmail}>
                    <EmailAddress address={user.email} />
                  </span>
                  <RoleBadge role={user.role.name} />
                </>
              )}
              {!user.isActive && <ActiveBadge isActive={false} labels={LIST_TEXTS} />}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function ClientDetails({
  client,
  role,
  ...parts
}: { client: Client; role: RoleName } & ClientDetailPageProps) {
  const toast = useToast();
  const navigate = useNavigate();
  const permissions = clientPermissions(role);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const deleteClient = useDeleteClient();
  const remove = useRowChange(
    toast,
    (shown: Client) => deleteClient(shown.uuid),
    (shown) => ({
      done: () => naming(CLIENTS_TOASTS.deleted, shown.name),
      failed: CLIENTS_TOASTS.deleteFailed,
    }),
  );
  const modalProps = { isOpen: true, onOpenChange: (open: boolean) => !open && setDialog(null) };
  const { Certificates, Activity } = parts;

  return (
    <div className={layout.page}>
      <PageHeader
        title={client.name}
        section={PAGE_TITLES.clients}
        sectionHref={listReturnPath('/clients')}
        breadcrumbLabel={LAYOUT_TEXTS.breadcrumbs}
        actions={
          <div className={layout.actions} role="group" aria-label={T.actionsLabel}>
            {permissions.edit && (
              <Button variant="secondary" onPress={() => setDialog('edit')}>
                {CLIENTS_TEXTS.edit}
              </Button>
            )}
            {permissions.assignUsers && (
              <Button variant="secondary" onPress={() => setDialog('users')}>
                {CLIENTS_TEXTS.users}
              </Button>
            )}
            {permissions.delete && (
              <Button variant="secondary" onPress={() => setDialog('delete')}>
                {CLIENTS_TEXTS.delete}
              </Button>
            )}
            <Link className={styles.backLink} to={listReturnPath('/clients')}>
              {T.backToList}
            </Link>
          </div>
        }
      />
      <Panel title={T.detailsHeading}>
        <dl className={layout.details}>
          <dt>{CLIENTS_TEXTS.columns.status}</dt>
          <dd>
            <ActiveBadge isActive={client.isActive} labels={LIST_TEXTS} />
          </dd>
          <dt>{CLIENTS_TEXTS.descriptionLabel}</dt>
          <dd className={styles.prose}>{client.description || T.noDescription}</dd>
          <dt>{CLIENTS_TEXTS.columns.contactEmail}</dt>
          <dd>{orNone(client.contactEmail && <EmailAddress address={client.contactEmail} />)}</dd>
          <dt>{CLIENTS_TEXTS.columns.contactPhone}</dt>
          <dd>{orNone(client.contactPhone)}</dd>
          <dt>{T.remindersLabel}</dt>
          <dd>
            {client.remindContact && client.contactEmail
              ? T.remindersOn(client.contactEmail)
              : T.remindersOff}
          </dd>
          <dt>{CLIENTS_TEXTS.addressLabel}</dt>
          <dd className={styles.prose}>{orNone(client.address)}</dd>
          <dt>{CLIENTS_TEXTS.columns.certificates}</dt>
          <dd>
            {`${CLIENTS_TEXTS.certificatesTotal(client.certificateCount)}, ${CLIENTS_TEXTS.certificatesActive(client.activeCertificates)}`}
          </dd>
          <dt>{CLIENTS_TEXTS.columns.created}</dt>
          <dd>{formatDate(client.createdAt)}</dd>
        </dl>
      </Panel>
      <Certificates clientId={client.uuid} clientName={client.name} />
      <AssignedUsers client={client} role={role} />
      <Panel title={T.activityHeading}>
        <Activity clientId={client.uuid} label={T.activityLabel(client.name)} />
      </Panel>

      {dialog === 'edit' && <ClientFormModal key={client.uuid} client={client} {...modalProps} />}
      {dialog === 'users' && <AssignUsersModal key={client.uuid} client={client} {...modalProps} />}
      {dialog === 'delete' && (
        <DeleteDialog
          title={CLIENTS_TEXTS.deleteTitle(client.name)}
          message={CLIENTS_TEXTS.deleteConfirm}
          refusal={client.deleteRefusal}
          {...modalProps}
          onDelete={async () => {
            if (await remove.run(client)) void navigate('/clients');
          }}
        />
      )}
    </div>
  );
}

/**
 * A client's own page, at `/clients/{id}`: its details, its certificates with the usual filters and
 * actions, the staff assigned to it and the activity about it. Every role reads it; the actions follow the role.
 * An unknown or deleted client shows the app's Not Found page.
 */
export function ClientDetailPage(props: ClientDetailPageProps) {
  const { id = '' } = useParams();
  const session = useSessionState();
  const client = useClient(id);
  useRememberOpened(
    session.status === 'authenticated' ? session.user.uuid : null,
    client.data && { kind: 'client', uuid: client.data.uuid, label: client.data.name },
  );
  const { NotFound } = props;

  if (isMissingItem(client.error)) return <NotFound />;
  if (session.status !== 'authenticated') return null;
  if (!client.data) {
    return <ItemNotLoaded error={client.error} onRetry={() => client.mutate()} loadingLabel={T.loading} />;
  }
  // A new id in the same mounted route starts with its own dialogs closed.
  return <ClientDetails key={clientPath(id)} client={client.data} role={session.user.role.name} {...props} />;
}
