import { DialogTrigger } from 'react-aria-components';
import { changePasswordRequestSchema, type ChangePasswordRequest } from '../../../contract/auth';
import { CHANGE_PASSWORD_TEXTS } from '../../../contract/ui-texts';
import { PASSWORD_MIN_LENGTH } from '../../../contract/constants';
import { useFormSubmit, type PreparedSave } from '../../../lib/forms/use-form-submit';
import { useApi } from '../../../lib/session';
import { DialogForm } from '../../../ui/Form';
import { Modal } from '../../../ui/Modal';
import { TextField } from '../../../ui/TextField';
import { useToast } from '../../../ui/Toast';
import { Button } from '../../../ui/Button';
import { fieldErrorsOf } from '../../../contract/errors';

interface PasswordFormValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

function ChangePasswordForm({ close }: { close: () => void }) {
  const api = useApi();
  const toast = useToast();

  /** The contract's checks and the confirmation, then `POST /auth/password`. */
  const prepare = (values: PasswordFormValues): PreparedSave<unknown> => {
    const parsed = changePasswordRequestSchema.safeParse({
      currentPassword: values.currentPassword,
      newPassword: values.newPassword,
    });
    const errors = parsed.success ? {} : fieldErrorsOf(parsed.error.issues);
    if (values.confirmPassword !== values.newPassword)
      errors.confirmPassword = CHANGE_PASSWORD_TEXTS.mismatch;
    if (!parsed.success || Object.keys(errors).length > 0) return { fieldErrors: errors };
    // The server keeps the session of the access token and ends the user's others.
    return {
      save: () => api.post('/auth/password', { body: parsed.data satisfies ChangePasswordRequest }),
    };
  };
  const { field, formProps } = useFormSubmit({
    initialValues: (): PasswordFormValues => ({ currentPassword: '', newPassword: '', confirmPassword: '' }),
    prepare,
    onSaved: () => {
      toast.show({
        type: 'success',
        title: CHANGE_PASSWORD_TEXTS.successTitle,
        description: CHANGE_PASSWORD_TEXTS.successDescription,
      });
      close();
    },
    // No toast: the dialog says what went wrong, on the fields or in its banner.
    onFailed: (caught, serverFieldErrors) => {
      if (Object.keys(serverFieldErrors).length > 0) return null;
      return caught instanceof Error ? caught.message : String(caught);
    },
  });

  return (
    <DialogForm
      {...formProps}
      aria-label={CHANGE_PASSWORD_TEXTS.title}
      cancelLabel={CHANGE_PASSWORD_TEXTS.cancel}
      onCancel={close}
      canCancelWhilePending
      submitLabel={CHANGE_PASSWORD_TEXTS.submit}
      pendingLabel={CHANGE_PASSWORD_TEXTS.submitting}
    >
      <TextField
        label={CHANGE_PASSWORD_TEXTS.currentPasswordLabel}
        {...field('currentPassword')}
        type="password"
        autoComplete="current-password"
        isRequired
        autoFocus
      />
      <TextField
        label={CHANGE_PASSWORD_TEXTS.newPasswordLabel}
        {...field('newPassword')}
        type="password"
        autoComplete="new-password"
        description={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        isRequired
      />
      <TextField
        label={CHANGE_PASSWORD_TEXTS.confirmPasswordLabel}
        {...field('confirmPassword')}
        type="password"
        autoComplete="new-password"
        isRequired
      />
    </DialogForm>
  );
}

/** The Account page's 'Change password' button and its dialog (calls `POST /auth/password`). */
export function ChangePasswordDialog({ defaultOpen = false }: { defaultOpen?: boolean }) {
  return (
    <DialogTrigger defaultOpen={defaultOpen}>
      <Button variant="secondary">{CHANGE_PASSWORD_TEXTS.title}</Button>
      <Modal title={CHANGE_PASSWORD_TEXTS.title}>{(close) => <ChangePasswordForm close={close} />}</Modal>
    </DialogTrigger>
  );
}
