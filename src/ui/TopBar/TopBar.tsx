import type { ReactNode } from 'react';
import {
  Button as AriaButton,
  Link as AriaLink,
  type ButtonProps as AriaButtonProps,
  type LinkProps as AriaLinkProps,
} from 'react-aria-components';
import * as styles from './TopBar.css';

export interface TopBarProps {
  /** The product title (docs/requirements.md#product). */
  title: string;
  /** The main navigation, usually a `nav` with NavLinks. */
  navigation?: ReactNode;
  /** The signed-in user's name. */
  userName?: string;
  /** Shown after the name, e.g. a RoleBadge. */
  userBadge?: ReactNode;
  /** Buttons at the end of the bar (Change password, Logout). */
  actions?: ReactNode;
}

/** The bar across the top of every console page (docs/requirements.md#product). */
export function TopBar({ title, navigation, userName, userBadge, actions }: TopBarProps) {
  return (
    <header className={styles.bar}>
      <span className={styles.title}>{title}</span>
      <div className={styles.navigation}>{navigation}</div>
      <div className={styles.userArea}>
        {userName && <span className={styles.userName}>{userName}</span>}
        {userBadge}
        {actions}
      </div>
    </header>
  );
}

/** A button styled for the dark top bar. */
export function TopBarButton(props: Omit<AriaButtonProps, 'className' | 'style'>) {
  return <AriaButton {...props} className={styles.barButton} />;
}

/** A link styled like TopBarButton (the Account page); `aria-current` marks it while its page is open. */
export function TopBarLink(props: Omit<AriaLinkProps, 'className' | 'style'>) {
  return <AriaLink {...props} className={styles.barButton} />;
}
