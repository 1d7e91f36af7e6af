import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import type { MfaChallenge } from '../../contract/auth';
import { SSO_FAILURE_PARAM, SSO_FAILURES, type SsoFailure } from '../../contract/sign-in';
import { SIGN_IN_TEXTS } from '../../contract/ui-texts';
import { MFA_SIGN_IN_TEXTS, SSO_FAILURE_TEXTS } from '../../contract/texts/sign-in';
import { safeNextPath } from '../../lib/routing/next-path';
import { useSessionState } from '../../lib/session';
import { LoadingState } from '../../ui/LoadingState';
import { useSignInMethods } from './api/get-sign-in-methods';
import { CodeStep } from './components/CodeStep';
import { EnrolStep } from './components/EnrolStep';
import { PasswordStep } from './components/PasswordStep';
import { SignInFrame } from './components/SignInFrame';
import * as styles from './SignInPage.css';

/** The single sign-on failure the server sent the user back with (`/login?sso=…`), in plain words. */
function ssoFailureOf(searchParams: URLSearchParams): string | null {
  const reason = searchParams.get(SSO_FAILURE_PARAM);
  return reason && (SSO_FAILURES as readonly string[]).includes(reason)
    ? SSO_FAILURE_TEXTS[reason as SsoFailure]
    : null;
}

/**
 * The sign-in screen of docs/requirements.md#sign-in, with the login error catalogue of
 * docs/requirements.md#error-texts, single sign-on and the two-factor step of docs/sign-in.md.
 */
export function SignInPage() {
  const state = useSessionState();
  const [searchParams] = useSearchParams();
  const methods = useSignInMethods();
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);
  const [isEnrolled, setEnrolled] = useState(false);

  // An enrolment at sign-in shows its recovery codes before the session is taken up, so it is never redirected away.
  if (state.status === 'authenticated')
    return <Navigate to={safeNextPath(searchParams.get('next'))} replace />;
  if (state.status === 'loading') {
    return (
      <div className={styles.page}>
        <LoadingState label={SIGN_IN_TEXTS.checking} />
      </div>
    );
  }

  const back = () => {
    setChallenge(null);
    setEnrolled(false);
  };
  if (challenge && 'mfaRequired' in challenge) {
    return (
      <SignInFrame title={MFA_SIGN_IN_TEXTS.heading} subtitle={MFA_SIGN_IN_TEXTS.subtitle}>
        <CodeStep mfaToken={challenge.mfaToken} onBack={back} />
      </SignInFrame>
    );
  }
  if (challenge) {
    return (
      <SignInFrame
        title={isEnrolled ? MFA_SIGN_IN_TEXTS.savedHeading : MFA_SIGN_IN_TEXTS.enrolHeading}
        subtitle={MFA_SIGN_IN_TEXTS.enrolSubtitle}
      >
        <EnrolStep mfaToken={challenge.mfaToken} onBack={back} onSaved={() => setEnrolled(true)} />
      </SignInFrame>
    );
  }
  return (
    <SignInFrame title={SIGN_IN_TEXTS.heading} subtitle={SIGN_IN_TEXTS.subtitle}>
      {methods ? (
        <PasswordStep
          methods={methods}
          next={safeNextPath(searchParams.get('next'))}
          notice={ssoFailureOf(searchParams) ?? state.reason ?? null}
          onChallenge={setChallenge}
        />
      ) : (
        // The card shows at once; only the form waits for the ways to sign in, so a server with password sign-in
        // off never flashes a form it folds away (issue 23: the card was the page's largest paint, a round trip
        // later than it needs to be).
        <div className={styles.methodsPending}>
          <LoadingState label={SIGN_IN_TEXTS.loadingMethods} />
        </div>
      )}
    </SignInFrame>
  );
}
