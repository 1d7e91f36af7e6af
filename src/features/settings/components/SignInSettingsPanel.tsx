import { useId, useState } from 'react';
import type { SignInSettings, UpdateSignInSettings } from '../../../contract/sign-in';
import { LIST_TEXTS } from '../../../contract/ui-texts';
import { SETTINGS_TEXTS as TEXTS, SETTINGS_TOASTS as TOASTS } from '../../../contract/texts/sign-in';
import { LoadFailedBanner } from '../../../lib/lists/LoadFailedBanner';
import { ConfirmChangeDialog } from '../../../lib/toasts/ConfirmChangeDialog';
import { reportOutcome } from '../../../lib/toasts/outcome-toasts';
import { Checkbox, layout, LoadingState, useToast } from '../../../ui';
import { useSignInSettings } from '../api/get-sign-in-settings';
import { useUpdateSignInSettings } from '../api/update-sign-in-settings';
import * as styles from '../SettingsPage.css';

/** Single sign-on as the server is configured: the provider staff are sent to, or what to set to have one. */
function SsoSummary({ sso }: { sso: SignInSettings['sso'] }) {
  if (!sso.configured) return <p className={styles.hint}>{TEXTS.ssoNotConfigured}</p>;
  return (
    <>
      <p className={styles.hint}>{TEXTS.ssoConfigured(sso.displayName)}</p>
      {sso.issuer && (
        <dl className={styles.facts}>
          <dt>{TEXTS.ssoIssuer}</dt>
          <dd>{sso.issuer}</dd>
        </dl>
      )}
    </>
  );
}

/**
 * How everyone signs in (docs/sign-in.md), owners only: password sign-in for staff (off only once single
 * sign-on is configured, and after a question, since it sends everyone but the owners to the provider) and two-factor
 * codes for every password account. Each box is saved as soon as it changes; a failure leaves it as the server has it.
 */
export function SignInSettingsPanel() {
  const headingId = useId();
  const toast = useToast();
  const settings = useSignInSettings();
  const update = useUpdateSignInSettings();
  const [isSaving, setSaving] = useState(false);
  const [isConfirmingPasswordOff, setConfirmingPasswordOff] = useState(false);
  const data = settings.data;

  const save = async (change: UpdateSignInSettings, done: { title: string; description: string }) => {
    setSaving(true);
    await reportOutcome(toast, () => update(change), { done: () => done, failed: TOASTS.saveFailed });
    setSaving(false);
  };

  return (
    <section className={layout.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={layout.panelTitle}>
        {TEXTS.signInHeading}
      </h2>
      <LoadFailedBanner error={settings.error} onRetry={() => settings.mutate()} />
      {settings.isLoading && <LoadingState label={TEXTS.loading} size="inline" />}
      {data && (
        <>
          <div className={styles.block}>
            <h3 className={styles.blockTitle}>{TEXTS.ssoHeading}</h3>
            <SsoSummary sso={data.sso} />
          </div>
          <Checkbox
            isSelected={data.passwordLogin}
            // Without single sign-on, turning passwords off would leave staff no way in.
            isDisabled={data.passwordLogin && !data.sso.configured}
            isReadOnly={isSaving}
            description={data.sso.configured ? TEXTS.passwordLoginDescription : TEXTS.passwordLoginNeedsSso}
            onChange={(selected) => {
              if (selected) void save({ passwordLogin: true }, TOASTS.passwordLoginOn);
              else setConfirmingPasswordOff(true);
            }}
          >
            {TEXTS.passwordLogin}
          </Checkbox>
          <Checkbox
            isSelected={data.mfaRequired}
            isReadOnly={isSaving}
            description={TEXTS.mfaRequiredDescription}
            onChange={(selected) =>
              void save({ mfaRequired: selected }, selected ? TOASTS.mfaRequiredOn : TOASTS.mfaRequiredOff)
            }
          >
            {TEXTS.mfaRequired}
          </Checkbox>
          <ConfirmChangeDialog
            title={TEXTS.confirmPasswordOffTitle}
            message={TEXTS.confirmPasswordOffBody(data.sso.displayName)}
            confirmLabel={TEXTS.confirmPasswordOff}
            cancelLabel={LIST_TEXTS.cancel}
            isOpen={isConfirmingPasswordOff}
            onOpenChange={setConfirmingPasswordOff}
            change={() => update({ passwordLogin: false })}
            toasts={{ done: () => TOASTS.passwordLoginOff, failed: TOASTS.saveFailed }}
          />
        </>
      )}
    </section>
  );
}
