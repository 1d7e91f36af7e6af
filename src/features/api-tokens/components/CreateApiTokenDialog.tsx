import type { CreatedApiToken } from '../../../contract/api-tokens';
import type { RoleName } from '../../../contract/roles';
import { API_TOKENS_TEXTS as TEXTS, API_TOKENS_TOASTS as TOASTS } from '../../../contract/ui-texts';
import { failureToast } from '../../../lib/api/call-errors';
import { useFormSubmit } from '../../../lib/forms/use-form-submit';
import {
  DatePicker,
  DialogForm,
  Modal,
  OneTimeSecret,
  Select,
  TextField,
  useToast,
  type OpenState,
} from '../../../ui';
import { useCreateApiToken } from '../api/create-api-token';
import {
  createApiTokenPayload,
  emptyApiTokenForm,
  endOfUtcDay,
  tokenRolesFor,
  type ApiTokenFormValues,
} from '../lib/token-form';

function CreateApiTokenForm({
  creator,
  close,
  onCreated,
}: {
  creator: RoleName;
  close: () => void;
  onCreated: (created: CreatedApiToken) => void;
}) {
  const toast = useToast();
  const createApiToken = useCreateApiToken();
  const { values, change, field, formProps } = useFormSubmit<ApiTokenFormValues, CreatedApiToken>({
    initialValues: () => emptyApiTokenForm,
    prepare: (values) => {
      const payload = createApiTokenPayload(values, Date.now());
      return payload.ok ? { save: () => createApiToken(payload.body) } : payload;
    },
    onSaved: onCreated,
    onFailed: (caught, fieldErrors) => {
      const failure = failureToast(caught, TOASTS.createFailed.title, TOASTS.createFailed.description);
      toast.show(failure);
      // Errors of a field stand on the field; the banner is for the rest (a role above the caller's: 403).
      return Object.keys(fieldErrors).length > 0 ? null : failure.description;
    },
  });
  const roleOptions = tokenRolesFor(creator).map((role) => ({ id: role, label: role.toUpperCase() }));

  return (
    <DialogForm
      {...formProps}
      aria-label={TEXTS.createTitle}
      cancelLabel={TEXTS.cancel}
      onCancel={close}
      submitLabel={TEXTS.createSubmit}
      pendingLabel={TEXTS.creating}
    >
      <TextField
        label={TEXTS.nameLabel}
        description={TEXTS.nameDescription}
        {...field('name')}
        autoComplete="off"
        isRequired
        autoFocus
      />
      <Select
        label={TEXTS.roleLabel}
        description={TEXTS.roleDescription}
        {...field('role')}
        isRequired
        options={roleOptions}
      />
      <DatePicker
        label={TEXTS.expiresLabel}
        description={TEXTS.expiresDescription}
        name="expiresAt"
        value={values.expiresAt}
        minValue={Date.now()}
        onChange={(midnightUtc) =>
          change('expiresAt')(midnightUtc === null ? null : endOfUtcDay(midnightUtc))
        }
      />
    </DialogForm>
  );
}

/**
 * Create an API token: a name, a role no higher than the creator's and an optional expiry. Once
 * created, the same dialog shows the secret, which the server never shows again; `created` is that
 * token (held by the screen, so each opening starts with an empty form).
 */
export function CreateApiTokenDialog({
  creator,
  created,
  onCreated,
  ...openState
}: {
  creator: RoleName;
  created: CreatedApiToken | null;
  onCreated: (created: CreatedApiToken) => void;
} & OpenState) {
  return (
    <Modal
      title={created ? TEXTS.createdTitle : TEXTS.createTitle}
      // Escape must not throw the secret away: only Done closes the dialog once it shows.
      isKeyboardDismissDisabled={created !== null}
      {...openState}
    >
      {(close) =>
        created ? (
          <OneTimeSecret token={created.token} close={close} texts={TEXTS} />
        ) : (
          <CreateApiTokenForm creator={creator} close={close} onCreated={onCreated} />
        )
      }
    </Modal>
  );
}
