import { Button, type ButtonVariant } from '../Button';

/** One button of a table row: the action it stands for, its label and look, and whether it waits. */
export interface RowAction<A extends string> {
  action: A;
  label: string;
  /** 'secondary' unless said otherwise; 'destructive' for deletes. */
  variant?: ButtonVariant;
  /** The row's change is on its way: the button shows it and ignores presses. */
  isPending?: boolean;
  isDisabled?: boolean;
}

/** A row's buttons for the DataTable's `rowActions`, small and in the given order; a press calls `onAction`. */
export function RowActions<A extends string>({
  actions,
  onAction,
}: {
  actions: readonly RowAction<A>[];
  onAction: (action: A) => void;
}) {
  return actions.map(({ action, label, variant = 'secondary', isPending, isDisabled }) => (
    <Button
      key={action}
      size="sm"
      variant={variant}
      isPending={isPending}
      isDisabled={isDisabled}
      onPress={() => onAction(action)}
    >
      {label}
    </Button>
  ));
}
