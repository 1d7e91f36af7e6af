import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import * as styles from './Button.css';
import type { ButtonVariant } from './Button.css';

export type { ButtonVariant };

export interface ButtonProps extends Omit<AriaButtonProps, 'className' | 'style'> {
  variant?: ButtonVariant;
  /** 'sm' for buttons inside table rows and toolbars. */
  size?: 'md' | 'sm';
}

/**
 * A react-aria button. While `isPending` it keeps focus but ignores presses; the caller passes
 * the busy label (e.g. 'Signing in...') as children so the text is the one the requirements name.
 */
export function Button({ variant = 'primary', size = 'md', ...props }: ButtonProps) {
  return <AriaButton {...props} data-variant={variant} data-size={size} className={styles.button} />;
}
