import { listReturnPath } from '../../lib/routing/list-return';
import { useId, type ComponentType } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { LAYOUT_TEXTS, LIST_TEXTS, USERS_TEXTS as TEXTS } from '../../contract/ui-texts';
import { MFA_RESET_TEXTS } from '../../contract/texts/sign-in';
import { formatDateTimeOr } from '../../lib/format/dates';
import { isMissingItem, ItemNotLoaded } from '../../lib/lists/ItemNotLoaded';
import { LoadFailedBanner } from '../../lib/lists/LoadFailedBanner';
import { useSessionState } from '../../lib/session';
import { useRememberOpened } from '../../lib/routing/recent-items';
import { ActiveBadge, Button, EmailAddress, layout, PageHeader, RoleBadge } from '../../ui';
import { useUser } from './api/get-user';
import { useUserClients } from './api/get-user-clients';
import { userActionsFor } from './components/user-actions';
import { UserClientsTable } from './components/UserClientsTable';
import type { Actor } from './lib/user-rules';
import { useUserActions } from './use-user-actions';
import * as styles from './UserDetailPage.css';

const T = TEXTS.detail;

export interface UserDetailPageProps {
  /** The app's Not Found page, shown for an id the server does not know. */
  NotFound: ComponentType;
  /** The activity the user performed, which the app composes from the activity feature (a feature never imports another). */
  Activity: ComponentType<{ actorId: string }>;
}

function UserScreen({ id, actor, NotFound, Activity }: UserDetailPageProps & { id: string; actor: Actor }) {
  const navigate = useNavigate();
  const user = useUser(id);
  const clients = useUserClients(user.data ? id : null);
  const userActions = useUserActions(actor, {
    // The user is gone: back to the list, and Back does not return to their page.
    onDeleted: () => void navigate('/users', { replace: true }),
  });
  const clientsId = useId();
  const activityId = useId();
  useRememberOpened(
    actor.uuid,
    user.data && { kind: 'user', uuid: user.data.uuid, label: user.data.name, detail: user.data.email },
  );

  if (isMissingItem(user.error)) return <NotFound />;
  const shown = user.data;
  if (!shown)
    return <ItemNotLoaded error={user.error} onRetry={() => user.mutate()} loadingLabel={T.loading} />;

  // The page shows the user's clients already: the list's Clients modal has no place here.
  const actions = userActionsFor(actor, shown, userActions.pendingUserId, ['clients']);
  return (
    <div className={layout.page}>
      <PageHeader
        title={shown.name}
        section={TEXTS.title}
        sectionHref={listReturnPath('/users')}
        breadcrumbLabel={LAYOUT_TEXTS.breadcrumbs}
        actions={
          <>
            {actions.length > 0 && (
              <div role="group" aria-label={T.actionsLabel(shown.name)} className={layout.actions}>
                {actions.map(({ action, label, isPending }) => (
                  <Button
                    key={action}
                    variant="secondary"
                    isPending={isPending}
                    onPress={() => userActions.handleAction(action, shown)}
                  >
                    {label}
                  </Button>
                ))}
              </div>
            )}
            <Link className={styles.backLink} to={listReturnPath('/users')}>
              {T.backToList}
            </Link>
          </>
        }
      />
      <section className={layout.panel} aria-label={T.detailsHeading}>
        <h2 className={layout.panelTitle}>{T.detailsHeading}</h2>
        <dl className={layout.details}>
          <dt>{TEXTS.columns.name}</dt>
          <dd>{shown.name}</dd>
          <dt>{TEXTS.columns.email}</dt>
          <dd>
            <EmailAddress address={shown.email} />
          </dd>
          <dt>{TEXTS.columns.role}</dt>
          <dd>
            <RoleBadge role={shown.role.name} />
          </dd>
          <dt>{TEXTS.columns.status}</dt>
          <dd>
            <ActiveBadge isActive={shown.isActive} labels={LIST_TEXTS} />
          </dd>
          <dt>{TEXTS.columns.lastLogin}</dt>
          <dd>{formatDateTimeOr(shown.lastLoginAt, LIST_TEXTS.never)}</dd>
          <dt>{MFA_RESET_TEXTS.detailLabel}</dt>
          <dd>{shown.mfaEnabled ? MFA_RESET_TEXTS.on : MFA_RESET_TEXTS.off}</dd>
        </dl>
      </section>
      <section className={layout.panel} aria-labelledby={clientsId}>
        <h2 id={clientsId} className={layout.panelTitle}>
          {T.clientsHeading}
        </h2>
        <LoadFailedBanner error={clients.error} onRetry={() => clients.mutate()} />
        {!(clients.error && !clients.data) && (
          <UserClientsTable user={shown} clients={clients.data} isLoading={clients.isLoading} linksNames />
        )}
      </section>
      <section className={layout.panel} aria-labelledby={activityId}>
        <h2 id={activityId} className={layout.panelTitle}>
          {T.activityHeading}
        </h2>
        <Activity actorId={shown.uuid} />
      </section>
      {userActions.dialogs}
    </div>
  );
}

/**
 * A staff user's own page, at `/users/{id}` so it can be linked from a ticket or a chat: their details,
 * the clients they are assigned to (each linking to its page), what they did recently, and the list's actions on
 * them (Edit, Disable or Enable with Undo, Sign out everywhere, Delete). Owners and admins only, which the route
 * enforces; an id the server does not know shows the app's Not Found page, which the app passes in.
 */
export function UserDetailPage(props: UserDetailPageProps) {
  const { id = '' } = useParams();
  const state = useSessionState();
  if (state.status !== 'authenticated') return null;
  // Another user's page (a link in the activity) starts afresh: no dialog or pending change carries over.
  return <UserScreen key={id} id={id} actor={state.user} {...props} />;
}
