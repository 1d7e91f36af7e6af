import { LIST_TEXTS } from '../../../contract/ui-texts';
import { MFA_RESET_TEXTS, MFA_TOASTS } from '../../../contract/texts/sign-in';
import type { User } from '../../../contract/users';
import { ConfirmChangeDialog } from '../../../lib/toasts/ConfirmChangeDialog';
import { naming } from '../../../lib/toasts/outcome-toasts';
import type { OpenState } from '../../../ui';
import { useResetUserMfa } from '../api/reset-user-mfa';

/** "Reset two-factor" on a user: the question naming them, then the call and its toast. */
export function ResetMfaDialog({ user, ...openState }: { user: User } & OpenState) {
  const resetUserMfa = useResetUserMfa();
  return (
    <ConfirmChangeDialog
      title={MFA_RESET_TEXTS.title(user.name)}
      message={MFA_RESET_TEXTS.body}
      confirmLabel={MFA_RESET_TEXTS.confirm}
      pendingLabel={MFA_RESET_TEXTS.resetting}
      cancelLabel={LIST_TEXTS.cancel}
      {...openState}
      change={() => resetUserMfa(user.uuid)}
      toasts={{ done: () => naming(MFA_TOASTS.reset, user.name), failed: MFA_TOASTS.resetFailed }}
    />
  );
}
