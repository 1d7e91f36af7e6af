import { useState } from 'react';
import {
  mfaDisableRequestSchema,
  mfaEnrolmentRequestSchema,
  type MfaEnrolment,
} from '../../../contract/sign-in';
import { fieldErrorsOf } from '../../../contract/errors';
import { LIST_TEXTS } from '../../../contract/ui-texts';
import { MFA_ACCOUNT_TEXTS as TEXTS, MFA_TOASTS } from '../../../contract/texts/sign-in';
import { useFormSubmit } from '../../../lib/forms/use-form-submit';
import { AuthenticatorSetup, RecoveryCodes } from '../../../lib/mfa';
import { Button, DialogForm, FormActions, TextField, useToast } from '../../../ui';
import { useConfirmMfaEnrolment } from '../api/confirm-mfa-enrolment';
import { useDisableMfa } from '../api/disable-mfa';
import { useStartMfaEnrolment } from '../api/start-mfa-enrolment';

type SetupStage =
  | { kind: 'password' }
  | { kind: 'setup'; enrolment: MfaEnrolment }
  | { kind: 'codes'; recoveryCodes: string[] };

/** The set-up's first step: the current password, which the server asks before it hands out a new key. */
function PasswordBeforeSetUp({
  close,
  onStarted,
}: {
  close: () => void;
  onStarted: (enrolment: MfaEnrolment) => void;
}) {
  const start = useStartMfaEnrolment();
  const { field, formProps } = useFormSubmit({
    initialValues: () => ({ password: '' }),
    prepare: (values) => {
      const parsed = mfaEnrolmentRequestSchema.safeParse(values);
      if (!parsed.success) return { fieldErrors: fieldErrorsOf(parsed.error.issues) };
      return { save: () => start(parsed.data.password) };
    },
    onSaved: onStarted,
    // A wrong password is said on its field; anything else (held back, the server failing) in the banner.
    onFailed: (caught, fieldErrors) =>
      Object.keys(fieldErrors).length > 0 ? null : String((caught as Error).message),
  });
  return (
    <DialogForm
      {...formProps}
      aria-label={TEXTS.setUpTitle}
      cancelLabel={LIST_TEXTS.cancel}
      onCancel={close}
      submitLabel={TEXTS.continue}
      pendingLabel={TEXTS.checkingPassword}
    >
      <p>{TEXTS.setUpPasswordBody}</p>
      <TextField
        label={TEXTS.passwordLabel}
        {...field('password')}
        type="password"
        autoComplete="current-password"
        isRequired
        autoFocus
      />
    </DialogForm>
  );
}

/**
 * Inside the set-up dialog: the current password, then a new key and the first code, then the recovery codes (shown
 * this once). The password comes first so that whoever holds a stolen session cannot add an authenticator of theirs.
 */
export function SetUpTwoFactor({ close }: { close: () => void }) {
  const toast = useToast();
  const confirm = useConfirmMfaEnrolment();
  const [stage, setStage] = useState<SetupStage>({ kind: 'password' });

  if (stage.kind === 'password')
    return (
      <PasswordBeforeSetUp close={close} onStarted={(enrolment) => setStage({ kind: 'setup', enrolment })} />
    );
  if (stage.kind === 'codes')
    return <RecoveryCodes codes={stage.recoveryCodes} doneLabel={TEXTS.done} onDone={close} />;
  return (
    <>
      <AuthenticatorSetup
        enrolment={stage.enrolment}
        onConfirm={async (code) => {
          const recoveryCodes = await confirm(code);
          toast.show({ type: 'success', title: MFA_TOASTS.enabled });
          setStage({ kind: 'codes', recoveryCodes });
        }}
      />
      <FormActions>
        <Button variant="secondary" onPress={close}>
          {LIST_TEXTS.cancel}
        </Button>
      </FormActions>
    </>
  );
}

/** Inside the turn-off dialog: the current password, then `DELETE /auth/mfa`. */
export function TurnOffTwoFactor({ close }: { close: () => void }) {
  const toast = useToast();
  const disable = useDisableMfa();
  const { field, formProps } = useFormSubmit({
    initialValues: () => ({ password: '' }),
    prepare: (values) => {
      const parsed = mfaDisableRequestSchema.safeParse(values);
      if (!parsed.success) return { fieldErrors: fieldErrorsOf(parsed.error.issues) };
      return { save: () => disable(parsed.data.password) };
    },
    onSaved: () => {
      toast.show({ type: 'success', title: MFA_TOASTS.disabled });
      close();
    },
    // The dialog says what went wrong: on the password field, or in its banner.
    onFailed: (caught, fieldErrors) =>
      Object.keys(fieldErrors).length > 0 ? null : String((caught as Error).message),
  });
  return (
    <DialogForm
      {...formProps}
      aria-label={TEXTS.turnOffTitle}
      cancelLabel={LIST_TEXTS.cancel}
      onCancel={close}
      submitLabel={TEXTS.turnOff}
      pendingLabel={TEXTS.turningOff}
    >
      <p>{TEXTS.turnOffBody}</p>
      <TextField
        label={TEXTS.passwordLabel}
        {...field('password')}
        type="password"
        autoComplete="current-password"
        isRequired
        autoFocus
      />
    </DialogForm>
  );
}
