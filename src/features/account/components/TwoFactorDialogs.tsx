import { useEffect, useState } from 'react';
import { mfaDisableRequestSchema, type MfaEnrolment } from '../../../contract/sign-in';
import { fieldErrorsOf } from '../../../contract/errors';
import { LIST_TEXTS } from '../../../contract/ui-texts';
import { MFA_ACCOUNT_TEXTS as TEXTS, MFA_TOASTS } from '../../../contract/texts/sign-in';
import { useFormSubmit } from '../../../lib/forms/use-form-submit';
import { AuthenticatorSetup, RecoveryCodes } from '../../../lib/mfa';
import { Button, DialogForm, ErrorBanner, FormActions, LoadingState, TextField, useToast } from '../../../ui';
import { useConfirmMfaEnrolment } from '../api/confirm-mfa-enrolment';
import { useDisableMfa } from '../api/disable-mfa';
import { useStartMfaEnrolment } from '../api/start-mfa-enrolment';

type SetupStage =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'setup'; enrolment: MfaEnrolment }
  | { kind: 'codes'; recoveryCodes: string[] };

/** Inside the set-up dialog: a new key, the first code, then the recovery codes (shown this once). */
export function SetUpTwoFactor({ close }: { close: () => void }) {
  const toast = useToast();
  const start = useStartMfaEnrolment();
  const confirm = useConfirmMfaEnrolment();
  const [stage, setStage] = useState<SetupStage>({ kind: 'loading' });

  useEffect(() => {
    let isCurrent = true;
    start().then(
      (enrolment) => isCurrent && setStage({ kind: 'setup', enrolment }),
      (caught: unknown) =>
        isCurrent && setStage({ kind: 'failed', message: String((caught as Error).message) }),
    );
    return () => {
      isCurrent = false;
    };
  }, [start]);

  if (stage.kind === 'codes')
    return <RecoveryCodes codes={stage.recoveryCodes} doneLabel={TEXTS.done} onDone={close} />;
  return (
    <>
      {stage.kind === 'loading' && <LoadingState label={TEXTS.setUp} />}
      {stage.kind === 'failed' && <ErrorBanner message={stage.message} />}
      {stage.kind === 'setup' && (
        <AuthenticatorSetup
          enrolment={stage.enrolment}
          onConfirm={async (code) => {
            const recoveryCodes = await confirm(code);
            toast.show({ type: 'success', title: MFA_TOASTS.enabled });
            setStage({ kind: 'codes', recoveryCodes });
          }}
        />
      )}
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
