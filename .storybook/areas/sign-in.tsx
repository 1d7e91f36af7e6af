import { BesideDashboard } from '../story-helpers';
import { SignInPage } from '../../src/features/auth/SignInPage';

/**
 * What the sign-in story files render: the sign-in route plus a stand-in for '/' (`DASHBOARD_REACHED`), so a story
 * can see where the user was sent.
 */
export function SignInRoute() {
  return <BesideDashboard path="/login" page={<SignInPage />} />;
}
