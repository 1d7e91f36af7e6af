import { Button } from '../Button';
import { FormActions } from './Form';

export interface FormButtonsProps {
  /** 'Cancel' or 'Close': closes without submitting. */
  cancelLabel: string;
  onCancel: () => void;
  submitLabel: string;
  /** The submit button's text while `isPending`, e.g. 'Saving...'. */
  pendingLabel: string;
  isPending: boolean;
  /** Whether Cancel stays usable while pending; by default it waits for the answer. */
  canCancelWhilePending?: boolean;
  /** What the submit button does outside a form (a picker's Save); inside a form it submits the form. */
  onSubmit?: () => void;
}

/** The end of a form or dialog: Cancel, then the submit button, which shows it is waiting. */
export function FormButtons({
  cancelLabel,
  onCancel,
  submitLabel,
  pendingLabel,
  isPending,
  canCancelWhilePending = false,
  onSubmit,
}: FormButtonsProps) {
  return (
    <FormActions>
      <Button variant="secondary" onPress={onCancel} isDisabled={!canCancelWhilePending && isPending}>
        {cancelLabel}
      </Button>
      <Button type={onSubmit ? 'button' : 'submit'} onPress={onSubmit} isPending={isPending}>
        {isPending ? pendingLabel : submitLabel}
      </Button>
    </FormActions>
  );
}
