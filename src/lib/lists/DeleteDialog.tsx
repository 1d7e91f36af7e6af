import { LIST_TEXTS } from '../../contract/texts/shell';
import { ConfirmDialog, type ConfirmDialogProps } from '../../ui';

/**
 * A list's delete question in the console's words (Delete, Deleting..., Cancel). It closes after a failure too:
 * the toast of `onDelete` says what went wrong, and the row is still there to try again. Given the resource's
 * `deleteRefusal`, it says why the item cannot be deleted instead of asking.
 */
export function DeleteDialog({
  onDelete,
  ...props
}: Pick<ConfirmDialogProps, 'title' | 'message' | 'isOpen' | 'onOpenChange' | 'refusal'> & {
  onDelete: () => Promise<unknown>;
}) {
  return (
    <ConfirmDialog
      confirmLabel={LIST_TEXTS.delete}
      pendingLabel={LIST_TEXTS.deleting}
      cancelLabel={LIST_TEXTS.cancel}
      closeLabel={LIST_TEXTS.close}
      {...props}
      onConfirm={async () => {
        await onDelete();
      }}
    />
  );
}
