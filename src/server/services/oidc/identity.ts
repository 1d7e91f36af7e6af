// Who the provider says signed in, read from the verified ID token's claims (completed by the UserInfo answer), and
// the console role their groups give. Pure functions: the rules of docs/sign-in.md "Roles from the provider".
import { createUserRequestSchema } from '../../../contract/users';
import type { SsoRole } from './settings';

export interface SsoIdentity {
  /** The issuer and subject: the identity itself, stable when the e-mail changes at the provider. */
  issuer: string;
  subject: string;
  email: string;
  /** A display name for an account made at the first sign-in. */
  name: string;
  /** The role claim's string values (empty when absent or not strings). */
  roleValues: string[];
}

export type Claims = Record<string, unknown>;

/** Most powerful first: several matching groups give the first of these. */
const ROLE_POWER: readonly SsoRole[] = ['admin', 'editor', 'viewer'];

/**
 * A claim by name: the exact name first (names may hold dots, as URL-named claims do), then a dotted path into
 * nested objects (Keycloak's `realm_access.roles`).
 */
export function claimValue(claims: Claims, name: string): unknown {
  if (name in claims) return claims[name];
  let value: unknown = claims;
  for (const part of name.split('.')) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    value = (value as Claims)[part];
  }
  return value;
}

/** A role claim's values: a string, or the strings of an array (anything else gives none). */
export function roleValuesOf(claims: Claims, roleClaim: string | undefined): string[] {
  if (!roleClaim) return [];
  const value = claimValue(claims, roleClaim);
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** The most powerful role the values map to, or null when none maps. */
export function mappedRole(values: readonly string[], roleMap: Record<string, SsoRole>): SsoRole | null {
  const roles = new Set(values.flatMap((value) => (Object.hasOwn(roleMap, value) ? [roleMap[value]!] : [])));
  return ROLE_POWER.find((role) => roles.has(role)) ?? null;
}

const emailSchema = createUserRequestSchema.shape.email;
const nameSchema = createUserRequestSchema.shape.name;

/**
 * The identity in the claims, or null when they carry no usable e-mail: none, not an address the console accepts,
 * or one the provider says it has not verified (`email_verified: false`; providers that never send the claim, such
 * as Entra ID, are taken at their word).
 */
export function identityOf(claims: Claims, roleClaim: string | undefined): SsoIdentity | null {
  const { iss, sub } = claims;
  if (typeof iss !== 'string' || typeof sub !== 'string') return null;
  if (claims.email_verified === false || claims.email_verified === 'false') return null;
  const email = emailSchema.safeParse(claims.email);
  if (!email.success) return null;
  return {
    issuer: iss,
    subject: sub,
    email: email.data,
    name: displayNameOf(claims, email.data),
    roleValues: roleValuesOf(claims, roleClaim),
  };
}

/** `name`, else given and family names, else the preferred user name, else the e-mail: whichever the console accepts. */
function displayNameOf(claims: Claims, email: string): string {
  const joined = [claims.given_name, claims.family_name].filter((part) => typeof part === 'string').join(' ');
  for (const candidate of [claims.name, joined, claims.preferred_username]) {
    if (typeof candidate !== 'string') continue;
    const name = nameSchema.safeParse(candidate.slice(0, 200));
    if (name.success) return name.data;
  }
  return email;
}
