import { useState } from 'react';
import type { CreatedWebhook, Webhook } from '../../contract/webhooks';
import { WEBHOOKS_TEXTS as TEXTS, WEBHOOKS_TOASTS as TOASTS } from '../../contract/ui-texts';
import { DeleteDialog } from '../../lib/lists/DeleteDialog';
import { LoadedList } from '../../lib/lists/LoadedList';
import { useDialogs } from '../../lib/lists/use-dialogs';
import { naming, reportOutcome } from '../../lib/toasts/outcome-toasts';
import { Button, ConfirmDialog, layout, Modal, OneTimeSecret, PageHeader, useToast } from '../../ui';
import { useDeleteWebhook } from './api/delete-webhook';
import { useWebhooks } from './api/get-webhooks';
import { useRotateSecret } from './api/rotate-secret';
import { useSendTest } from './api/send-test';
import { DeliveriesModal } from './components/DeliveriesModal';
import { MailRemindersPanel } from './components/MailRemindersPanel';
import { WebhookFormDialog } from './components/WebhookFormDialog';
import { WebhooksTable, type WebhookAction } from './components/WebhooksTable';

type OpenDialog =
  | { kind: 'form'; webhook: Webhook | null; created: CreatedWebhook | null }
  | { kind: 'deliveries' | 'rotate' | 'delete'; webhook: Webhook }
  | { kind: 'rotated'; webhook: Webhook; secret: string };

/**
 * The Webhooks screen, for owners and admins (the route enforces it): the endpoints other systems
 * registered, the events each gets, the signing secret shown once, a test ping and each endpoint's delivery log;
 * then whether expiry reminders go out by e-mail, with a test e-mail (the product has no settings page yet).
 */
export function WebhooksPage() {
  const toast = useToast();
  const webhooks = useWebhooks();
  const dialogs = useDialogs<OpenDialog>();
  const { dialog } = dialogs;
  const sendTest = useSendTest();
  const rotate = useRotateSecret();
  const remove = useDeleteWebhook();
  const [pendingTestId, setPendingTestId] = useState<string | null>(null);
  const rows = webhooks.data;

  const ping = async (webhook: Webhook) => {
    setPendingTestId(webhook.id);
    await reportOutcome(toast, () => sendTest(webhook.id), {
      done: () => naming(TOASTS.testSent, webhook.url),
      failed: TOASTS.testFailed,
    });
    setPendingTestId(null);
  };

  const handleAction = (action: WebhookAction, webhook: Webhook) => {
    if (action === 'test') void ping(webhook);
    else if (action === 'edit') dialogs.open({ kind: 'form', webhook, created: null });
    else dialogs.open({ kind: action, webhook });
  };

  return (
    <div className={layout.page}>
      <PageHeader
        title={TEXTS.title}
        description={TEXTS.description}
        actions={
          <Button onPress={() => dialogs.open({ kind: 'form', webhook: null, created: null })}>
            {TEXTS.create}
          </Button>
        }
      />
      <LoadedList
        list={webhooks}
        rows={rows}
        empty={{ title: TEXTS.empty, description: TEXTS.emptyDescription }}
      >
        <WebhooksTable
          webhooks={rows}
          isLoading={webhooks.isLoading}
          pendingTestId={pendingTestId}
          onAction={handleAction}
        />
      </LoadedList>
      <MailRemindersPanel />

      {dialog?.kind === 'form' && (
        <WebhookFormDialog
          key={dialog.webhook?.id ?? 'new'}
          webhook={dialog.webhook}
          created={dialog.created}
          // The same dialog, now showing the secret.
          onCreated={(created) => dialogs.open({ kind: 'form', webhook: null, created })}
          {...dialogs.modalProps}
        />
      )}
      {dialog?.kind === 'deliveries' && <DeliveriesModal webhook={dialog.webhook} {...dialogs.modalProps} />}
      {dialog?.kind === 'rotate' && (
        <ConfirmDialog
          title={TEXTS.rotate.title(dialog.webhook.url)}
          message={TEXTS.rotate.message}
          confirmLabel={TEXTS.rotate.confirm}
          pendingLabel={TEXTS.rotate.confirming}
          cancelLabel={TEXTS.rotate.cancel}
          variant="primary"
          {...dialogs.modalProps}
          onConfirm={async () => {
            const { webhook } = dialog;
            let secret = '';
            const isRotated = await reportOutcome(toast, async () => (secret = await rotate(webhook.id)), {
              failed: TOASTS.rotateFailed,
            });
            // The new secret replaces the question, shown once.
            if (isRotated) dialogs.open({ kind: 'rotated', webhook, secret });
            return false;
          }}
        />
      )}
      {dialog?.kind === 'rotated' && (
        <Modal title={TEXTS.rotatedTitle} isKeyboardDismissDisabled {...dialogs.modalProps}>
          {(close) => <OneTimeSecret token={dialog.secret} close={close} texts={TEXTS} />}
        </Modal>
      )}
      {dialog?.kind === 'delete' && (
        <DeleteDialog
          title={TEXTS.deleteTitle(dialog.webhook.url)}
          message={TEXTS.deleteMessage}
          {...dialogs.modalProps}
          onDelete={() =>
            reportOutcome(toast, () => remove(dialog.webhook.id), {
              done: () => naming(TOASTS.deleted, dialog.webhook.url),
              failed: TOASTS.deleteFailed,
            })
          }
        />
      )}
    </div>
  );
}
