import { Link as AriaLink, type LinkProps as AriaLinkProps } from 'react-aria-components';
import type { ButtonProps } from '../Button';
import * as styles from '../Button/Button.css';
/**
 * A link that looks like a button (its own module, so the link's code loads only with the screens that use it), for a press that leaves the console (single sign-on goes to the identity
 * provider as a whole-page navigation, which a button's script cannot do as plainly).
 */
export function LinkButton({
  variant = 'primary',
  size = 'md',
  ...props
}: Omit<AriaLinkProps, 'className' | 'style'> & Pick<ButtonProps, 'variant' | 'size'>) {
  return <AriaLink {...props} data-variant={variant} data-size={size} className={styles.button} />;
}
