import { useSearchParams } from 'react-router';
import type { MfaChallenge } from '../../../contract/auth';
import { SSO_FAILURE_PARAM, SSO_FAILURES, type SsoFailure } from '../../../contract/sign-in';
import { SSO_FAILURE_TEXTS } from '../../../contract/texts/sign-in';
import { useSignInMethods } from '../api/get-sign-in-methods';
import { MethodsPending } from './MethodsPending';
import { PasswordStep } from './PasswordStep';

/** The single sign-on failure the server sent the user back with (`/login?sso=…`), in plain words. */
function ssoFailureOf(searchParams: URLSearchParams): string | null {
  const reason = searchParams.get(SSO_FAILURE_PARAM);
  return reason && (SSO_FAILURES as readonly string[]).includes(reason)
    ? SSO_FAILURE_TEXTS[reason as SsoFailure]
    : null;
}

/**
 * The first step: the password form, or single sign-on, as the server offers them. The card shows at once; only the
 * form waits for the ways to sign in, so a server with password sign-in off never flashes a form it folds away.
 */
export function PasswordSignIn({
  next,
  reason,
  onChallenge,
}: {
  next: string;
  /** Why the last session ended, when it did (the token-expired text). */
  reason: string | null;
  onChallenge: (challenge: MfaChallenge) => void;
}) {
  const [searchParams] = useSearchParams();
  const methods = useSignInMethods();
  if (!methods) return <MethodsPending />;
  return (
    <PasswordStep
      methods={methods}
      next={next}
      notice={ssoFailureOf(searchParams) ?? reason}
      onChallenge={onChallenge}
    />
  );
}
