import { useId, useState } from 'react';
import { MAIL_PANEL_TEXTS as TEXTS, MAIL_TOASTS as TOASTS } from '../../../contract/ui-texts';
import { LoadFailedBanner } from '../../../lib/lists/LoadFailedBanner';
import { naming, reportOutcome } from '../../../lib/toasts/outcome-toasts';
import { Button, layout, LoadingState, StatusBadge, useToast } from '../../../ui';
import { useMailStatus } from '../api/get-mail-status';
import { useSendTestEmail } from '../api/send-test-email';
import * as styles from '../WebhooksPage.css';

/**
 * Expiry reminders by e-mail (docs/mail.md), beside the webhooks they complement: whether the server can
 * send them (without SMTP_URL and MAIL_FROM it cannot, and the panel says what to set), and a test e-mail to the
 * caller's own address that proves the configuration.
 */
export function MailRemindersPanel() {
  const headingId = useId();
  const toast = useToast();
  const status = useMailStatus();
  const sendTest = useSendTestEmail();
  const [isSending, setSending] = useState(false);
  const mail = status.data;

  const send = async () => {
    setSending(true);
    await reportOutcome(toast, sendTest, {
      done: (to) => naming(TOASTS.testSent, to),
      failed: TOASTS.testFailed,
    });
    setSending(false);
  };

  return (
    <section className={layout.panel} aria-labelledby={headingId}>
      <div className={styles.panelHeader}>
        <h2 id={headingId} className={layout.panelTitle}>
          {TEXTS.heading}
        </h2>
        {mail && (
          <StatusBadge status={mail.enabled ? 'active' : 'inactive'}>
            {mail.enabled ? TEXTS.onBadge : TEXTS.offBadge}
          </StatusBadge>
        )}
      </div>
      <LoadFailedBanner error={status.error} onRetry={() => status.mutate()} />
      {status.isLoading && <LoadingState label={TEXTS.loading} size="inline" />}
      {mail && !mail.enabled && <p className={styles.hint}>{TEXTS.off}</p>}
      {mail?.enabled && (
        <>
          <p className={styles.hint}>{TEXTS.on(mail.reminderTime, mail.from ?? '')}</p>
          <div className={styles.testRow}>
            <Button variant="secondary" isPending={isSending} onPress={() => void send()}>
              {isSending ? TEXTS.sendingTest : TEXTS.sendTest}
            </Button>
            <span className={styles.hint}>{TEXTS.sendTestHint}</span>
          </div>
        </>
      )}
    </section>
  );
}
