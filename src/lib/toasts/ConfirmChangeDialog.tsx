import { ConfirmDialog, useToast, type ConfirmDialogProps } from '../../ui';
import { reportOutcome, type OutcomeToasts } from './outcome-toasts';

/**
 * A question before a change, then the change with a toast saying how it went (`reportOutcome`). The question
 * closes after a failure too: the toast says what went wrong, and whatever it was about is still there to try again.
 */
export function ConfirmChangeDialog<R>({
  change,
  toasts,
  ...props
}: Omit<ConfirmDialogProps, 'onConfirm' | 'isPending'> & {
  change: () => Promise<R>;
  toasts: OutcomeToasts<R>;
}) {
  const toast = useToast();
  return (
    <ConfirmDialog
      {...props}
      onConfirm={async () => {
        await reportOutcome(toast, change, toasts);
      }}
    />
  );
}
