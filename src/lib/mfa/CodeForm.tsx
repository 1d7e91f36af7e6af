import { useState, type FormEvent } from 'react';
import { mfaCodeSchema } from '../../contract/sign-in';
import { ApiError } from '../api';
import { Button } from '../../ui/Button';
import { ErrorBanner } from '../../ui/ErrorBanner';
import { Form } from '../../ui/Form';
import { TextField } from '../../ui/TextField';
import * as styles from './mfa.css';

/**
 * One code and its button: the sign-in's second step and the first code of a new authenticator. A refusal the server
 * ties to the input (a 400) is said on the field, anything else (a wrong code at sign-in, an expired sign-in, the
 * network) in the banner; editing the code clears both.
 */
export function CodeForm({
  label,
  description,
  submitLabel,
  pendingLabel,
  autoFocus = false,
  onSubmit,
  'aria-labelledby': labelledBy,
}: {
  label: string;
  description?: string;
  submitLabel: string;
  pendingLabel: string;
  autoFocus?: boolean;
  /** Sends the code; a rejection's message is shown. */
  onSubmit: (code: string) => Promise<void>;
  'aria-labelledby'?: string;
}) {
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
      await onSubmit(parsed.data);
    } catch (caught) {
      setSubmitting(false);
      const message = caught instanceof Error ? caught.message : String(caught);
      if (caught instanceof ApiError && caught.status === 400) setFieldErrors({ code: message });
      else setError(message);
    }
  };

  return (
    <>
      {error && <ErrorBanner message={error} />}
      <Form onSubmit={handleSubmit} validationErrors={fieldErrors} aria-labelledby={labelledBy}>
        <TextField
          label={label}
          description={description}
          name="code"
          value={code}
          onChange={(value) => {
            setCode(value);
            setFieldErrors({});
            setError(null);
          }}
          autoComplete="one-time-code"
          autoFocus={autoFocus}
          isRequired
        />
        <div className={styles.submitRow}>
          <Button type="submit" isPending={isSubmitting}>
            {isSubmitting ? pendingLabel : submitLabel}
          </Button>
        </div>
      </Form>
    </>
  );
}
