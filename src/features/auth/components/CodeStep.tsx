import { useState, type FormEvent } from 'react';
import { mfaCodeSchema } from '../../../contract/sign-in';
import { MFA_SIGN_IN_TEXTS } from '../../../contract/texts/sign-in';
import { ApiError } from '../../../lib/api';
import { useApi, useSession } from '../../../lib/session';
import { Button } from '../../../ui/Button';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { Form } from '../../../ui/Form';
import { TextField } from '../../../ui/TextField';
import { completeMfaSignIn } from '../api/complete-mfa-sign-in';
import * as styles from '../SignInPage.css';

/** The second step for an account with two-factor codes: the app's code, or a recovery code. */
export function CodeStep({ mfaToken, onBack }: { mfaToken: string; onBack: () => void }) {
  const api = useApi();
  const session = useSession();
  const [code, setCode] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    const parsed = mfaCodeSchema.safeParse(code);
    if (!parsed.success) {
      setFieldErrors({ code: parsed.error.issues[0]?.message ?? '' });
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      // Signed in: the page re-renders as authenticated and sends the user on.
      session.begin(await completeMfaSignIn(api, { mfaToken, code: parsed.data }));
    } catch (caught) {
      setSubmitting(false);
      setError(caught instanceof ApiError ? caught.message : String(caught));
    }
  };

  return (
    <>
      {error && <ErrorBanner message={error} />}
      <Form onSubmit={handleSubmit} validationErrors={fieldErrors} aria-labelledby="sign-in-title">
        <TextField
          label={MFA_SIGN_IN_TEXTS.codeLabel}
          name="code"
          value={code}
          onChange={(value) => {
            setCode(value);
            setFieldErrors({});
            setError(null);
          }}
          autoComplete="one-time-code"
          autoFocus
          isRequired
        />
        <div className={styles.submitRow}>
          <Button type="submit" isPending={isSubmitting}>
            {isSubmitting ? MFA_SIGN_IN_TEXTS.submitting : MFA_SIGN_IN_TEXTS.submit}
          </Button>
        </div>
      </Form>
      <div className={styles.backRow}>
        <Button variant="ghost" size="sm" onPress={onBack}>
          {MFA_SIGN_IN_TEXTS.back}
        </Button>
      </div>
    </>
  );
}
