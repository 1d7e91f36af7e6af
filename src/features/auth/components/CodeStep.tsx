import { MFA_SIGN_IN_TEXTS } from '../../../contract/texts/sign-in';
import { CodeForm } from '../../../lib/mfa';
import { useApi, useSession } from '../../../lib/session';
import { completeMfaSignIn } from '../api/complete-mfa-sign-in';
import { BackToPassword } from './BackToPassword';
import { SignInFrame } from './SignInFrame';

/** The second step for an account with two-factor codes, in its card: the app's code, or a recovery code. */
export function CodeStep({ mfaToken, onBack }: { mfaToken: string; onBack: () => void }) {
  const api = useApi();
  const session = useSession();
  return (
    <SignInFrame title={MFA_SIGN_IN_TEXTS.heading} subtitle={MFA_SIGN_IN_TEXTS.subtitle}>
      <CodeForm
        label={MFA_SIGN_IN_TEXTS.codeLabel}
        submitLabel={MFA_SIGN_IN_TEXTS.submit}
        pendingLabel={MFA_SIGN_IN_TEXTS.submitting}
        autoFocus
        aria-labelledby="sign-in-title"
        // Signed in: the page re-renders as authenticated and sends the user on.
        onSubmit={async (code) => session.begin(await completeMfaSignIn(api, { mfaToken, code }))}
      />
      <BackToPassword onBack={onBack} />
    </SignInFrame>
  );
}
