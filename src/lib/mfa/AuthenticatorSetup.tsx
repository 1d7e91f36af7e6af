import { useState, type FormEvent } from 'react';
import { mfaCodeSchema, type MfaEnrolment } from '../../contract/sign-in';
import { AUTHENTICATOR_TEXTS } from '../../contract/texts/sign-in';
import { ApiError } from '../api';
import { Button } from '../../ui/Button';
import { ErrorBanner } from '../../ui/ErrorBanner';
import { Form } from '../../ui/Form';
import { TextField } from '../../ui/TextField';
import { QrCode } from './QrCode';
import * as styles from './mfa.css';

/** The key in groups of four, as authenticator apps show and ask for it. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Adding an authenticator: the QR code, the same key as text for typing by hand, and the first code, which proves the
 * app holds the key before two-factor sign-in is turned on. Used at a sign-in the owners' rule holds back and on the
 * Account page alike.
 */
export function AuthenticatorSetup({
  enrolment,
  onConfirm,
  submitLabel = AUTHENTICATOR_TEXTS.confirm,
}: {
  enrolment: MfaEnrolment;
  /** Sends the code; a rejection's message is shown on the field. */
  onConfirm: (code: string) => Promise<void>;
  submitLabel?: string;
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
      await onConfirm(parsed.data);
    } catch (caught) {
      setSubmitting(false);
      const message = caught instanceof Error ? caught.message : String(caught);
      // A wrong code belongs to its field; anything else (the network, an expired sign-in) to the banner.
      if (caught instanceof ApiError && caught.status === 400) setFieldErrors({ code: message });
      else setError(message);
    }
  };

  return (
    <div className={styles.setup}>
      <p className={styles.hint}>{AUTHENTICATOR_TEXTS.scan}</p>
      <QrCode value={enrolment.otpauthUri} />
      <div className={styles.secretBlock}>
        <span className={styles.label}>{AUTHENTICATOR_TEXTS.secretLabel}</span>
        <p className={styles.secret} data-testid="authenticator-secret">
          {grouped(enrolment.secret)}
        </p>
      </div>
      {error && <ErrorBanner message={error} />}
      <Form onSubmit={handleSubmit} validationErrors={fieldErrors}>
        <TextField
          label={AUTHENTICATOR_TEXTS.codeLabel}
          description={AUTHENTICATOR_TEXTS.codeHint}
          name="code"
          value={code}
          onChange={(value) => {
            setCode(value);
            setFieldErrors({});
            setError(null);
          }}
          inputMode="numeric"
          autoComplete="one-time-code"
          isRequired
        />
        <Button type="submit" isPending={isSubmitting}>
          {isSubmitting ? AUTHENTICATOR_TEXTS.confirming : submitLabel}
        </Button>
      </Form>
    </div>
  );
}
