// Single sign-on from a server test: the test app configured for the test provider, and the browser's part of the
// flow (start → provider → callback) with inject on the console's side and fetch on the provider's.
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { OIDC_TRANSACTION_COOKIE } from '../../src/server/services/oidc';
import type { OidcTestAccount, OidcTestProvider } from './oidc-provider';
import type { TestContext } from './test-app';

/** The console's address in these tests: the redirect URI is built on it (inject never dials it). */
export const SSO_PUBLIC_URL = 'https://console.example.test';
export const SSO_REDIRECT_URI = `${SSO_PUBLIC_URL}/api/v1/auth/oidc/callback`;
export const SSO_DISPLAY_NAME = 'Example ID';
/** The groups of the test provider's people and the roles they give. */
export const SSO_ROLE_MAP = 'console-admins=admin,console-editors=editor,console-viewers=viewer';

/** The test app's environment for single sign-on with `provider`. */
export function ssoEnv(
  provider: OidcTestProvider,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    PUBLIC_URL: SSO_PUBLIC_URL,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    OIDC_SCOPES: 'openid email profile groups',
    OIDC_ROLE_CLAIM: 'groups',
    OIDC_ROLE_MAP: SSO_ROLE_MAP,
    OIDC_DISPLAY_NAME: SSO_DISPLAY_NAME,
    ...extra,
  };
}

export interface SsoStarted {
  response: LightMyRequestResponse;
  /** The Location: the provider's authorization URL, or `/login?sso=…`. */
  location: string;
  /** The sealed transaction the start set (the callback's cookie). */
  transaction: string | undefined;
}

/** `GET /auth/oidc/start`, as the sign-in page's link. */
export async function startSso(ctx: TestContext, next?: string): Promise<SsoStarted> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/v1/auth/oidc/start',
    ...(next === undefined ? {} : { query: { next } }),
  });
  expect(response.statusCode, response.body).toBe(302);
  const transaction = response.cookies.find((cookie) => cookie.name === OIDC_TRANSACTION_COOKIE)?.value;
  return { response, location: String(response.headers.location), transaction };
}

/**
 * A browser's address of its own for each callback: the console writes at most a few refusal rows a minute per
 * address, and a test file refuses more than that.
 */
const anyAddress = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

/**
 * The provider's redirect back, as the browser follows it: the callback with the transaction cookie (if any), from
 * `remoteAddress` (an address of its own unless given).
 */
export function callback(
  ctx: TestContext,
  url: URL,
  transaction: string | undefined,
  remoteAddress: string = anyAddress(),
) {
  return ctx.app.inject({
    method: 'GET',
    url: `${url.pathname}${url.search}`,
    remoteAddress,
    ...(transaction ? { cookies: { [OIDC_TRANSACTION_COOKIE]: transaction } } : {}),
  });
}

export interface SsoAttempt extends SsoStarted {
  /** Where the provider sent the browser back (the callback URL, with `code`, `state` and `iss`). */
  callbackUrl: URL;
  callback: LightMyRequestResponse;
}

/** A whole single sign-on as `account` (the provider's current one when absent), landing on `next`. */
export async function ssoSignIn(
  ctx: TestContext,
  provider: OidcTestProvider,
  options: {
    account?: OidcTestAccount;
    next?: string;
    change?: (url: URL) => void;
    /** The browser's address at the callback (one of its own by default). */
    remoteAddress?: string;
  } = {},
): Promise<SsoAttempt> {
  if (options.account) provider.setAccount(options.account);
  const started = await startSso(ctx, options.next);
  expect(started.location.startsWith(`${provider.issuer}/`), started.location).toBe(true);
  const callbackUrl = await provider.followToCallback(started.location);
  expect(callbackUrl.href.startsWith(SSO_REDIRECT_URI)).toBe(true);
  options.change?.(callbackUrl);
  return {
    ...started,
    callbackUrl,
    callback: await callback(ctx, callbackUrl, started.transaction, options.remoteAddress),
  };
}

/** The cookies an answer set, by name. */
export const cookiesOf = (response: LightMyRequestResponse) =>
  Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie]));
