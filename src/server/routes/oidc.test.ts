// Single sign-on through a real OpenID provider over HTTPS (tests/support/oidc-provider.ts), accounts not made at sign-in:
// a provider down at start, a sign-in like a password one, landing on a deep link, the refusals, and every tampered
// callback ending on the sign-in page with an activity row and no session. Accounts and roles: oidc-accounts.test.ts.
import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { activities, sessions, users } from '../db/schema';
import {
  callback,
  cookiesOf,
  SSO_REDIRECT_URI,
  ssoEnv,
  ssoSignIn,
  startSso,
  type SsoAttempt,
} from '../../../tests/support/oidc-flow';
import {
  startOidcProvider,
  type IdTokenTampering,
  type OidcTestAccount,
  type OidcTestProvider,
} from '../../../tests/support/oidc-provider';
import { createTestApp, createUser, type TestContext } from '../../../tests/support/test-app';
import { anonymous } from '../../../tests/support/callers';

let provider: OidcTestProvider;
let ctx: TestContext;
const logLines: string[] = [];

beforeAll(async () => {
  // Down when the console starts: discovery fails, and must not stop the start.
  provider = await startOidcProvider({ redirectUri: SSO_REDIRECT_URI, available: false });
  ctx = await createTestApp({ env: ssoEnv(provider), logLines });
});
afterAll(async () => {
  await ctx?.close();
  await provider?.stop();
});

const db = () => ctx.database.db;
const sessionsOf = async (userId: string) =>
  (await db().select({ n: count() }).from(sessions).where(eq(sessions.userId, userId)))[0]!.n;
const allSessions = async () => (await db().select({ n: count() }).from(sessions))[0]!.n;
const refusals = () =>
  db()
    .select({ description: activities.description, targetId: activities.targetId })
    .from(activities)
    .where(eq(activities.type, 'auth.sign_in_refused'))
    .orderBy(activities.id);
const lastRefusal = async () => (await refusals()).at(-1);
const warnings = (event: string) => logLines.filter((line) => line.includes(`"event":"${event}"`));

/** A staff account and the provider's person with its e-mail. */
async function person(role: 'owner' | 'admin' | 'editor' | 'viewer', extra: { isActive?: boolean } = {}) {
  const user = await createUser(ctx, role, extra);
  const account: OidcTestAccount = {
    sub: `sub-${user.id}`,
    email: user.email,
    email_verified: true,
    name: user.name,
    groups: [`console-${role}s`],
  };
  return { user, account };
}

/** The browser went back to the sign-in page with `reason` and holds no session. */
function expectRefused(attempt: SsoAttempt, reason: string) {
  expect(attempt.callback.statusCode).toBe(302);
  expect(attempt.callback.headers.location).toBe(`/login?sso=${reason}`);
  const cookies = cookiesOf(attempt.callback);
  expect(cookies.lc_refresh).toBeUndefined();
  expect(cookies.lc_session).toBeUndefined();
  // The transaction is cleared whatever the outcome.
  expect(cookies.lc_oidc?.value).toBe('');
}

describe('discovery', () => {
  it('does not stop the start when the provider is down: sign-in is unavailable, then works once a retry finds it', async () => {
    const down = await startSso(ctx);
    expect(down.location).toBe('/login?sso=unavailable');
    expect(down.transaction).toBeUndefined();
    expect(warnings('auth.sso.discovery_failed').length).toBeGreaterThan(0);

    provider.setAvailable(true);
    // The first retry is a second after the failure.
    await vi.waitFor(async () => expect((await startSso(ctx)).location).toMatch(`${provider.issuer}/`), {
      timeout: 10_000,
      interval: 300,
    });
    expect(warnings('auth.sso.discovered')).toHaveLength(1);
  });
});

