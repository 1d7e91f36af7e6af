import { useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { PRODUCT_TITLE } from '../../contract/constants';
import { ROUTE_ACCESS, type RoleName } from '../../contract/roles';
import { LAYOUT_TEXTS, NAV_ITEMS } from '../../contract/ui-texts';
import { NavLink, NavList } from '../../ui/NavLink';
import { RoleBadge } from '../../ui/RoleBadge';
import { ThemeSwitch } from '../../ui/ThemeSwitch';
import { TopBar, TopBarButton, TopBarLink } from '../../ui/TopBar';
import { useSession, useSessionState } from '../../lib/session';
import * as styles from './AppLayout.css';

/** Whether `pathname` is the page of a navigation item (the dashboard only at `/` itself). */
function isCurrentPath(itemPath: string, pathname: string): boolean {
  return itemPath === '/' ? pathname === '/' : pathname === itemPath || pathname.startsWith(`${itemPath}/`);
}

function MainNavigation({ role }: { role: RoleName }) {
  const { pathname } = useLocation();
  const items = NAV_ITEMS.filter((item) => (ROUTE_ACCESS[item.path] as readonly RoleName[]).includes(role));
  return (
    <nav aria-label={LAYOUT_TEXTS.mainNavigation}>
      <NavList>
        {items.map((item) => (
          <li key={item.path}>
            <NavLink href={item.path} isCurrent={isCurrentPath(item.path, pathname)}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </NavList>
    </nav>
  );
}

/** The authenticated frame: top bar with navigation, user and account actions, then the page. */
export function AppLayout() {
  const state = useSessionState();
  const { pathname } = useLocation();
  const session = useSession();
  const navigate = useNavigate();
  const [isLoggingOut, setLoggingOut] = useState(false);
  if (state.status !== 'authenticated') return null;
  const { user } = state;

  const handleLogout = async () => {
    setLoggingOut(true);
    await session.logout();
    await navigate('/login', { replace: true });
  };

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
        actions={
          <>
            <ThemeSwitch />
            <TopBarLink href="/account" aria-current={pathname === '/account' ? 'page' : undefined}>
              {LAYOUT_TEXTS.account}
            </TopBarLink>
            <TopBarButton onPress={handleLogout} isPending={isLoggingOut}>
              {LAYOUT_TEXTS.logout}
            </TopBarButton>
          </>
        }
      />
      <main id="main-content" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
