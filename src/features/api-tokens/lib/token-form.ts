import {
  API_TOKEN_MESSAGES,
  API_TOKEN_ROLES,
  createApiTokenRequestSchema,
  type ApiTokenRole,
  type CreateApiTokenRequest,
} from '../../../contract/api-tokens';
import { DAY_MS } from '../../../contract/constants';
import { fieldErrorsOf } from '../../../contract/errors';
import { ROLE_IDS, type RoleName } from '../../../contract/roles';

/** What the create form holds; `expiresAt` is null for a token that does not expire. */
export interface ApiTokenFormValues {
  name: string;
  role: ApiTokenRole;
  expiresAt: number | null;
}

/** A new token starts with the least rights; raising them is a choice. */
export const emptyApiTokenForm: ApiTokenFormValues = { name: '', role: 'viewer', expiresAt: null };

/** The roles a token may be given: at most its creator's own, never owner (the server answers 403 to the rest). */
export const tokenRolesFor = (creator: RoleName): ApiTokenRole[] =>
  API_TOKEN_ROLES.filter((role) => ROLE_IDS[role] >= ROLE_IDS[creator]);

/** A day chosen as the expiry: the token works until that UTC day ends (the date picker's value is its midnight). */
export const endOfUtcDay = (midnightUtc: number) => midnightUtc + DAY_MS - 1;

export type ApiTokenPayload =
  { ok: true; body: CreateApiTokenRequest } | { ok: false; fieldErrors: Record<string, string> };

/** The create payload, checked with the contract's messages before any call. */
export function createApiTokenPayload(values: ApiTokenFormValues, now: number): ApiTokenPayload {
  const parsed = createApiTokenRequestSchema.safeParse({
    name: values.name,
    role: values.role,
    expiresAt: values.expiresAt ?? undefined,
  });
  const fieldErrors = parsed.success ? {} : fieldErrorsOf(parsed.error.issues);
  // The server checks this too; saying it before the call saves a round trip.
  if (values.expiresAt !== null && values.expiresAt <= now)
    fieldErrors.expiresAt ??= API_TOKEN_MESSAGES.expiresInPast;
  if (!parsed.success || Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  return { ok: true, body: parsed.data };
}
