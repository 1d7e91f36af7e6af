// Single sign-on's settings, read once from the validated environment (env.ts checks every OIDC_* variable and names
// a mistake in one line; docs/sign-in.md "Single sign-on").
import { OIDC_CALLBACK_PATH } from '../../../contract/sign-in';
import type { Env } from '../../env';

/** The roles a provider's group may give: never owner, which only the CLI gives. */
export type SsoRole = 'admin' | 'editor' | 'viewer';

export interface OidcSettings {
  issuer: URL;
  clientId: string;
  /** Absent for a public client, which proves itself with PKCE alone. */
  clientSecret: string | undefined;
  scopes: string;
  /** `PUBLIC_URL/api/v1/auth/oidc/callback`, registered at the provider exactly so. */
  redirectUri: string;
  /** The claim whose values (a string or an array of strings) map to roles; absent: roles are the console's. */
  roleClaim: string | undefined;
  roleMap: Record<string, SsoRole>;
  autoProvision: boolean;
  defaultRole: SsoRole;
  displayName: string;
}

/** The settings when single sign-on is configured (OIDC_ISSUER set), else null. */
export function oidcSettingsOf(env: Env, apiPrefix: string): OidcSettings | null {
  if (!env.OIDC_ISSUER || !env.OIDC_CLIENT_ID || !env.PUBLIC_URL) return null;
  return {
    issuer: new URL(env.OIDC_ISSUER),
    clientId: env.OIDC_CLIENT_ID,
    clientSecret: env.OIDC_CLIENT_SECRET,
    scopes: env.OIDC_SCOPES,
    redirectUri: `${env.PUBLIC_URL}${apiPrefix}${OIDC_CALLBACK_PATH}`,
    roleClaim: env.OIDC_ROLE_CLAIM,
    roleMap: env.OIDC_ROLE_MAP ?? {},
    autoProvision: env.OIDC_AUTO_PROVISION,
    defaultRole: env.OIDC_DEFAULT_ROLE,
    displayName: env.OIDC_DISPLAY_NAME,
  };
}
