import type { ApiToken } from '../../../contract/api-tokens';
import { API_TOKENS_TEXTS as TEXTS, API_TOKENS_TOASTS as TOASTS } from '../../../contract/ui-texts';
import { naming, reportOutcome } from '../../../lib/toasts/outcome-toasts';
import { ConfirmDialog, useToast, type OpenState } from '../../../ui';
import { useRevokeApiToken } from '../api/revoke-api-token';

/** Revoke a token after a question that names it; the toast says how it went. */
export function RevokeApiTokenDialog({ token, ...openState }: { token: ApiToken } & OpenState) {
  const toast = useToast();
  const revoke = useRevokeApiToken();
  return (
    <ConfirmDialog
      title={TEXTS.revokeTitle}
      message={TEXTS.revokeConfirm(token.name)}
      confirmLabel={TEXTS.revokeSubmit}
      pendingLabel={TEXTS.revoking}
      cancelLabel={TEXTS.cancel}
      {...openState}
      // The question closes after a failure too: the toast says what went wrong, and the list is reloaded.
      onConfirm={async () => {
        await reportOutcome(toast, () => revoke(token.id), {
          done: () => naming(TOASTS.revoked, token.name),
          failed: TOASTS.revokeFailed,
        });
      }}
    />
  );
}
