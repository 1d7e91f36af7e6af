import { useId, useState } from 'react';
import { MAIL_TOASTS, REMINDER_SETTING_TEXTS as TEXTS } from '../../../contract/ui-texts';
import { LoadFailedBanner } from '../../../lib/lists/LoadFailedBanner';
import { reportOutcome } from '../../../lib/toasts/outcome-toasts';
import { Checkbox, LoadingState, useToast } from '../../../ui';
import { usePreferences } from '../api/get-preferences';
import { useUpdatePreferences } from '../api/update-preferences';
import * as styles from '../AccountPage.css';

/**
 * The user's own expiry reminders by e-mail (docs/mail.md): on unless they turned them off, here or
 * through a reminder's unsubscribe link. Saved as soon as the box changes; a failure leaves the box as it was.
 */
export function ReminderSetting() {
  const headingId = useId();
  const toast = useToast();
  const preferences = usePreferences();
  const update = useUpdatePreferences();
  const [isSaving, setSaving] = useState(false);

  const change = async (expiryReminders: boolean) => {
    setSaving(true);
    await reportOutcome(toast, () => update({ expiryReminders }), {
      done: () => (expiryReminders ? MAIL_TOASTS.remindersOn : MAIL_TOASTS.remindersOff),
      failed: MAIL_TOASTS.saveFailed,
    });
    setSaving(false);
  };

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.panelTitle}>
        {TEXTS.heading}
      </h2>
      <p className={styles.hint}>{TEXTS.description}</p>
      <LoadFailedBanner error={preferences.error} onRetry={() => preferences.mutate()} />
      {preferences.isLoading && <LoadingState label={TEXTS.loading} size="inline" />}
      {preferences.data && (
        <Checkbox
          isSelected={preferences.data.expiryReminders}
          isReadOnly={isSaving}
          onChange={(selected) => void change(selected)}
        >
          {TEXTS.label}
        </Checkbox>
      )}
    </section>
  );
}
