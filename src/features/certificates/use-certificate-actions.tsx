import { useCallback, useState, type ReactNode } from 'react';
import type { Certificate } from '../../contract/certificates';
import { CERTIFICATE_ERRORS, CERTIFICATES_TEXTS as TEXTS } from '../../contract/ui-texts';
import { reportOutcome, type OutcomeToasts } from '../../lib/toasts/outcome-toasts';
import { ConfirmDialog, useToast } from '../../ui';
import { useActivateCertificate } from './api/activate-certificate';
import { useDeleteCertificate } from './api/delete-certificate';
import { useDownloadCertificate } from './api/download-certificate';
import { HistoryModal } from './components/HistoryModal';
import { RevokeDialog } from './components/RevokeDialog';
import { TransferDialog } from './components/TransferDialog';
import { AmendTermsDialog, CertificateFormModal, RenewDialog } from './lazy-dialogs';
import type { PageAction } from './row-actions';

/** The steps an action button takes at once, without a dialog. */
type OnePressStep = 'activate' | 'download';

const STEP_TOASTS: Record<OnePressStep, OutcomeToasts<unknown>> = {
  activate: {
    done: () => ({ title: TEXTS.toasts.activated, description: TEXTS.toasts.activatedDescription }),
    failed: { title: TEXTS.toasts.activationFailed, description: CERTIFICATE_ERRORS.activate },
  },
  download: {
    done: () => ({ title: TEXTS.toasts.downloaded, description: TEXTS.toasts.downloadedDescription }),
    failed: { title: TEXTS.toasts.downloadFailed, description: CERTIFICATE_ERRORS.download },
  },
};

type DialogAction = Exclude<PageAction, OnePressStep>;

/** The action running on a certificate, whose button shows it is busy. */
export type BusyAction = { id: string; action: PageAction } | null;

export interface CertificateActions {
  busy: BusyAction;
  /** Takes `action` on `certificate`: a one-press step at once, any other through its dialog. */
  onAction: (action: PageAction, certificate: Certificate) => void;
  /** The open dialog, to render once wherever the screen keeps its dialogs. */
  dialogs: ReactNode;
}

/**
 * One certificate's actions, as the list's rows and the certificate's own page take them: the same
 * steps, dialogs and toasts in both places. `onDeleted` runs after a delete succeeds (the page leaves for the list).
 */
export function useCertificateActions({ onDeleted }: { onDeleted?: () => void } = {}): CertificateActions {
  const toast = useToast();
  const activate = useActivateCertificate();
  const download = useDownloadCertificate();
  const remove = useDeleteCertificate();
  const [busy, setBusy] = useState<BusyAction>(null);
  const [dialog, setDialog] = useState<{ action: DialogAction; certificate: Certificate } | null>(null);
  const close = () => setDialog(null);

  // The question stays open after a failure, so the user can retry or cancel.
  const handleDelete = async (certificate: Certificate) => {
    const isDeleted = await reportOutcome(toast, () => remove(certificate.uuid), {
      done: () => ({
        title: TEXTS.toasts.deleted,
        description: TEXTS.toasts.deletedDescription(certificate.serialNumber),
      }),
      failed: { title: TEXTS.toasts.deleteFailed, description: CERTIFICATE_ERRORS.delete },
    });
    if (isDeleted) onDeleted?.();
    return isDeleted;
  };

  // One function for the life of the screen, so a list of rows drawn with it need not be drawn again.
  const onAction = useCallback(
    (action: PageAction, certificate: Certificate) => {
      if (action !== 'activate' && action !== 'download') {
        setDialog({ action, certificate });
        return;
      }
      const step = () => (action === 'activate' ? activate(certificate.uuid) : download(certificate));
      setBusy({ id: certificate.uuid, action });
      void reportOutcome(toast, step, STEP_TOASTS[action]).then(() => setBusy(null));
    },
    [activate, download, toast],
  );

  const shown = dialog?.certificate;
  const dialogs = (
    <>
      {/* Drawn only while open, a fresh form for each certificate; its code loads at the first. */}
      {shown && dialog.action === 'edit' && (
        <CertificateFormModal
          key={shown.uuid}
          certificate={shown}
          isOpen
          onOpenChange={(open) => !open && close()}
        />
      )}
      {shown && dialog.action === 'revoke' && <RevokeDialog certificate={shown} onClose={close} />}
      {shown && dialog.action === 'renew' && <RenewDialog certificate={shown} onClose={close} />}
      {shown && dialog.action === 'amend' && <AmendTermsDialog certificate={shown} onClose={close} />}
      {shown && dialog.action === 'transfer' && <TransferDialog certificate={shown} onClose={close} />}
      {shown && dialog.action === 'history' && <HistoryModal certificate={shown} onClose={close} />}
      {shown && dialog.action === 'delete' && (
        <ConfirmDialog
          title={TEXTS.delete.title(shown.serialNumber)}
          message={TEXTS.delete.message}
          confirmLabel={TEXTS.delete.confirm}
          pendingLabel={TEXTS.delete.confirming}
          cancelLabel={TEXTS.delete.cancel}
          isOpen
          onOpenChange={(open) => !open && close()}
          onConfirm={() => handleDelete(shown)}
        />
      )}
    </>
  );

  return { busy, onAction, dialogs };
}
