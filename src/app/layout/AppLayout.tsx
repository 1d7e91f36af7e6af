import { useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { PRODUCT_TITLE } from '../../contract/constants';
import { ROUTE_ACCESS, type RoleName } from '../../contract/access';
import { LAYOUT_TEXTS, NAV_ITEMS } from '../../contract/texts/shell';
import { SEARCH_LAUNCHER_TEXTS } from '../../contract/texts/search';
import { RoleBadge } from '../../ui/RoleBadge';
import { Icon } from '../../ui/Icon';
import { Sidebar, SidebarGroup, SidebarLink } from '../../ui/Sidebar';
import { ThemeSwitch } from '../../ui/ThemeSwitch';
import { TopBar, TopBarButton, TopBarIconButton, TopBarLink, TopBarMenuSection } from '../../ui/TopBar';
import { lazyDialog } from '../../lib/lazy/lazy-dialog';
import { useRememberListLocations } from '../../lib/routing/list-return';
import { useSession, useSessionState } from '../../lib/session';
import { isApplePlatform, SearchLauncher } from '../../features/search';
import { focusListSearch, GO_TO_KEYS, useShortcuts, type GoToKey } from './shortcuts';
import { useSidebarCollapsed } from './sidebar-preference';
import * as styles from './AppLayout.css';

const NavigationDrawer = lazyDialog(
  async () => (await import('./NavigationDrawer')).default,
  (props) => props.onClose(),
);
const ShortcutsDialog = lazyDialog(
  async () => (await import('./ShortcutsDialog')).default,
  (props) => props.onClose(),
);

/** Whether `pathname` is the page of a navigation item (the dashboard only at `/` itself). */
function isCurrentPath(itemPath: string, pathname: string): boolean {
  return itemPath === '/' ? pathname === '/' : pathname === itemPath || pathname.startsWith(`${itemPath}/`);
}

const mayOpen = (role: RoleName, path: string) =>
  (ROUTE_ACCESS[path as keyof typeof ROUTE_ACCESS] as readonly RoleName[] | undefined)?.includes(role) ??
  false;

/** The sidebar's groups and links: the pages the role may open, the current one marked. */
function NavigationGroups({ role, onNavigate }: { role: RoleName; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return (['main', 'admin'] as const).map((group) => {
    const items = NAV_ITEMS.filter((item) => item.group === group && mayOpen(role, item.path));
    return items.length === 0 ? null : (
      <SidebarGroup key={group} title={LAYOUT_TEXTS.navGroups[group]}>
        {items.map((item) => (
          <SidebarLink
            key={item.path}
            href={item.path}
            icon={item.icon}
            label={item.label}
            isCurrent={isCurrentPath(item.path, pathname)}
            onPress={onNavigate}
          />
        ))}
      </SidebarGroup>
    );
  });
}

/** The theme switch, the Account link and Logout: in the top bar from 768 px, in its account menu below. */
function AccountActions({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const session = useSession();
  const navigate = useNavigate();
  const [isLoggingOut, setLoggingOut] = useState(false);
  const handleLogout = async () => {
    setLoggingOut(true);
    await session.logout();
    await navigate('/login', { replace: true });
  };
  return (
    <>
      <ThemeSwitch />
      <TopBarLink
        href="/account"
        aria-current={pathname === '/account' ? 'page' : undefined}
        onPress={onNavigate}
      >
        {LAYOUT_TEXTS.account}
      </TopBarLink>
      <TopBarButton onPress={handleLogout} isPending={isLoggingOut}>
        {LAYOUT_TEXTS.logout}
      </TopBarButton>
    </>
  );
}

/**
 * The authenticated frame (docs/adr/0022-sidebar-shell.md): the top bar with the title, the search and the user,
 * the navigation beside the page (a drawer below 1024 px), and the keyboard shortcuts.
 */
export function AppLayout() {
  const state = useSessionState();
  const navigate = useNavigate();
  const [isCollapsed, toggleCollapsed] = useSidebarCollapsed();
  const [isDrawerOpen, setDrawerOpen] = useState(false);
  const [isShortcutsOpen, setShortcutsOpen] = useState(false);
  useRememberListLocations();
  const role = state.status === 'authenticated' ? state.user.role.name : null;
  const goToKeys = (Object.keys(GO_TO_KEYS) as GoToKey[]).filter(
    (key) => role !== null && mayOpen(role, GO_TO_KEYS[key]),
  );
  useShortcuts({
    showShortcuts: () => setShortcutsOpen(true),
    focusListSearch: () => void focusListSearch(),
    goTo: (key) => {
      if (goToKeys.includes(key)) void navigate(GO_TO_KEYS[key]);
    },
  });
  if (state.status !== 'authenticated') return null;
  const { user } = state;

  return (
    <div className={styles.shell}>
      <a href="#main-content" className={styles.skipLink}>
        {LAYOUT_TEXTS.skipToContent}
      </a>
      <TopBar
        title={PRODUCT_TITLE}
        navigationButton={
          <TopBarIconButton
            aria-label={LAYOUT_TEXTS.menu}
            aria-haspopup="dialog"
            aria-expanded={isDrawerOpen}
            onHoverStart={NavigationDrawer.preload}
            onFocus={NavigationDrawer.preload}
            onPress={() => setDrawerOpen(true)}
          >
            <Icon name="menu" size={18} />
          </TopBarIconButton>
        }
        search={<SearchLauncher />}
        userName={user.name}
        userBadge={<RoleBadge role={user.role.name} />}
        actions={<AccountActions />}
        accountMenuLabel={LAYOUT_TEXTS.accountMenu}
        accountMenu={(close) => (
          <TopBarMenuSection
            title={
              <span className={styles.menuUser}>
                {user.name} <RoleBadge role={user.role.name} />
              </span>
            }
          >
            <AccountActions onNavigate={close} />
          </TopBarMenuSection>
        )}
      />
      <div className={styles.body}>
        <div className={styles.sidebarColumn} data-collapsed={isCollapsed || undefined}>
          <Sidebar
            label={LAYOUT_TEXTS.mainNavigation}
            isCollapsed={isCollapsed}
            toggle={{
              onToggle: toggleCollapsed,
              collapseLabel: LAYOUT_TEXTS.collapseNavigation,
              expandLabel: LAYOUT_TEXTS.expandNavigation,
            }}
          >
            <NavigationGroups role={user.role.name} />
          </Sidebar>
        </div>
        <main id="main-content" className={styles.main} tabIndex={-1}>
          <Outlet />
        </main>
      </div>
      {isDrawerOpen && (
        <NavigationDrawer
          label={LAYOUT_TEXTS.menu}
          title={PRODUCT_TITLE}
          closeLabel={LAYOUT_TEXTS.closeNavigation}
          onClose={() => setDrawerOpen(false)}
        >
          {(close) => (
            <Sidebar label={LAYOUT_TEXTS.mainNavigation} className={styles.drawerSidebar}>
              <NavigationGroups role={user.role.name} onNavigate={close} />
            </Sidebar>
          )}
        </NavigationDrawer>
      )}
      {isShortcutsOpen && (
        <ShortcutsDialog
          onClose={() => setShortcutsOpen(false)}
          goToKeys={goToKeys}
          modifier={SEARCH_LAUNCHER_TEXTS.modifier[isApplePlatform() ? 'mac' : 'other']}
        />
      )}
    </div>
  );
}
