import { LIST_TEXTS, USER_SESSIONS_TEXTS, USER_SESSIONS_TOASTS } from '../../../contract/ui-texts';
import type { User } from '../../../contract/users';
import { naming, reportOutcome } from '../../../lib/toasts/outcome-toasts';
import { ConfirmDialog, useToast } from '../../../ui';
import { useEndUserSessions } from '../api/end-user-sessions';

/** "Sign out everywhere" on a user's row: the question naming the user, then the call and its toast. */
export function SignOutEverywhereDialog({
  user,
  isOpen,
  onOpenChange,
}: {
  user: User;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const toast = useToast();
  const endUserSessions = useEndUserSessions();
  return (
    <ConfirmDialog
      title={USER_SESSIONS_TEXTS.confirmTitle}
      message={USER_SESSIONS_TEXTS.confirm(user.name)}
      confirmLabel={USER_SESSIONS_TEXTS.signOutEverywhere}
      pendingLabel={USER_SESSIONS_TEXTS.signingOut}
      cancelLabel={LIST_TEXTS.cancel}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      // The question closes after a failure too: the toast says what went wrong.
      onConfirm={async () => {
        await reportOutcome(toast, () => endUserSessions(user.uuid), {
          done: () => naming(USER_SESSIONS_TOASTS.signedOut, user.name),
          failed: USER_SESSIONS_TOASTS.failed,
        });
      }}
    />
  );
}
