import { useEffect, useState, type ReactNode } from 'react';
import type { TokenSet } from '../../../contract/auth';
import type { MfaEnrolment } from '../../../contract/sign-in';
import { MFA_SIGN_IN_TEXTS } from '../../../contract/texts/sign-in';
import { AuthenticatorSetup, RecoveryCodes } from '../../../lib/mfa';
import { useApi, useSession } from '../../../lib/session';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { LoadingState } from '../../../ui/LoadingState';
import { completeMfaSignIn } from '../api/complete-mfa-sign-in';
import { startSignInEnrolment } from '../api/start-sign-in-enrolment';
import { BackToPassword } from './BackToPassword';
import { SignInFrame } from './SignInFrame';

type Stage =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'setup'; enrolment: MfaEnrolment }
  | { kind: 'codes'; tokens: TokenSet; recoveryCodes: string[] };

/**
 * The second step when the owners require two-factor codes and the account has none: add an authenticator, prove it
 * with a code, save the recovery codes, then enter the console (the session is taken up only then, so the codes are
 * not skipped by the redirect).
 */
export function EnrolStep({ mfaToken, onBack }: { mfaToken: string; onBack: () => void }) {
  const api = useApi();
  const session = useSession();
  const [stage, setStage] = useState<Stage>({ kind: 'loading' });

  useEffect(() => {
    let isCurrent = true;
    startSignInEnrolment(api, mfaToken).then(
      (enrolment) => isCurrent && setStage({ kind: 'setup', enrolment }),
      (caught: unknown) =>
        isCurrent &&
        setStage({
          kind: 'failed',
          message: caught instanceof Error ? caught.message : MFA_SIGN_IN_TEXTS.enrolFailed,
        }),
    );
    return () => {
      isCurrent = false;
    };
  }, [api, mfaToken]);

  // Once the enrolment is confirmed and the codes are on screen, the card says they are to be saved.
  const frame = (content: ReactNode) => (
    <SignInFrame
      title={stage.kind === 'codes' ? MFA_SIGN_IN_TEXTS.savedHeading : MFA_SIGN_IN_TEXTS.enrolHeading}
      subtitle={MFA_SIGN_IN_TEXTS.enrolSubtitle}
    >
      {content}
    </SignInFrame>
  );
  if (stage.kind === 'loading') return frame(<LoadingState label={MFA_SIGN_IN_TEXTS.enrolLoading} />);
  if (stage.kind === 'codes') {
    return frame(
      <RecoveryCodes
        codes={stage.recoveryCodes}
        doneLabel={MFA_SIGN_IN_TEXTS.continue}
        onDone={() => session.begin(stage.tokens)}
      />,
    );
  }
  return frame(
    <>
      {stage.kind === 'failed' && <ErrorBanner message={stage.message} />}
      {stage.kind === 'setup' && (
        <AuthenticatorSetup
          enrolment={stage.enrolment}
          onConfirm={async (code) => {
            const { recoveryCodes = [], ...tokens } = await completeMfaSignIn(api, { mfaToken, code });
            setStage({ kind: 'codes', tokens, recoveryCodes });
          }}
        />
      )}
      <BackToPassword onBack={onBack} />
    </>,
  );
}
