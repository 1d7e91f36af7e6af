// API tokens for automation (a CRM issuing certificates, a billing job renewing them): docs/api.md "API tokens".
import { z } from 'zod';
import { dataOf, epochMsSchema, MAX_EPOCH_MS, MIN_EPOCH_MS, singleLineText } from './common';
import { ROLE_NAMES, type RoleName } from './roles';

/** Every token secret starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_TOKEN_PREFIX = 'lc_';
/** Random bytes in a token's secret (base64url after the prefix). */
export const API_TOKEN_SECRET_BYTES = 32;
/** Characters of the secret shown in lists, after the prefix. */
export const API_TOKEN_SHOWN_CHARACTERS = 6;
export const API_TOKEN_NAME_MAX_LENGTH = 100;

/** The roles a token may have: never owner. */
export const API_TOKEN_ROLES = ROLE_NAMES.filter(
  (role): role is Exclude<RoleName, 'owner'> => role !== 'owner',
);
export type ApiTokenRole = (typeof API_TOKEN_ROLES)[number];

export const API_TOKEN_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${API_TOKEN_NAME_MAX_LENGTH} characters`,
  roleInvalid: `Role must be ${API_TOKEN_ROLES.slice(0, -1).join(', ')} or ${API_TOKEN_ROLES.at(-1)}`,
  roleAboveCreator: 'A token cannot have a role above your own',
  expiresInPast: 'Expiry must be in the future',
  notForTokens: 'API tokens cannot manage sessions, passwords or API tokens: sign in as a person',
  invalidToken: 'Invalid, expired or revoked API token',
} as const;

/** How history and the activity log name a token that acted. */
export const apiTokenActorName = (name: string) => `API token '${name}'`;

export const createApiTokenRequestSchema = z.object({
  name: singleLineText(
    z
      .string({ error: API_TOKEN_MESSAGES.nameRequired })
      .trim()
      .min(1, { error: API_TOKEN_MESSAGES.nameRequired })
      .max(API_TOKEN_NAME_MAX_LENGTH, { error: API_TOKEN_MESSAGES.nameTooLong }),
    'Name',
  ),
  role: z.enum(API_TOKEN_ROLES, { error: API_TOKEN_MESSAGES.roleInvalid }),
  /** Epoch ms; without it the token does not expire. */
  expiresAt: epochMsSchema
    .min(MIN_EPOCH_MS, { error: 'Expiry is out of range' })
    .max(MAX_EPOCH_MS, { error: 'Expiry is out of range' })
    .optional(),
});
export type CreateApiTokenRequest = z.infer<typeof createApiTokenRequestSchema>;

/** A token as lists show it: never its secret. */
export const apiTokenSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  role: z.enum(API_TOKEN_ROLES),
  /** The first characters of the secret (`lc_` and a few more), to recognise a token. */
  prefix: z.string(),
  createdAt: epochMsSchema,
  expiresAt: epochMsSchema.nullable(),
  lastUsedAt: epochMsSchema.nullable(),
  createdBy: z.object({ uuid: z.uuid(), name: z.string() }),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;
export const apiTokensResponseSchema = dataOf(z.array(apiTokenSchema));

/** The answer to a creation: the secret, shown this once. */
export const createdApiTokenSchema = apiTokenSchema
  .pick({ id: true, name: true, role: true, prefix: true, createdAt: true, expiresAt: true })
  .extend({ token: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;
export const createdApiTokenResponseSchema = dataOf(createdApiTokenSchema);
