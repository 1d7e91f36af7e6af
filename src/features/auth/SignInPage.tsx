import { useState, type FormEvent } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { loginRequestSchema } from '../../contract/auth';
import { PRODUCT_TITLE } from '../../contract/constants';
import { MESSAGES } from '../../contract/errors';
import { SIGN_IN_TEXTS } from '../../contract/ui-texts';
import { ApiError } from '../../lib/api';
import { safeNextPath } from '../../lib/routing/next-path';
import { useSession, useSessionState } from '../../lib/session';
import { Button } from '../../ui/Button';
import { ErrorBanner } from '../../ui/ErrorBanner';
import { Form } from '../../ui/Form';
import { LoadingState } from '../../ui/LoadingState';
import { useDocumentTitle } from '../../ui/PageHeader';
import { TextField } from '../../ui/TextField';
import { fieldErrorsOf } from '../../contract/errors';
import * as styles from './SignInPage.css';

/** The sign-in screen of docs/requirements.md#sign-in, with the login error catalogue of docs/requirements.md#error-texts. */
export function SignInPage() {
  const state = useSessionState();
  const session = useSession();
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  useDocumentTitle(SIGN_IN_TEXTS.heading);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  // Why the last session ended (token expired) is shown until the user starts typing.
  const [isReasonDismissed, setReasonDismissed] = useState(false);

  if (state.status === 'loading') {
    return (
      <div className={styles.page}>
        <LoadingState label={SIGN_IN_TEXTS.checking} />
      </div>
    );
  }
  if (state.status === 'authenticated')
    return <Navigate to={safeNextPath(searchParams.get('next'))} replace />;

  const shownError = error ?? (isReasonDismissed ? null : (state.reason ?? null));

  const clearErrors = (field?: string) => {
    setError(null);
    setReasonDismissed(true);
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
      await session.login(parsed.data);
      // Success re-renders this screen as authenticated, which sends the user on to `next` (or '/').
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : MESSAGES.loginFailed);
      setSubmitting(false);
    }
  };

  return (
    <div className={styles.page}>
      <span className={styles.product}>{PRODUCT_TITLE}</span>
      <main className={styles.card} aria-labelledby="sign-in-title">
        <div className={styles.heading}>
          <h1 id="sign-in-title" className={styles.title}>
            {SIGN_IN_TEXTS.heading}
          </h1>
          <p className={styles.subtitle}>{SIGN_IN_TEXTS.subtitle}</p>
        </div>
        {shownError && <ErrorBanner message={shownError} />}
        <Form onSubmit={handleSubmit} validationErrors={fieldErrors} aria-labelledby="sign-in-title">
          <TextField
            label={SIGN_IN_TEXTS.emailLabel}
            name="email"
            type="email"
            autoComplete="username"
            isRequired
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
      </main>
    </div>
  );
}
