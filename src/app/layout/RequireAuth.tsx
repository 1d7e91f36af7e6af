import { Navigate, Outlet } from 'react-router';
import { LAYOUT_TEXTS } from '../../contract/ui-texts';
import { LoadingState } from '../../ui/LoadingState';
import { useSessionState } from '../../lib/session';
import * as styles from './AppLayout.css';

/** The layout is reachable only when authenticated (docs/requirements.md#screens); meanwhile 'Authenticating...'. */
export function RequireAuth() {
  const state = useSessionState();
  if (state.status === 'loading') {
    return (
      <div className={styles.fullPage}>
        <LoadingState label={LAYOUT_TEXTS.authenticating} />
      </div>
    );
  }
  if (state.status === 'unauthenticated') return <Navigate to="/login" replace />;
  return <Outlet />;
}
