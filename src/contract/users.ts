import { z } from 'zod';
import {
  activeStatusFilterSchema,
  dataOf,
  epochMsSchema,
  listQuerySchema,
  sortQueryFields,
  singleLineText,
  SMALLINT_MAX,
  SMALLINT_MIN,
  emailAddress,
  INVALID_EMAIL,
} from './common';
import { selectionIgnoredParameters, type SelectionIgnoredParameter } from './bulk';
import { roleSchema } from './roles';
import { passwordSchema } from './auth';

/** A managed user (docs/requirements.md#entities). */
export const userSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  isActive: z.boolean(),
  lastLoginAt: epochMsSchema.nullable(),
  /** Whether the user signs in with a two-factor code after their password. */
  mfaEnabled: z.boolean(),
  /**
   * The message the server would answer `DELETE /users/{id}` with right now whoever asks (the last active owner's
   * 409), or null. Rules of the caller (oneself, an admin and an owner) are the 403s, not this.
   */
  deleteRefusal: z.string().nullable().meta({
    description: 'Why a delete would be refused now whoever asks (the 409 message), or null',
  }),
});
export type User = z.infer<typeof userSchema>;

const nameSchema = singleLineText(
  z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, { error: 'Name is required' })
    .max(200, { error: 'Name must be at most 200 characters' }),
  'Name',
);
const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, { error: 'Email is required' })
  .max(254, { error: 'Email must be at most 254 characters' })
  .pipe(emailAddress(INVALID_EMAIL));
// The range of the smallint column `users.role_id`; a number in it that names no role is the same refusal.
const roleIdSchema = z
  .number({ error: 'Role is required' })
  .int({ error: 'Role is required' })
  .min(SMALLINT_MIN, { error: 'Role is required' })
  .max(SMALLINT_MAX, { error: 'Role is required' });

export const createUserRequestSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
  roleId: roleIdSchema,
});
export type CreateUserRequest = z.infer<typeof createUserRequestSchema>;

/** Partial update: an omitted (or empty) password leaves it unchanged; an omitted roleId keeps the role. */
export const updateUserRequestSchema = z
  .object({
    name: nameSchema,
    email: emailSchema,
    password: z.union([z.literal(''), passwordSchema]),
    roleId: roleIdSchema,
    isActive: z.boolean({ error: 'isActive must be true or false' }),
  })
  .partial();
export type UpdateUserRequest = z.infer<typeof updateUserRequestSchema>;

/** What the users list sorts by (names and e-mails ignoring case; `role` from owner to viewer). */
export const USER_SORT_KEYS = ['name', 'email', 'role', 'createdAt'] as const;
export type UserSortKey = (typeof USER_SORT_KEYS)[number];

export const usersQuerySchema = listQuerySchema.extend({
  status: activeStatusFilterSchema.optional(),
  ...sortQueryFields(USER_SORT_KEYS),
});
export type UsersQuery = z.infer<typeof usersQuerySchema>;
/**
 * `GET /users/ids` ("select all N matching"): the list's filters; its paging and sort are accepted and
 * ignored, so the list's query can be sent as it is (the ids come in the list's default order).
 */
export const usersSelectionQuerySchema = usersQuerySchema
  .omit({ page: true, limit: true, sort: true, order: true })
  .extend(selectionIgnoredParameters);
export type UsersSelectionQuery = Omit<z.infer<typeof usersSelectionQuerySchema>, SelectionIgnoredParameter>;

export const usersListResponseSchema = dataOf(
  z.object({
    users: z.array(userSchema),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  }),
);
export type UsersList = z.infer<typeof usersListResponseSchema>['data'];
export const userResponseSchema = dataOf(userSchema);
export const rolesResponseSchema = dataOf(z.array(roleSchema));

/** The snake_case client rows of `GET /users/{id}/clients` (docs/requirements.md#entities). */
export const userClientSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  description: z.string(),
  contact_email: z.string(),
  contact_phone: z.string(),
  is_active: z.boolean(),
  certificate_count: z.number().int(),
  active_certificates: z.number().int(),
  created_at: epochMsSchema,
});
export type UserClient = z.infer<typeof userClientSchema>;
export const userClientsResponseSchema = dataOf(z.array(userClientSchema));

export const assignClientsRequestSchema = z.object({
  clientUuids: z
    .array(z.uuid({ error: 'Invalid client id' }), { error: 'clientUuids must be a list' })
    .max(1000),
});

/** Texts of the users API's refusals (the console shows the server's message). */
export const USER_MESSAGES = {
  notFound: 'User not found',
  emailTaken: 'A user with this email already exists',
  /** `roleId` that names no role: the form's own 'Role is required' (docs/requirements.md#validation). */
  unknownRole: 'Role is required',
  ownerRoleNotAssignable: 'The owner role can only be given from the command line',
  cannotManageOwner: 'Only an owner can edit, disable or delete an owner',
  cannotAssignOwnerClients: "Only an owner can change an owner's clients",
  cannotDisableSelf: 'You cannot disable your own account',
  cannotDeleteSelf: 'You cannot delete your own account',
  cannotChangeOwnRole: 'You cannot change your own role',
  lastActiveOwner: 'The last active owner cannot be disabled, deleted or given another role',
} as const;

/** 400 text for a `clientUuids` entry that names no live client. */
export const unknownClientMessage = (uuid: string) => `Client ${uuid} does not exist`;
