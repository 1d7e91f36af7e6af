import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import type { MfaChallenge } from '../../contract/auth';
import { SIGN_IN_TEXTS } from '../../contract/texts/shell';
import { safeNextPath } from '../../lib/routing/next-path';
import { useSessionState } from '../../lib/session';
import { LoadingState } from '../../ui/LoadingState';
import { MethodsPending } from './components/MethodsPending';
import { SignInFrame } from './components/SignInFrame';
import * as styles from './SignInPage.css';

// The steps' forms load after the card: they need the kit's fields and the contract's schemas (the `shared` chunk,
// 80 KB on a slow phone), and the card, the page's largest paint, needs neither. The page's own module
// imports nothing from that chunk, so the card shows as soon as this module has loaded.
const loadSteps = () => import('./components/sign-in-steps');
const PasswordSignIn = lazy(async () => ({ default: (await loadSteps()).PasswordSignIn }));
const CodeStep = lazy(async () => ({ default: (await loadSteps()).CodeStep }));
const EnrolStep = lazy(async () => ({ default: (await loadSteps()).EnrolStep }));

/**
 * Whether the card has been on screen for a frame. The forms' code is asked for only then: a phone on a slow network
 * would otherwise share its bandwidth between that code and the card's own font and styles.
 */
function useHasPainted(): boolean {
  const [hasPainted, setPainted] = useState(false);
  useEffect(() => {
    // The frame after the next: this effect may run before the card's first paint.
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => setPainted(true));
    });
    return () => cancelAnimationFrame(frame);
  }, []);
  return hasPainted;
}

/**
 * The sign-in screen of docs/requirements.md#sign-in, with the login error catalogue of
 * docs/requirements.md#error-texts, single sign-on and the two-factor step of docs/sign-in.md.
 */
export function SignInPage() {
  const state = useSessionState();
  const [searchParams] = useSearchParams();
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);
  const hasPainted = useHasPainted();

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

  const back = () => setChallenge(null);
  // The two-factor steps draw their own cards, titled by the step; their code is already here with the password
  // form's, and the password card stays until they are ready (the challenge is set in a transition).
  if (challenge) {
    return (
      <Suspense fallback={null}>
        {'mfaRequired' in challenge ? (
          <CodeStep mfaToken={challenge.mfaToken} onBack={back} />
        ) : (
          <EnrolStep mfaToken={challenge.mfaToken} onBack={back} />
        )}
      </Suspense>
    );
  }
  return (
    <SignInFrame title={SIGN_IN_TEXTS.heading} subtitle={SIGN_IN_TEXTS.subtitle}>
      <Suspense fallback={<MethodsPending />}>
        {hasPainted ? (
          <PasswordSignIn
            next={safeNextPath(searchParams.get('next'))}
            reason={state.reason ?? null}
            // A transition: the password form stays until the next step's form is ready to replace it.
            onChallenge={(next) => startTransition(() => setChallenge(next))}
          />
        ) : (
          <MethodsPending />
        )}
      </Suspense>
    </SignInFrame>
  );
}
