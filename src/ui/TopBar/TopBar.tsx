import { lazy, Suspense, useId, useRef, useState, type ReactNode } from 'react';
import {
  Button as AriaButton,
  Link as AriaLink,
  type ButtonProps as AriaButtonProps,
  type LinkProps as AriaLinkProps,
} from 'react-aria-components';
import { Icon } from '../Icon';
import * as styles from './TopBar.css';

const loadMenuPopover = () => import('./TopBarMenuPopover');
const TopBarMenuPopover = lazy(loadMenuPopover);

export interface TopBarProps {
  /** The product title (docs/requirements.md#product). */
  title: string;
  /** Before the title, shown only below the sidebar's width: the button that opens the navigation drawer. */
  navigationButton?: ReactNode;
  /** After the title: the search field. */
  search?: ReactNode;
  /** The signed-in user's name. */
  userName?: string;
  /** Shown after the name, e.g. a RoleBadge. */
  userBadge?: ReactNode;
  /** Controls at the end of the bar (theme, Account, Logout). */
  actions?: ReactNode;
  /**
   * What the account menu opens below 768 px (src/ui/styles/breakpoints.ts), where the user's area leaves the bar:
   * the user and their actions. `close` closes it (after a link is followed).
   */
  accountMenu?: (close: () => void) => ReactNode;
  /** The account menu button's accessible name. */
  accountMenuLabel?: string;
}

/**
 * The bar across the top of every console page (docs/requirements.md#product): the title, the search, the signed-in
 * user's name and role and their controls, on one line at every width. From 768 px it holds all of them; narrower,
 * the user's area moves into an account menu.
 */
export function TopBar({
  title,
  navigationButton,
  search,
  userName,
  userBadge,
  actions,
  accountMenu,
  accountMenuLabel = 'Account menu',
}: TopBarProps) {
  return (
    <header className={styles.bar}>
      {navigationButton && <div className={styles.navigationButton}>{navigationButton}</div>}
      <span className={styles.title}>{title}</span>
      {search && <div className={styles.search}>{search}</div>}
      <div className={styles.userArea}>
        {userName && <span className={styles.userName}>{userName}</span>}
        {userBadge}
        {actions}
      </div>
      {accountMenu && <MenuButton label={accountMenuLabel} menu={accountMenu} />}
    </header>
  );
}

/**
 * The account menu button and, while open, its popover. The popover's code loads when the button is first pointed
 * at, focused or pressed, not with the console: no page needs it before then (docs/performance.md).
 */
function MenuButton({ label, menu }: { label: string; menu: (close: () => void) => ReactNode }) {
  const [isOpen, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const popoverId = useId();
  const preload = () => void loadMenuPopover();
  return (
    <>
      <AriaButton
        ref={triggerRef}
        className={`${styles.iconButton} ${styles.menuButton}`}
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        aria-controls={isOpen ? popoverId : undefined}
        onHoverStart={preload}
        onFocus={preload}
        onPress={() => setOpen(!isOpen)}
      >
        <Icon name="user" size={18} />
      </AriaButton>
      {isOpen && (
        <Suspense fallback={null}>
          <TopBarMenuPopover
            id={popoverId}
            triggerRef={triggerRef}
            label={label}
            onClose={() => setOpen(false)}
          >
            {menu}
          </TopBarMenuPopover>
        </Suspense>
      )}
    </>
  );
}

/** A button styled for the dark top bar. */
export function TopBarButton(props: Omit<AriaButtonProps, 'className' | 'style'>) {
  return <AriaButton {...props} className={styles.barButton} />;
}

/** A square button for the bar holding an icon only (the drawer's); `aria-label` is required. */
export function TopBarIconButton(
  props: Omit<AriaButtonProps, 'className' | 'style'> & { 'aria-label': string },
) {
  return <AriaButton {...props} className={styles.iconButton} />;
}

/** A link styled like TopBarButton (the Account page); `aria-current` marks it while its page is open. */
export function TopBarLink(props: Omit<AriaLinkProps, 'className' | 'style'>) {
  return <AriaLink {...props} className={styles.barButton} />;
}

/** A titled group of the account menu (the user's area). */
export function TopBarMenuSection({ title, children }: { title?: ReactNode; children: ReactNode }) {
  return (
    <section className={styles.menuSection}>
      {title && <h2 className={styles.menuSectionTitle}>{title}</h2>}
      {children}
    </section>
  );
}
