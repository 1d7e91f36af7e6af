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

/**
 * A dialog step that asks for the current password and sends it with `save`: the server checks it (a wrong one is
 * said on its field) before it adds or removes a second factor. Anything else that fails is said in the banner.
 */
function CurrentPasswordStep<R>({
  schema,
  title,
  body,
  submitLabel,
  pendingLabel,
  save,
  onSaved,
  close,
}: {
  /** The call's own body schema: each says a missing password in its own words. */
  schema: typeof mfaEnrolmentRequestSchema | typeof mfaDisableRequestSchema;
  title: string;
  body: string;
  submitLabel: string;
  pendingLabel: string;
  save: (password: string) => Promise<R>;
  onSaved: (result: R) => void;
  close: () => void;
}) {
  const { field, formProps } = useFormSubmit({
    initialValues: () => ({ password: '' }),
    prepare: (values) => {
      const parsed = schema.safeParse(values);
      if (!parsed.success) return { fieldErrors: fieldErrorsOf(parsed.error.issues) };
      return { save: () => save(parsed.data.password) };
    },
    onSaved,
    onFailed: (caught, fieldErrors) =>
      Object.keys(fieldErrors).length > 0 ? null : String((caught as Error).message),
  });
  return (
    <DialogForm
      {...formProps}
      aria-label={title}
      cancelLabel={LIST_TEXTS.cancel}
      onCancel={close}
      submitLabel={submitLabel}
      pendingLabel={pendingLabel}
    >
      <p>{body}</p>
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
  const start = useStartMfaEnrolment();
  const confirm = useConfirmMfaEnrolment();
  const [stage, setStage] = useState<SetupStage>({ kind: 'password' });

  if (stage.kind === 'password')
    return (
      <CurrentPasswordStep
        schema={mfaEnrolmentRequestSchema}
        title={TEXTS.setUpTitle}
        body={TEXTS.setUpPasswordBody}
        submitLabel={TEXTS.continue}
        pendingLabel={TEXTS.checkingPassword}
        save={start}
        onSaved={(enrolment) => setStage({ kind: 'setup', enrolment })}
        close={close}
      />
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
  return (
    <CurrentPasswordStep
      schema={mfaDisableRequestSchema}
      title={TEXTS.turnOffTitle}
      body={TEXTS.turnOffBody}
      submitLabel={TEXTS.turnOff}
      pendingLabel={TEXTS.turningOff}
      save={disable}
      onSaved={() => {
        toast.show({ type: 'success', title: MFA_TOASTS.disabled });
        close();
      }}
      close={close}
    />
  );
}
