import { ActionMenu } from '../ActionMenu';
import { Button } from '../Button';
import * as styles from './DataTable.css';

/** One button of a table row: the action it stands for, its label and look, and whether it waits. */
export interface RowAction<A extends string> {
  action: A;
  label: string;
  /**
   * 'secondary' unless said otherwise. Destructive actions stay secondary too: a row's Delete or Revoke
   * only opens a confirmation, whose button is the red one.
   */
  variant?: 'primary' | 'secondary' | 'ghost';
  /** The row's change is on its way: the button shows it and ignores presses. */
  isPending?: boolean;
  isDisabled?: boolean;
  /** Called when the pointer rests on the action or focus reaches it: the moment to load what it opens. */
  onPrepare?: () => void;
}

/** The action kept as a button when the others collapse into the menu: the first primary one, else the first. */
function primaryOf<A extends string>(actions: readonly RowAction<A>[]): RowAction<A> | undefined {
  return actions.find((action) => action.variant === 'primary') ?? actions[0];
}

function RowButton<A extends string>({
  action: { action, label, variant = 'secondary', isPending, isDisabled, onPrepare },
  onAction,
}: {
  action: RowAction<A>;
  onAction: (action: A) => void;
}) {
  return (
    <Button
      size="sm"
      variant={variant}
      isPending={isPending}
      isDisabled={isDisabled}
      onPress={() => onAction(action)}
      onHoverStart={onPrepare}
      onFocus={onPrepare}
    >
      {label}
    </Button>
  );
}

/**
 * A row's buttons for the DataTable's `rowActions`, small and in the given order; a press calls `onAction`. Where
 * the table is too narrow for them all (its container query, src/ui/styles/breakpoints.ts) only the primary one
 * stays a button and the others move into one "Actions" menu; both are rendered and the styles show one,
 * so the switch needs no measuring and screen readers meet only the one shown.
 */
export function RowActions<A extends string>({
  actions,
  onAction,
  menuLabel,
}: {
  actions: readonly RowAction<A>[];
  onAction: (action: A) => void;
  /** The collapsed menu's button, in the screen's words (its Actions column header). */
  menuLabel: string;
}) {
  const buttons = actions.map((action) => (
    <RowButton key={action.action} action={action} onAction={onAction} />
  ));
  // Two buttons take no more room than a button and a menu: they stay as they are.
  if (actions.length <= 2) return <span className={styles.actionButtons}>{buttons}</span>;
  const primary = primaryOf(actions);
  const rest = actions.filter((action) => action !== primary);
  const restPending = rest.some((action) => action.isPending);
  return (
    <>
      <span className={styles.inlineActions}>{buttons}</span>
      <span className={styles.collapsedActions}>
        {primary && <RowButton action={primary} onAction={onAction} />}
        <ActionMenu
          label={menuLabel}
          items={rest}
          onAction={onAction}
          isPending={restPending}
          isDisabled={!restPending && rest.every((action) => action.isDisabled)}
        />
      </span>
    </>
  );
}
