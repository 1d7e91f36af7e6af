import { useState, type FormEvent } from 'react';
import { loginRequestSchema, type MfaChallenge } from '../../../contract/auth';
import { DEFAULT_API_BASE } from '../../../contract/constants';
import { fieldErrorsOf, MESSAGES } from '../../../contract/errors';
import { SIGN_IN_TEXTS } from '../../../contract/ui-texts';
import { SSO_TEXTS } from '../../../contract/texts/sign-in';
import type { SignInMethods } from '../../../contract/sign-in';
import { ApiError } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { Button } from '../../../ui/Button';
import { LinkButton } from '../../../ui/LinkButton';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { Form } from '../../../ui/Form';
import { TextField } from '../../../ui/TextField';
import * as styles from '../SignInPage.css';

/** Where single sign-on starts: the server redirects to the provider and, once back, to `next`. */
const ssoStartPath = (next: string) => `${DEFAULT_API_BASE}/auth/oidc/start?next=${encodeURIComponent(next)}`;

/**
 * The first step: single sign-on when the server offers it, and the e-mail and password form (folded away behind the
 * owners' link when the owners turned password sign-in off for staff).
 */
export function PasswordStep({
  methods,
  next,
  notice,
  onChallenge,
}: {
  methods: SignInMethods;
  /** The path to open after signing in. */
  next: string;
  /** Why the user is here (an expired session, a single sign-on that did not complete), until they type. */
  notice: string | null;
  onChallenge: (challenge: MfaChallenge) => void;
}) {
  const session = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const [isNoticeDismissed, setNoticeDismissed] = useState(false);
  const [isPasswordShown, setPasswordShown] = useState(methods.password);
  const shownError = error ?? (isNoticeDismissed ? null : notice);

  const clearErrors = (field?: string) => {
    setError(null);
    setNoticeDismissed(true);
    if (field) setFieldErrors(({ [field]: _edited, ...rest }) => rest);
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    clearErrors();
    const parsed = loginRequestSchema.safeParse({ email, password });
    if (!parsed.success) {
      setFieldErrors(fieldErrorsOf(parsed.error.issues));
      return;
    }
    setFieldErrors({});
    setSubmitting(true);
    try {
      const challenge = await session.login(parsed.data);
      // Signed in: the page re-renders as authenticated and sends the user on to `next`.
      if (challenge) onChallenge(challenge);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : MESSAGES.loginFailed);
      setSubmitting(false);
    }
  };

  return (
    <>
      {shownError && <ErrorBanner message={shownError} />}
      {methods.sso && (
        <div className={styles.sso}>
          <LinkButton
            href={ssoStartPath(next)}
            variant={isPasswordShown && methods.password ? 'secondary' : 'primary'}
          >
            {SSO_TEXTS.signInWith(methods.sso.displayName)}
          </LinkButton>
          {methods.password && (
            <p className={styles.divider} aria-hidden="true">
              {SSO_TEXTS.or}
            </p>
          )}
        </div>
      )}
      {!isPasswordShown && (
        <Button variant="ghost" size="sm" onPress={() => setPasswordShown(true)}>
          {SSO_TEXTS.ownerPasswordToggle}
        </Button>
      )}
      {isPasswordShown && (
        <Form onSubmit={handleSubmit} validationErrors={fieldErrors} aria-labelledby="sign-in-title">
          {!methods.password && <p className={styles.subtitle}>{SSO_TEXTS.passwordOff}</p>}
          <TextField
            label={SIGN_IN_TEXTS.emailLabel}
            name="email"
            type="email"
            autoComplete="username"
            isRequired
            autoFocus={!methods.password}
            value={email}
            onChange={(value) => {
              setEmail(value);
              clearErrors('email');
            }}
          />
          <TextField
            label={SIGN_IN_TEXTS.passwordLabel}
            name="password"
            type="password"
            autoComplete="current-password"
            isRequired
            value={password}
            onChange={(value) => {
              setPassword(value);
              clearErrors('password');
            }}
          />
          <div className={styles.submitRow}>
            <Button type="submit" isPending={isSubmitting}>
              {isSubmitting ? SIGN_IN_TEXTS.submitting : SIGN_IN_TEXTS.submit}
            </Button>
          </div>
        </Form>
      )}
    </>
  );
}
