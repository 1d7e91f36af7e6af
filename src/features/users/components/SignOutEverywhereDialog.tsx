import { LIST_TEXTS, USER_SESSIONS_TEXTS, USER_SESSIONS_TOASTS } from '../../../contract/ui-texts';
import type { User } from '../../../contract/users';
import { ConfirmChangeDialog } from '../../../lib/toasts/ConfirmChangeDialog';
import { naming } from '../../../lib/toasts/outcome-toasts';
import type { OpenState } from '../../../ui';
import { useEndUserSessions } from '../api/end-user-sessions';

/** "Sign out everywhere" on a user's row: the question naming the user, then the call and its toast. */
export function SignOutEverywhereDialog({ user, ...openState }: { user: User } & OpenState) {
  const endUserSessions = useEndUserSessions();
  return (
    <ConfirmChangeDialog
      title={USER_SESSIONS_TEXTS.confirmTitle}
      message={USER_SESSIONS_TEXTS.confirm(user.name)}
      confirmLabel={USER_SESSIONS_TEXTS.signOutEverywhere}
      pendingLabel={USER_SESSIONS_TEXTS.signingOut}
      cancelLabel={LIST_TEXTS.cancel}
      {...openState}
      change={() => endUserSessions(user.uuid)}
      toasts={{
        done: () => naming(USER_SESSIONS_TOASTS.signedOut, user.name),
        failed: USER_SESSIONS_TOASTS.failed,
      }}
    />
  );
}
