import { useState } from 'react';
import { Button } from '../Button';
import { FormActions } from '../Form';
import { Modal } from '../Modal';
import * as styles from './ConfirmDialog.css';

export interface ConfirmDialogProps {
  /** e.g. 'Delete user Ada Lovelace?'. */
  title: string;
  /** e.g. 'Are you sure you want to delete this user? This action cannot be undone.' (docs/requirements.md#screens). */
  message: string;
  confirmLabel?: string;
  /** Shown on the confirm button while `onConfirm` runs, e.g. 'Deleting...'. */
  pendingLabel?: string;
  cancelLabel?: string;
  /** 'destructive' (default) for deletes, 'primary' for other confirmations. */
  variant?: 'destructive' | 'primary';
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /**
   * Whether the confirmed action is running, when the caller tracks it (e.g. a mutation hook's
   * flag); otherwise the dialog tracks the promise `onConfirm` returns.
   */
  isPending?: boolean;
  /**
   * The confirmed action. The dialog stays open with the button pending until it settles, then
   * closes; if it throws or resolves `false` the dialog stays open (the caller shows the error, e.g. a toast).
   */
  onConfirm: () => void | boolean | Promise<void | boolean>;
  /**
   * Why the action cannot be taken now (the server's own rule, read from the resource): shown in place of the
   * question, with only `closeLabel`, so nobody confirms what the server would refuse.
   */
  refusal?: string | null;
  closeLabel?: string;
}

/**
 * A yes/no question as an alert dialog. Focus starts on Cancel, so Enter right after opening
 * never deletes; Escape cancels; focus returns to whatever opened it.
 */
export function ConfirmDialog({
  title,
  message,
  confirmLabel = 'Delete',
  pendingLabel,
  cancelLabel = 'Cancel',
  variant = 'destructive',
  isOpen,
  onOpenChange,
  onConfirm,
  isPending: isPendingOutside,
  refusal,
  closeLabel = 'Close',
}: ConfirmDialogProps) {
  const [isPendingInside, setPending] = useState(false);
  const isPending = isPendingOutside ?? isPendingInside;

  const handleConfirm = async () => {
    setPending(true);
    try {
      if ((await onConfirm()) !== false) onOpenChange(false);
    } catch {
      // The caller reports the failure; the question stays so the user can retry or cancel.
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal
      title={title}
      role="alertdialog"
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!isPending) onOpenChange(open);
      }}
      isKeyboardDismissDisabled={isPending}
    >
      {refusal ? (
        <>
          <p className={styles.message} data-refusal="">
            {refusal}
          </p>
          <FormActions>
            <Button variant="secondary" autoFocus onPress={() => onOpenChange(false)}>
              {closeLabel}
            </Button>
          </FormActions>
        </>
      ) : (
        <>
          <p className={styles.message}>{message}</p>
          <FormActions>
            <Button variant="secondary" autoFocus isDisabled={isPending} onPress={() => onOpenChange(false)}>
              {cancelLabel}
            </Button>
            <Button variant={variant} isPending={isPending} onPress={handleConfirm}>
              {isPending && pendingLabel ? pendingLabel : confirmLabel}
            </Button>
          </FormActions>
        </>
      )}
    </Modal>
  );
}
