import type { ReactNode } from 'react';
import type { ButtonProps } from '../Button';
import * as styles from '../Button/Button.css';

export interface PlainButtonProps extends Pick<ButtonProps, 'variant' | 'size'> {
  children: ReactNode;
  onPress: () => void;
  /** Ignores presses but keeps its place in the Tab order and its focus, as `Button`'s does. */
  isPending?: boolean;
  isDisabled?: boolean;
  'aria-label'?: string;
}

/**
 * A button for places that draw it many times over, like each row of a `PlainTable`: the browser's own button, dressed
 * and behaving as `Button` (presses by pointer, Enter and Space; pending and disabled the same way), at a fraction of
 * react-aria's cost. A hundred react-aria buttons were 150 ms of the dashboard's blocking time on a phone
 * (docs/performance.md). It does not take part in react-aria's slots, so dialogs keep `Button`.
 */
export function PlainButton({
  variant = 'primary',
  size = 'md',
  children,
  onPress,
  isPending = false,
  isDisabled = false,
  'aria-label': ariaLabel,
}: PlainButtonProps) {
  return (
    <button
      type="button"
      className={styles.button}
      data-plain=""
      data-variant={variant}
      data-size={size}
      data-pending={isPending || undefined}
      data-disabled={isDisabled || undefined}
      aria-label={ariaLabel}
      aria-disabled={isPending || undefined}
      disabled={isDisabled}
      onClick={() => {
        if (!isPending) onPress();
      }}
    >
      {children}
    </button>
  );
}
