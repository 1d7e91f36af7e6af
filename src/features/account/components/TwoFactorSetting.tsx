import { useId, useState } from 'react';
import { MFA_ACCOUNT_TEXTS as TEXTS } from '../../../contract/texts/sign-in';
import { formatDate } from '../../../lib/format/dates';
import { LoadFailedBanner } from '../../../lib/lists/LoadFailedBanner';
import { Button, LoadingState, Modal } from '../../../ui';
import { useMfaStatus } from '../api/get-mfa-status';
import * as styles from '../AccountPage.css';
import { SetUpTwoFactor, TurnOffTwoFactor } from './TwoFactorDialogs';

/**
 * The user's own two-factor sign-in (docs/sign-in.md): whether it is on, and the way to set it up or turn
 * it off (not while the owners require it). Accounts made by single sign-on have no password, so no codes here.
 */
export function TwoFactorSetting() {
  const headingId = useId();
  const status = useMfaStatus();
  const [dialog, setDialog] = useState<'setup' | 'off' | null>(null);
  const data = status.data;
  const closeDialog = () => setDialog(null);

  const summary = data?.enabled
    ? [
        TEXTS.on(formatDate(data.enabledAt ?? 0)),
        TEXTS.recoveryLeft(data.recoveryCodesLeft),
        ...(data.required ? [TEXTS.required] : []),
      ].join(' · ')
    : data && [TEXTS.off, ...(data.required ? [TEXTS.required] : [])].join(' · ');

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <div className={styles.panelHeader}>
        <div className={styles.panelIntro}>
          <h2 id={headingId} className={styles.panelTitle}>
            {TEXTS.heading}
          </h2>
          <p className={styles.hint}>{data && !data.available ? TEXTS.ssoOnly : TEXTS.description}</p>
          {data?.available && <p data-testid="mfa-summary">{summary}</p>}
        </div>
        {data?.available && !data.enabled && (
          <Button onPress={() => setDialog('setup')}>{TEXTS.setUp}</Button>
        )}
        {data?.available && data.enabled && !data.required && (
          <Button variant="secondary" onPress={() => setDialog('off')}>
            {TEXTS.turnOff}
          </Button>
        )}
      </div>
      <LoadFailedBanner error={status.error} onRetry={() => status.mutate()} />
      {status.isLoading && <LoadingState label={TEXTS.heading} size="inline" />}
      <Modal
        title={TEXTS.setUpTitle}
        isOpen={dialog === 'setup'}
        onOpenChange={(isOpen) => !isOpen && closeDialog()}
      >
        <SetUpTwoFactor close={closeDialog} />
      </Modal>
      <Modal
        title={TEXTS.turnOffTitle}
        isOpen={dialog === 'off'}
        onOpenChange={(isOpen) => !isOpen && closeDialog()}
      >
        <TurnOffTwoFactor close={closeDialog} />
      </Modal>
    </section>
  );
}
