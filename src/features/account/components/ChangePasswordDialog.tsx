import { DialogTrigger } from 'react-aria-components';
import { changePasswordRequestSchema, type ChangePasswordRequest } from '../../contract/auth';
import { CHANGE_PASSWORD_TEXTS, LAYOUT_TEXTS } from '../../contract/ui-texts';
import { PASSWORD_MIN_LENGTH } from '../../contract/constants';
import { useFormSubmit, type PreparedSave } from '../../lib/forms/use-form-submit';
import { useApi, useSession } from '../../lib/session';
import { Button } from '../../ui/Button';
import { ErrorBanner } from '../../ui/ErrorBanner';
import { Form, FormActions } from '../../ui/Form';
import { Modal } from '../../ui/Modal';
import { TextField } from '../../ui/TextField';
import { useToast } from '../../ui/Toast';
import { TopBarButton } from '../../ui/TopBar';
import { fieldErrorsOf } from '../../contract/errors';

interface PasswordFormValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

function ChangePasswordForm({ close }: { close: () => void }) {
  const api = useApi();
  const session = useSession();
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
    const refreshToken = session.getRefreshToken() ?? undefined;
    return {
      save: () =>
        api.post('/auth/password', {
          body: { ...parsed.data, refreshToken } satisfies ChangePasswordRequest,
        }),
    };
  };
  const { values, change, fieldErrors, formError, isSubmitting, onSubmit } = useFormSubmit({
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
    <Form onSubmit={onSubmit} validationErrors={fieldErrors} aria-label={CHANGE_PASSWORD_TEXTS.title}>
      {formError && <ErrorBanner message={formError} />}
      <TextField
        label={CHANGE_PASSWORD_TEXTS.currentPasswordLabel}
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        isRequired
        autoFocus
        value={values.currentPassword}
        onChange={change('currentPassword')}
      />
      <TextField
        label={CHANGE_PASSWORD_TEXTS.newPasswordLabel}
        name="newPassword"
        type="password"
        autoComplete="new-password"
        description={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        isRequired
        value={values.newPassword}
        onChange={change('newPassword')}
      />
      <TextField
        label={CHANGE_PASSWORD_TEXTS.confirmPasswordLabel}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        isRequired
        value={values.confirmPassword}
        onChange={change('confirmPassword')}
      />
      <FormActions>
        <Button variant="secondary" onPress={close}>
          {CHANGE_PASSWORD_TEXTS.cancel}
        </Button>
        <Button type="submit" isPending={isSubmitting}>
          {isSubmitting ? CHANGE_PASSWORD_TEXTS.submitting : CHANGE_PASSWORD_TEXTS.submit}
        </Button>
      </FormActions>
    </Form>
  );
}

/** The top bar's 'Change password' button and its dialog (calls `POST /auth/password`). */
export function ChangePasswordDialog({ defaultOpen = false }: { defaultOpen?: boolean }) {
  return (
    <DialogTrigger defaultOpen={defaultOpen}>
      <TopBarButton>{LAYOUT_TEXTS.changePassword}</TopBarButton>
      <Modal title={CHANGE_PASSWORD_TEXTS.title}>{(close) => <ChangePasswordForm close={close} />}</Modal>
    </DialogTrigger>
  );
}
