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
 * the user's area, move into a Menu, so it stays one line at every width.
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
      {menu && <MenuButton label={menuLabel} menu={menu} />}
    </header>
  );
}

/**
 * The Menu button and, while open, its popover. The popover's code loads when the button is first pointed at,
 * focused or pressed, not with the console: no page needs it before then, and it would add a fifth to the first
 * screen's JavaScript (docs/performance.md).
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
        className={`${styles.barButton} ${styles.menuButton}`}
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        aria-controls={isOpen ? popoverId : undefined}
        onHoverStart={preload}
        onFocus={preload}
        onPress={() => setOpen(!isOpen)}
      >
        <Icon name="menu" />
        {label}
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
