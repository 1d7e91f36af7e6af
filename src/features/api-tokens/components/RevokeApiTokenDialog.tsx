import type { ApiToken } from '../../../contract/api-tokens';
import { API_TOKENS_TEXTS as TEXTS, API_TOKENS_TOASTS as TOASTS } from '../../../contract/ui-texts';
import { ConfirmChangeDialog } from '../../../lib/toasts/ConfirmChangeDialog';
import { naming } from '../../../lib/toasts/outcome-toasts';
import type { OpenState } from '../../../ui';
import { useRevokeApiToken } from '../api/revoke-api-token';

/** Revoke a token after a question that names it; the toast says how it went, and the list is reloaded. */
export function RevokeApiTokenDialog({ token, ...openState }: { token: ApiToken } & OpenState) {
  const revoke = useRevokeApiToken();
  return (
    <ConfirmChangeDialog
      title={TEXTS.revokeTitle}
      message={TEXTS.revokeConfirm(token.name)}
      confirmLabel={TEXTS.revokeSubmit}
      pendingLabel={TEXTS.revoking}
      cancelLabel={TEXTS.cancel}
      {...openState}
      change={() => revoke(token.id)}
      toasts={{ done: () => naming(TOASTS.revoked, token.name), failed: TOASTS.revokeFailed }}
    />
  );
}
