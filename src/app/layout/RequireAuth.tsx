import { useDeferredValue } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LAYOUT_TEXTS } from '../../contract/texts/shell';
import { LoadingState } from '../../ui/LoadingState';
import { loginPathFor } from '../../lib/routing/next-path';
import { useSessionState } from '../../lib/session';
import * as styles from './AppLayout.css';

/**
 * The layout is reachable only when authenticated (docs/requirements.md#screens); meanwhile 'Authenticating...'.
 * Signed out, the sign-in page is told where the user was going, and returns there.
 */
export function RequireAuth() {
  // The session's answer mounts the whole signed-in page: rendered in a transition, React does it in slices and
  // the page stays responsive on a slow phone. 'Authenticating...' stays until it is ready. Only that
  // step waits: a session that ends redirects at once, before any navigation the sign-out itself makes.
  const current = useSessionState();
  const deferred = useDeferredValue(current);
  const state = current.status === 'authenticated' ? deferred : current;
  const location = useLocation();
  if (state.status === 'loading') {
    return (
      <div className={styles.fullPage}>
        <LoadingState label={LAYOUT_TEXTS.authenticating} />
      </div>
    );
  }
  if (state.status === 'unauthenticated') return <Navigate to={loginPathFor(location)} replace />;
  return <Outlet />;
}
