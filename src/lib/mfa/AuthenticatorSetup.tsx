import type { MfaEnrolment } from '../../contract/sign-in';
import { AUTHENTICATOR_TEXTS } from '../../contract/texts/sign-in';
import { CodeForm } from './CodeForm';
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
}: {
  enrolment: MfaEnrolment;
  /** Sends the code; a rejection's message is shown. */
  onConfirm: (code: string) => Promise<void>;
}) {
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
      <CodeForm
        label={AUTHENTICATOR_TEXTS.codeLabel}
        description={AUTHENTICATOR_TEXTS.codeHint}
        submitLabel={AUTHENTICATOR_TEXTS.confirm}
        pendingLabel={AUTHENTICATOR_TEXTS.confirming}
        onSubmit={onConfirm}
      />
    </div>
  );
}
