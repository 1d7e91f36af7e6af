import type { ReactNode } from 'react';
import type { ButtonProps } from '../Button';
import * as styles from '../Button/Button.css';

/**
 * A link that looks like a button, for a press that leaves the console: single sign-on goes to the server and on to
 * the identity provider as a whole-page navigation. A plain `<a>`, not react-aria's Link, which would hand a
 * same-origin address to the console's router instead of the browser. Its own module, so only the screens that use
 * it load it.
 */
export function LinkButton({
  href,
  variant = 'primary',
  size = 'md',
  children,
}: { href: string; children: ReactNode } & Pick<ButtonProps, 'variant' | 'size'>) {
  return (
    <a href={href} data-variant={variant} data-size={size} className={styles.button}>
      {children}
    </a>
  );
}
