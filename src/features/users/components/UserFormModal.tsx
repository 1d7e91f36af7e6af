import { USERS_TEXTS, USERS_TOASTS } from '../../../contract/ui-texts';
import type { User } from '../../../contract/users';
import { ErrorBanner, Modal, Select, TextField, useToast, type OpenState } from '../../../ui';
import { NamedRecordForm } from '../../../lib/forms/NamedRecordForm';
import { namedSaveOutcome, useFormSubmit, type PreparedSave } from '../../../lib/forms/use-form-submit';
import { useCreateUser } from '../api/create-user';
import { useRoles } from '../api/get-roles';
import { useUpdateUser } from '../api/update-user';
import {
  createUserPayload,
  emptyUserForm,
  updateUserPayload,
  userFormValuesOf,
  type UserFormValues,
} from '../lib/user-form';
import { isRoleReadOnly, type Actor } from '../lib/user-rules';

function UserForm({ actor, user, close }: { actor: Actor; user: User | null; close: () => void }) {
  const isEditing = user !== null;
  const isRoleFixed = isRoleReadOnly(actor, user);
  const roles = useRoles();
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const toast = useToast();
  /** The call that saves the form, or the form's own field errors (docs/requirements.md#validation) when it is not valid yet. */
  const prepare = (values: UserFormValues): PreparedSave<User> => {
    if (user) {
      const payload = updateUserPayload(values, { isRoleReadOnly: isRoleFixed });
      return payload.ok ? { save: () => updateUser(user.uuid, payload.body) } : payload;
    }
    const payload = createUserPayload(values);
    return payload.ok ? { save: () => createUser(payload.body) } : payload;
  };
  const { field, formProps } = useFormSubmit({
    initialValues: () => (user ? userFormValuesOf(user) : emptyUserForm),
    prepare,
    ...namedSaveOutcome(toast, USERS_TOASTS, { isEditing, close }),
  });

  const roleOptions = (roles.data ?? []).map((role) => ({ id: role.id, label: role.name.toUpperCase() }));

  return (
    <NamedRecordForm isEditing={isEditing} texts={USERS_TEXTS} close={close} formProps={formProps}>
      {roles.error && !isRoleFixed && <ErrorBanner message={roles.error.message} />}
      <TextField label={USERS_TEXTS.nameLabel} {...field('name')} autoComplete="off" isRequired autoFocus />
      <TextField
        label={USERS_TEXTS.emailLabel}
        {...field('email')}
        type="email"
        autoComplete="off"
        isRequired
      />
      <TextField
        label={USERS_TEXTS.passwordLabel}
        {...field('password')}
        type="password"
        autoComplete="new-password"
        isRequired={!isEditing}
        description={isEditing ? USERS_TEXTS.passwordEditHint : undefined}
      />
      {isRoleFixed && user ? (
        <TextField
          label={USERS_TEXTS.roleLabel}
          name="roleName"
          isReadOnly
          value={user.role.name.toUpperCase()}
        />
      ) : (
        <Select
          label={USERS_TEXTS.roleLabel}
          {...field('roleId')}
          placeholder={USERS_TEXTS.rolePlaceholder}
          isRequired
          options={roleOptions}
          // Nothing to choose until the roles have loaded (an empty list would not even open).
          isDisabled={roles.isLoading}
        />
      )}
    </NamedRecordForm>
  );
}

/** Add or edit a user (docs/requirements.md#users-screen and #validation): `user` null adds one. */
export function UserFormModal({
  actor,
  user,
  ...openState
}: { actor: Actor; user: User | null } & OpenState) {
  return (
    <Modal title={user ? USERS_TEXTS.editTitle : USERS_TEXTS.addTitle} {...openState}>
      {(close) => <UserForm actor={actor} user={user} close={close} />}
    </Modal>
  );
}
