import { Outlet } from 'react-router';
import { ROUTE_ACCESS, type RoleName } from '../../contract/access';
import { useSessionState } from '../../lib/session';
import { AccessDeniedPage } from './AccessDeniedPage';

/** Guards a route by role (docs/requirements.md#screens and #roles): the page itself is never rendered for other roles. */
export function RequireRole({ route }: { route: keyof typeof ROUTE_ACCESS }) {
  const state = useSessionState();
  const allowed: readonly RoleName[] = ROUTE_ACCESS[route];
  if (state.status !== 'authenticated' || !allowed.includes(state.user.role.name))
    return <AccessDeniedPage />;
  return <Outlet />;
}