describe('a single sign-on', () => {
  it('sends the browser to the provider with PKCE, state and nonce, keeping them in a short-lived Lax cookie', async () => {
    const started = await startSso(ctx, '/clients');
    const url = new URL(started.location);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: provider.clientId,
      redirect_uri: SSO_REDIRECT_URI,
      response_type: 'code',
      scope: 'openid email profile groups',
      code_challenge_method: 'S256',
    });
    for (const name of ['code_challenge', 'state', 'nonce'])
      expect(url.searchParams.get(name)).toMatch(/^.{43}$/);
    const cookie = cookiesOf(started.response).lc_oidc!;
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/api/v1/auth/oidc/callback',
      maxAge: 600,
    });
    // Sealed: neither the verifier nor the state can be read from it.
    expect(cookie.value).not.toContain(url.searchParams.get('state')!);
    expect(started.response.headers['cache-control']).toBe('no-store');
  });

  it('signs an existing user in like a password sign-in and lands on the deep link', async () => {
    const { user, account } = await person('editor');
    const before = await db().select({ n: count() }).from(users);
    const attempt = await ssoSignIn(ctx, provider, {
      // The e-mail as the provider writes it: matched ignoring case.
      account: { ...account, email: user.email.toUpperCase() },
      next: '/certificates?status=active#list',
    });
    expect(attempt.callback.statusCode).toBe(302);
    expect(attempt.callback.headers.location).toBe('/certificates?status=active#list');
    expect(attempt.callback.headers['cache-control']).toBe('no-store');
    const cookies = cookiesOf(attempt.callback);
    expect(cookies.lc_refresh).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v1/auth' });
    expect(cookies.lc_session).toMatchObject({ value: '1', path: '/' });
    expect(cookies.lc_oidc?.value).toBe('');

    // The console picks the session up as after a reload: the cookie refreshes into an access token.
    const refreshed = await anonymous(ctx).post(
      '/auth/refresh',
      {},
      { cookies: { lc_refresh: cookies.lc_refresh!.value } },
    );
    expect(refreshed.statusCode).toBe(200);
    const { accessToken } = refreshed.json<{ data: { accessToken: string } }>().data;
    const mine = await anonymous(ctx).get('/auth/sessions', {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(mine.json<{ data: unknown[] }>().data).toHaveLength(1);

    expect(await sessionsOf(user.id)).toBe(1);
    const [signedIn] = await db()
      .select({ description: activities.description })
      .from(activities)
      .where(and(eq(activities.type, 'auth.signed_in'), eq(activities.targetId, user.id)));
    expect(signedIn!.description).toMatch(/ signed in from .* with single sign-on$/);
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ oidcIssuer: provider.issuer, oidcSubject: account.sub, roleId: 3 });
    expect(row!.lastLoginAt).not.toBeNull();
    expect((await db().select({ n: count() }).from(users))[0]!.n).toBe(before[0]!.n);
    expect(logLines.some((line) => /"event":"auth.login".*"method":"sso"/.test(line))).toBe(true);
  });

  it('lands on / for a next that is not a path of the console; takes the provider’s own extra parameters', async () => {
    const { account } = await person('viewer');
    const attempt = await ssoSignIn(ctx, provider, {
      account,
      next: '//evil.example/steal',
      // Parameters a provider adds of its own (Keycloak's `session_state`, Google's `authuser`) are accepted.
      change: (url) => {
        url.searchParams.set('session_state', 'a1b2c3');
        url.searchParams.set('authuser', '0');
      },
    });
    // The rule itself, value by value: services/oidc/oidc.test.ts.
    expect(attempt.callback.headers.location).toBe('/');
  });
});

describe('refused sign-ins', () => {
  it('refuses an e-mail no account has, when accounts are not made at sign-in', async () => {
    const attempt = await ssoSignIn(ctx, provider, {
      account: {
        sub: 'stranger',
        email: 'stranger@example.test',
        email_verified: true,
        groups: ['console-viewers'],
      },
    });
    expectRefused(attempt, 'unknown_user');
    expect(await db().select().from(users).where(eq(users.email, 'stranger@example.test'))).toEqual([]);
    expect((await lastRefusal())!.description).toMatch(
      /^Sign-in refused for stranger@example\.test from .*: single sign-on, no account has this e-mail/,
    );
  });

  it('refuses a disabled account whatever the provider says', async () => {
    const { user, account } = await person('editor', { isActive: false });
    const attempt = await ssoSignIn(ctx, provider, { account });
    expectRefused(attempt, 'disabled');
    expect(await sessionsOf(user.id)).toBe(0);
    expect(await lastRefusal()).toEqual({
      targetId: user.id,
      description: expect.stringMatching(/single sign-on, account disabled$/) as unknown,
    });
  });

  it('refuses a provider that sends no e-mail, or one it has not verified', async () => {
    const { user, account } = await person('viewer');
    expectRefused(
      await ssoSignIn(ctx, provider, { account: { ...account, email_verified: false } }),
      'no_email',
    );
    expectRefused(await ssoSignIn(ctx, provider, { account: { ...account, email: undefined } }), 'no_email');
    expect(await sessionsOf(user.id)).toBe(0);
  });

  it('is held back by the throttle of a password sign-in at the address that failed, and only there', async () => {
    const { user, account } = await person('editor');
    const guesser = '192.0.2.44';
    // Five wrong passwords for the account and fifteen for others: the address waits out its 15 minutes (a limit of
    // the window, not of a second, which this test's real clock could outrun).
    for (let i = 0; i < 20; i += 1)
      expect(
        (
          await anonymous(ctx).post(
            '/auth/login',
            { email: i < 5 ? user.email : `other-${i}@example.test`, password: 'wrong' },
            { remoteAddress: guesser },
          )
        ).statusCode,
      ).toBe(401);
    expectRefused(await ssoSignIn(ctx, provider, { account, remoteAddress: guesser }), 'throttled');
    expect((await lastRefusal())!.description).toMatch(/single sign-on, too many attempts$/);
    expect(await sessionsOf(user.id)).toBe(0);
    // From any other address the person signs in: someone else's wrong passwords do not lock them out.
    const elsewhere = await ssoSignIn(ctx, provider, { account });
    expect(elsewhere.callback.headers.location).toBe('/');
    expect(cookiesOf(elsewhere.callback).lc_refresh).toBeDefined();
    expect(await sessionsOf(user.id)).toBe(1);
  });

  it('goes back to the sign-in page when the provider answers with an error', async () => {
    const { account } = await person('viewer');
    provider.refuseNextSignIn('access_denied');
    const attempt = await ssoSignIn(ctx, provider, { account });
    expect(attempt.callbackUrl.searchParams.get('error')).toBe('access_denied');
    expectRefused(attempt, 'failed');
    expect((await lastRefusal())!.description).toMatch(
      /single sign-on, the provider answered access_denied$/,
    );
  });
});

