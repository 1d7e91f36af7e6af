import { useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { PRODUCT_TITLE } from '../../contract/constants';
import { ROUTE_ACCESS, type RoleName } from '../../contract/access';
import { LAYOUT_TEXTS, NAV_ITEMS } from '../../contract/texts/shell';
import { NavLink, NavList } from '../../ui/NavLink';
import { RoleBadge } from '../../ui/RoleBadge';
import { ThemeSwitch } from '../../ui/ThemeSwitch';
import { TopBar, TopBarButton, TopBarLink, TopBarMenuSection } from '../../ui/TopBar';
import { useSession, useSessionState } from '../../lib/session';
import * as styles from './AppLayout.css';

/** Whether `pathname` is the page of a navigation item (the dashboard only at `/` itself). */
function isCurrentPath(itemPath: string, pathname: string): boolean {
  return itemPath === '/' ? pathname === '/' : pathname === itemPath || pathname.startsWith(`${itemPath}/`);
}

type NavGroup = (typeof NAV_ITEMS)[number]['group'];

/** The navigation items a role may open, of one group or all. */
const navItemsFor = (role: RoleName, group?: NavGroup) =>
  NAV_ITEMS.filter(
    (item) =>
      (group === undefined || item.group === group) &&
      (ROUTE_ACCESS[item.path] as readonly RoleName[]).includes(role),
  );

function NavItems({ items, onNavigate }: { items: ReturnType<typeof navItemsFor>; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return (
    <NavList>
      {items.map((item) => (
        <li key={item.path} data-group={item.group}>
          <NavLink href={item.path} isCurrent={isCurrentPath(item.path, pathname)} onPress={onNavigate}>
            {item.label}
          </NavLink>
        </li>
      ))}
    </NavList>
  );
}

function MainNavigation({ role }: { role: RoleName }) {
  return (
    <nav aria-label={LAYOUT_TEXTS.mainNavigation}>
      <NavItems items={navItemsFor(role)} />
    </nav>
  );
}

/** The theme switch, the Account link and Logout: on the bar at full width, in its Menu when narrower. */
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

/** The authenticated frame: top bar with navigation, user and account actions, then the page. */
export function AppLayout() {
  const state = useSessionState();
  if (state.status !== 'authenticated') return null;
  const { user } = state;

  return (
    <div className={styles.shell}>
      <a href="#main-content" className={styles.skipLink}>
        Skip to content
      </a>
      <TopBar
        title={PRODUCT_TITLE}
        navigation={<MainNavigation role={user.role.name} />}
        userName={user.name}
        userBadge={<RoleBadge role={user.role.name} />}
        actions={<AccountActions />}
        menuLabel={LAYOUT_TEXTS.menu}
        menu={(close) => (
          <>
            <nav aria-label={LAYOUT_TEXTS.menu} className={styles.menuNavigation}>
              {(['main', 'admin'] as const).map((group) => {
                const items = navItemsFor(user.role.name, group);
                return items.length === 0 ? null : (
                  <TopBarMenuSection key={group} group={group} title={LAYOUT_TEXTS.navGroups[group]}>
                    <NavItems items={items} onNavigate={close} />
                  </TopBarMenuSection>
                );
              })}
            </nav>
            <TopBarMenuSection
              title={
                <span className={styles.menuUser}>
                  {user.name} <RoleBadge role={user.role.name} />
                </span>
              }
            >
              <AccountActions onNavigate={close} />
            </TopBarMenuSection>
          </>
        )}
      />
      <main id="main-content" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
