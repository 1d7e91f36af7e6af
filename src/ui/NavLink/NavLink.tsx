import type { ReactNode } from 'react';
import { Link } from 'react-aria-components';
import * as styles from './NavLink.css';

export interface NavLinkProps {
  href: string;
  /** Whether this link is the page being shown; marked with `aria-current="page"`. */
  isCurrent?: boolean;
  children: ReactNode;
  /** Called as the link is followed (a menu closing behind it). */
  onPress?: () => void;
}

/**
 * A navigation link. It navigates through react-aria's RouterProvider when the app sets one,
 * so the kit stays free of any particular router.
 */
export function NavLink({ href, isCurrent = false, children, onPress }: NavLinkProps) {
  return (
    <Link href={href} className={styles.link} aria-current={isCurrent ? 'page' : undefined} onPress={onPress}>
      {children}
    </Link>
  );
}

/** The list that holds the navigation links, one item each. */
export function NavList({ children }: { children: ReactNode }) {
  return <ul className={styles.list}>{children}</ul>;
}