describe('tampered callbacks', () => {
  const tamperings: [IdTokenTampering, RegExp][] = [
    ['bad_signature', /the ID token's signature did not verify/],
    ['wrong_audience', /the ID token is for another client/],
    ['expired', /the ID token has expired/],
    ['nonce_mismatch', /the ID token's nonce did not match/],
  ];
  it.each(tamperings)('refuses an ID token with %s, with no session', async (tampering, why) => {
    const { user, account } = await person('editor');
    const sessionsBefore = await allSessions();
    provider.tamperNextIdToken(tampering);
    const attempt = await ssoSignIn(ctx, provider, { account });
    expectRefused(attempt, 'failed');
    expect(await allSessions()).toBe(sessionsBefore);
    // Nothing about the account changed: no subject stored from an answer that did not verify.
    expect((await db().select().from(users).where(eq(users.id, user.id)))[0]!.oidcSubject).toBeNull();
    const refusal = (await lastRefusal())!;
    expect(refusal.description).toMatch(why);
    expect(refusal.targetId).toBeNull();
  });

  it('refuses a callback whose state is not the sign-in’s', async () => {
    const { account } = await person('viewer');
    const attempt = await ssoSignIn(ctx, provider, {
      account,
      change: (url) => url.searchParams.set('state', 'forged-state-of-another-sign-in'),
    });
    expectRefused(attempt, 'failed');
    expect((await lastRefusal())!.description).toMatch(/the callback's state did not match/);
  });

  it('refuses a replayed callback, with or without the cookie of the first', async () => {
    const { user, account } = await person('viewer');
    const first = await ssoSignIn(ctx, provider, { account });
    expect(first.callback.headers.location).toBe('/');
    // A copy of the whole request, cookie included: the provider takes a code once.
    const replayed = await callback(ctx, first.callbackUrl, first.transaction);
    expectRefused({ ...first, callback: replayed }, 'failed');
    expect((await lastRefusal())!.description).toMatch(/the provider refused the code \(invalid_grant\)/);
    // The browser's own replay: the first callback cleared the cookie, so no sign-in is in progress. Anyone can send
    // that, so it is a warn line only.
    const rowsBefore = (await refusals()).length;
    const bare = await callback(ctx, first.callbackUrl, undefined);
    expectRefused({ ...first, callback: bare }, 'failed');
    expect(await refusals()).toHaveLength(rowsBefore);
    expect(warnings('auth.sso.refused').at(-1)).toMatch(/no sign-in in progress/);
    expect(await sessionsOf(user.id)).toBe(1);
  });

  it('writes at most 10 refusal rows a minute for one address; the rest are warn lines', async () => {
    const rowsBefore = (await refusals()).length;
    const warningsBefore = warnings('auth.sso.refused').length;
    for (let i = 0; i < 12; i += 1) {
      const { transaction } = await startSso(ctx);
      const forged = await ctx.app.inject({
        url: `/api/v1/auth/oidc/callback?code=guess-${i}&state=forged`,
        remoteAddress: '192.0.2.7',
        cookies: { lc_oidc: transaction! },
      });
      expect(forged.headers.location).toBe('/login?sso=failed');
    }
    expect((await refusals()).length - rowsBefore).toBe(10);
    expect(warnings('auth.sso.refused').length - warningsBefore).toBe(12);
  });

  it('never logs the code, the state or a token of the provider', async () => {
    const logged = logLines.join('\n');
    expect(logged).toMatch(/oidc\/callback\?code=\[redacted\]&state=\[redacted\]/);
    const [row] = await db()
      .select({ n: count() })
      .from(activities)
      .where(like(activities.description, '%eyJ%'));
    expect(row!.n).toBe(0);
  });
});
