import { useState, type FormEvent } from 'react';
import { DialogTrigger } from 'react-aria-components';
import { changePasswordRequestSchema, type ChangePasswordRequest } from '../../contract/auth';
import { CHANGE_PASSWORD_TEXTS, LAYOUT_TEXTS } from '../../contract/ui-texts';
import { PASSWORD_MIN_LENGTH } from '../../contract/constants';
import { ApiError } from '../../lib/api';
import { useApi, useSession } from '../../lib/session';
import { Button } from '../../ui/Button';
import { ErrorBanner } from '../../ui/ErrorBanner';
import { Form, FormActions } from '../../ui/Form';
import { Modal } from '../../ui/Modal';
import { TextField } from '../../ui/TextField';
import { useToast } from '../../ui/Toast';
import { TopBarButton } from '../../ui/TopBar';
import { fieldErrorsOf } from '../../contract/errors';

function ChangePasswordForm({ close }: { close: () => void }) {
  const api = useApi();
  const session = useSession();
  const toast = useToast();
  const [values, setValues] = useState({ currentPassword: '', newPassword: '', confirmPassword: '' });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);

  const handleChange = (field: keyof typeof values) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors(({ [field]: _edited, ...rest }) => rest);
    setError(null);
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    setError(null);
    const parsed = changePasswordRequestSchema.safeParse({
      currentPassword: values.currentPassword,
      newPassword: values.newPassword,
    });
    const errors = parsed.success ? {} : fieldErrorsOf(parsed.error.issues);
    if (values.confirmPassword !== values.newPassword)
      errors.confirmPassword = CHANGE_PASSWORD_TEXTS.mismatch;
    setFieldErrors(errors);
    if (!parsed.success || Object.keys(errors).length > 0) return;

    setSubmitting(true);
    try {
      const refreshToken = session.getRefreshToken() ?? undefined;
      await api.post('/auth/password', {
        body: { ...parsed.data, refreshToken } satisfies ChangePasswordRequest,
      });
      toast.show({
        type: 'success',
        title: CHANGE_PASSWORD_TEXTS.successTitle,
        description: CHANGE_PASSWORD_TEXTS.successDescription,
      });
      close();
    } catch (caught) {
      if (caught instanceof ApiError && Object.keys(caught.fieldErrors).length > 0)
        setFieldErrors(caught.fieldErrors);
      else setError(caught instanceof Error ? caught.message : String(caught));
      setSubmitting(false);
    }
  };

  return (
    <Form onSubmit={handleSubmit} validationErrors={fieldErrors} aria-label={CHANGE_PASSWORD_TEXTS.title}>
      {error && <ErrorBanner message={error} />}
      <TextField
        label={CHANGE_PASSWORD_TEXTS.currentPasswordLabel}
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        isRequired
        autoFocus
        value={values.currentPassword}
        onChange={handleChange('currentPassword')}
      />
      <TextField
        label={CHANGE_PASSWORD_TEXTS.newPasswordLabel}
        name="newPassword"
        type="password"
        autoComplete="new-password"
        description={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        isRequired
        value={values.newPassword}
        onChange={handleChange('newPassword')}
      />
      <TextField
        label={CHANGE_PASSWORD_TEXTS.confirmPasswordLabel}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        isRequired
        value={values.confirmPassword}
        onChange={handleChange('confirmPassword')}
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
