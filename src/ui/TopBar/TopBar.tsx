import type { ReactNode } from 'react';
import {
  Button as AriaButton,
  Dialog,
  DialogTrigger,
  Link as AriaLink,
  Popover,
  type ButtonProps as AriaButtonProps,
  type LinkProps as AriaLinkProps,
} from 'react-aria-components';
import { Icon } from '../Icon';
import * as styles from './TopBar.css';

export interface TopBarProps {
  /** The product title (docs/requirements.md#product). */
  title: string;
  /** The main navigation, usually a `nav` with NavLinks (`data-group="admin"` items leave it first). */
  navigation?: ReactNode;
  /** The signed-in user's name. */
  userName?: string;
  /** Shown after the name, e.g. a RoleBadge. */
  userBadge?: ReactNode;
  /** Buttons at the end of the bar (Change password, Logout). */
  actions?: ReactNode;
  /**
   * What the Menu button opens where the bar is too narrow for everything (src/ui/styles/breakpoints.ts): the
   * pages the bar no longer shows, the user and their actions. `close` closes it (after a link is followed).
   */
  menu?: (close: () => void) => ReactNode;
  /** The Menu button's text. */
  menuLabel?: string;
}

/**
 * The bar across the top of every console page (docs/requirements.md#product). At full width it holds the title,
 * the navigation and the user's area on one line; narrower, the administration pages and then every page, with
 * the user's area, move into a Menu (issue 20), so it stays one line at every width.
 */
export function TopBar({
  title,
  navigation,
  userName,
  userBadge,
  actions,
  menu,
  menuLabel = 'Menu',
}: TopBarProps) {
  return (
    <header className={styles.bar}>
      <span className={styles.title}>{title}</span>
      <div className={styles.navigation}>{navigation}</div>
      <div className={styles.userArea}>
        {userName && <span className={styles.userName}>{userName}</span>}
        {userBadge}
        {actions}
      </div>
      {menu && (
        <DialogTrigger>
          <AriaButton className={`${styles.barButton} ${styles.menuButton}`}>
            <Icon name="menu" />
            {menuLabel}
          </AriaButton>
          <Popover className={styles.menuPopover} placement="bottom end" offset={8}>
            <Dialog className={styles.menuDialog} aria-label={menuLabel}>
              {({ close }) => menu(close)}
            </Dialog>
          </Popover>
        </DialogTrigger>
      )}
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

/** A titled group of the Menu (a navigation group, the user's area). */
export function TopBarMenuSection({
  title,
  children,
  group,
}: {
  title?: ReactNode;
  children: ReactNode;
  /** `main` sections are hidden while the bar itself still shows the main pages. */
  group?: 'main' | 'admin';
}) {
  return (
    <section className={styles.menuSection} data-group={group}>
      {title && <h2 className={styles.menuSectionTitle}>{title}</h2>}
      {children}
    </section>
  );
}
