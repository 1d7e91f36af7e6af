import { z } from 'zod';
import {
  activeStatusFilterSchema,
  dataOf,
  emailAddress,
  epochMsSchema,
  ignoredQueryParameter,
  INVALID_EMAIL,
  listQuerySchema,
  sortQueryFields,
  multiLineText,
  singleLineText,
} from './common';
import { selectionIgnoredParameters, type SelectionIgnoredParameter } from './bulk';
import { can, roleSchema, type RoleName } from './roles';

/** A client company (docs/requirements.md#entities). */
export const clientSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  description: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string(),
  address: z.string(),
  isActive: z.boolean(),
  /** Whether the contact e-mail gets the expiry reminders of this client's certificates (docs/mail.md). */
  remindContact: z.boolean(),
  certificateCount: z.number().int(),
  /** Active plus distributed certificates. */
  activeCertificates: z.number().int(),
  createdAt: epochMsSchema,
  /**
   * The message the server would answer `DELETE /clients/{id}` with right now (the 409's text), or null when the
   * client may be deleted: the console explains before asking.
   */
  deleteRefusal: z.string().nullable().meta({
    description: 'Why a delete would be refused now (the 409 message), or null when it may be deleted',
  }),
});
export type Client = z.infer<typeof clientSchema>;

const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` });
/** A textarea of the client form (description, address): line breaks allowed. */
const optionalMultiLineText = (max: number, label: string) => multiLineText(optionalText(max, label), label);

const clientFields = {
  name: singleLineText(
    z
      .string({ error: 'Company name is required' })
      .trim()
      .min(1, { error: 'Company name is required' })
      .max(200, { error: 'Company name must be at most 200 characters' }),
    'Company name',
  ),
  description: optionalMultiLineText(2000, 'Description'),
  contactEmail: z
    .string({ error: INVALID_EMAIL })
    .trim()
    .max(254, { error: INVALID_EMAIL })
    .refine((v) => v === '' || emailAddress().safeParse(v).success, { error: INVALID_EMAIL })
    // The refinement in the OpenAPI document's terms (zod cannot translate a refinement): empty, or an e-mail address.
    .meta({
      anyOf: [
        { type: 'string', enum: [''] },
        { type: 'string', format: 'email' },
      ],
    }),
  contactPhone: singleLineText(optionalText(50, 'Contact phone'), 'Contact phone'),
  address: optionalMultiLineText(500, 'Address'),
  remindContact: z.boolean({ error: 'remindContact must be true or false' }),
};

/** The client form: optional texts default to '' on create, contact reminders to off. */
export const clientFormFieldsSchema = z.object({
  ...clientFields,
  description: clientFields.description.default(''),
  contactEmail: clientFields.contactEmail.default(''),
  contactPhone: clientFields.contactPhone.default(''),
  address: clientFields.address.default(''),
  remindContact: clientFields.remindContact.default(false),
});

export const createClientRequestSchema = clientFormFieldsSchema;
export type CreateClientRequest = z.input<typeof createClientRequestSchema>;
/** Partial update: an omitted field is left as it is (no defaults here, or `{ isActive }` alone would blank the texts). */
export const updateClientRequestSchema = z
  .object({ ...clientFields, isActive: z.boolean({ error: 'isActive must be true or false' }) })
  .partial();
export type UpdateClientRequest = z.input<typeof updateClientRequestSchema>;

/** What the clients list sorts by (names ignoring case). */
export const CLIENT_SORT_KEYS = ['name', 'createdAt', 'certificateCount'] as const;
export type ClientSortKey = (typeof CLIENT_SORT_KEYS)[number];

export const clientsQuerySchema = listQuerySchema.extend({
  status: activeStatusFilterSchema.optional(),
  ...sortQueryFields(CLIENT_SORT_KEYS),
});
export type ClientsQuery = z.infer<typeof clientsQuerySchema>;
/** `GET /clients/export`: the list's filters without paging (`page`/`limit` are accepted and ignored). */
export const clientsExportQuerySchema = clientsQuerySchema.omit({ page: true, limit: true }).extend({
  page: ignoredQueryParameter('the export has every matching row'),
  limit: ignoredQueryParameter('the export has every matching row'),
});
export type ClientsExportQuery = Omit<z.infer<typeof clientsExportQuerySchema>, 'page' | 'limit'>;
/** `GET /clients/ids` ("select all N matching"): the list's filters; paging and sort ignored (see users). */
export const clientsSelectionQuerySchema = clientsQuerySchema
  .omit({ page: true, limit: true, sort: true, order: true })
  .extend(selectionIgnoredParameters);
export type ClientsSelectionQuery = Omit<
  z.infer<typeof clientsSelectionQuerySchema>,
  SelectionIgnoredParameter
>;

/** `GET /clients` answers at the top level (docs/requirements.md#calls). */
export const clientsListResponseSchema = z.object({
  clients: z.array(clientSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type ClientsList = z.infer<typeof clientsListResponseSchema>;
export const clientResponseSchema = dataOf(clientSchema);

/** What every role reads of a user assigned to a client: who it is, not how to reach them or what they may do. */
export const clientUserSummarySchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  isActive: z.boolean(),
});
export type ClientUserSummary = z.infer<typeof clientUserSummarySchema>;
/** A user assigned to a client in full (docs/requirements.md#entities "Client user"), as the roles that manage users read it. */
export const clientUserSchema = clientUserSummarySchema.extend({
  email: z.string(),
  role: roleSchema.pick({ uuid: true, name: true }),
});
export type ClientUser = z.infer<typeof clientUserSchema>;
/** A client's user as a caller reads it: in full, or the summary (see `clientUserAsSeenBy`). */
export type VisibleClientUser = ClientUser | ClientUserSummary;

/**
 * A client's user as `role` may read them. Staff e-mail addresses and roles are for the roles that may list users
 * (`GET /users`, docs/security.md), so every other role gets the name and active flag only. The one home of the
 * rule: the server's `GET /clients/{id}/users` and the mocks both call it.
 */
export function clientUserAsSeenBy(role: RoleName, user: ClientUser): VisibleClientUser {
  if (can(role, 'users:manage')) return user;
  return { uuid: user.uuid, name: user.name, isActive: user.isActive };
}

/** Whether a client's user came with the e-mail address and role (the caller may manage users). */
export const isFullClientUser = (user: VisibleClientUser): user is ClientUser => 'email' in user;

/** `GET /clients/{id}/users`: each user in full or as the summary, after the caller's role. */
export const clientUsersResponseSchema = dataOf(
  z.array(
    // The full shape first: a parse keeps every field it lists, and the summary would drop e-mail and role.
    z.union([clientUserSchema, clientUserSummarySchema]).meta({
      description:
        'In full for owners and admins; editors and viewers get uuid, name and isActive only (no e-mail address or role)',
    }),
  ),
);
/** `PUT /clients/{id}/users` answers only the roles that manage users, so always in full. */
export const assignedClientUsersResponseSchema = dataOf(z.array(clientUserSchema));

export const assignUsersRequestSchema = z.object({
  userUuids: z.array(z.uuid({ error: 'Invalid user id' }), { error: 'userUuids must be a list' }).max(1000),
});

/** Texts of the clients API's refusals (the console shows the server's message). */
export const CLIENT_MESSAGES = {
  notFound: 'Client not found',
  nameTaken: 'A client with this name already exists',
  hasLiveCertificates: 'This client has pending, active or distributed certificates and cannot be deleted',
} as const;

/** 400 text for a `userUuids` entry that names no live user. */
export const unknownUserMessage = (uuid: string) => `User ${uuid} does not exist`;
