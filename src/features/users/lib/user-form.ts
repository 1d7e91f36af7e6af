import {
  createUserRequestSchema,
  updateUserRequestSchema,
  type CreateUserRequest,
  type UpdateUserRequest,
  type User,
} from '../../../contract/users';
import { fieldErrorsOf } from '../../../contract/errors';

/** What the add/edit form holds; `roleId` is null until a role is picked. */
export interface UserFormValues {
  name: string;
  email: string;
  password: string;
  roleId: number | null;
}

export const emptyUserForm: UserFormValues = { name: '', email: '', password: '', roleId: null };

export const userFormValuesOf = (user: User): UserFormValues => ({
  name: user.name,
  email: user.email,
  password: '',
  roleId: user.role.id,
});

export type UserFormResult<T> = { ok: true; body: T } | { ok: false; fieldErrors: Record<string, string> };

/** The create payload (docs/requirements.md#validation: name, email, password and role all required). */
export function createUserPayload(values: UserFormValues): UserFormResult<CreateUserRequest> {
  const parsed = createUserRequestSchema.safeParse({ ...values, roleId: values.roleId ?? undefined });
  return parsed.success
    ? { ok: true, body: parsed.data }
    : { ok: false, fieldErrors: fieldErrorsOf(parsed.error.issues) };
}

/**
 * The edit payload (docs/requirements.md#validation): an empty password is left out, isActive is never sent from the
 * form, and a read-only role (an owner's, or one's own) sends no roleId.
 */
export function updateUserPayload(
  values: UserFormValues,
  { isRoleReadOnly }: { isRoleReadOnly: boolean },
): UserFormResult<UpdateUserRequest> {
  const candidate: Record<string, unknown> = { name: values.name, email: values.email };
  if (values.password !== '') candidate.password = values.password;
  if (!isRoleReadOnly) candidate.roleId = values.roleId ?? undefined;
  const parsed = updateUserRequestSchema.safeParse(candidate);
  const errors = parsed.success ? {} : fieldErrorsOf(parsed.error.issues);
  // The schema is partial (the API takes `{ isActive }` alone); the form itself always needs a role.
  if (!isRoleReadOnly && values.roleId === null) errors.roleId ??= 'Role is required';
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, fieldErrors: errors };
  return { ok: true, body: parsed.data };
}
