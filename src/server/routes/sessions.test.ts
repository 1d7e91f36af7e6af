// The refresh cookie and sessions (docs/adr/0008-refresh-cookie-and-sessions.md): the cookie's attributes, a refresh
// by cookie, the session list, and ending sessions, which stops their access tokens at once.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenSetResponseSchema, refreshResponseSchema, sessionsResponseSchema } from '../../contract/auth';
import { errorBodySchema } from '../../contract/errors';
import { ROLE_IDS } from '../../contract/roles';
import { sessions } from '../db/schema';
import { purgeSessions, SESSION_LIFETIME_MS, SESSION_RETENTION_MS } from '../services/auth/sessions';
import {
  anonymous,
  callerAs,
  callerWith,
  type Caller,
  type SignedInCaller,
} from '../../../tests/support/callers';
import {
  createTestApp,
  createUser,
  signIn,
  TestClock,
  TEST_PASSWORD,
  type TestContext,
} from '../../../tests/support/test-app';

let ctx: TestContext;
let proxied: TestContext;
const clock = new TestClock();
let nobody: Caller;

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  proxied = await createTestApp({ clock, env: { TRUST_PROXY: '1' } });
  nobody = anonymous(ctx);
});
afterAll(async () => {
  await ctx.close();
  await proxied.close();
});

type SetCookie = { name: string; value: string; attributes: Map<string, string | true> };

/** The Set-Cookie headers of an answer, parsed. */
function setCookies(headers: Record<string, unknown>): Record<string, SetCookie> {
  const raw = headers['set-cookie'];
  const lines = Array.isArray(raw) ? (raw as string[]) : typeof raw === 'string' ? [raw] : [];
  return Object.fromEntries(
    lines.map((line) => {
      const [pair = '', ...parts] = line.split(';').map((part) => part.trim());
      const [name = '', value = ''] = pair.split('=');
      const attributes = new Map<string, string | true>(
        parts.map((part) => {
          const [key = '', val] = part.split('=');
          return [key.toLowerCase(), val ?? true];
        }),
      );
      return [name, { name, value, attributes }];
    }),
  );
}

const login = (target: TestContext, email: string, headers: Record<string, string> = {}) =>
  anonymous(target).post('/auth/login', { email, password: TEST_PASSWORD }, { headers });

/** Signs in through the API as a browser does and answers the refresh cookie. */
async function browserSignIn(email: string, headers: Record<string, string> = {}) {
  const response = await login(ctx, email, headers);
  expect(response.statusCode).toBe(200);
  const cookie = setCookies(response.headers).lc_refresh!.value;
  const { accessToken } = tokenSetResponseSchema.parse(response.json()).data;
  return { cookie, accessToken, caller: callerWith(ctx, { authorization: `Bearer ${accessToken}` }) };
}

const cookieRefresh = (
  cookie: string,
  headers: Record<string, string> = { 'content-type': 'application/json' },
) =>
  nobody.post('/auth/refresh', headers['content-type'] ? {} : undefined, {
    headers: { cookie: `lc_refresh=${cookie}`, ...headers },
  });

describe('the refresh cookie', () => {
  it('is HttpOnly, SameSite=Strict, on the auth path, and not Secure over plain HTTP; the marker is readable', async () => {
    const user = await createUser(ctx, 'viewer');
    const response = await login(ctx, user.email);
    const cookies = setCookies(response.headers);
    const refresh = cookies.lc_refresh!;
    expect(refresh.value).toBe(tokenSetResponseSchema.parse(response.json()).data.refreshToken);
    expect(refresh.attributes.get('httponly')).toBe(true);
    expect(refresh.attributes.get('samesite')).toBe('Strict');
    expect(refresh.attributes.get('path')).toBe('/api/v1/auth');
    expect(refresh.attributes.has('secure')).toBe(false);
    expect(Number(refresh.attributes.get('max-age'))).toBe(7 * 24 * 3600);
    const marker = cookies.lc_session!;
    expect(marker.value).toBe('1');
    expect(marker.attributes.has('httponly')).toBe(false);
    expect(marker.attributes.get('path')).toBe('/');
  });

  it('is Secure behind a trusted proxy that says HTTPS, and only there', async () => {
    const user = await createUser(proxied, 'viewer');
    const https = { 'x-forwarded-proto': 'https' };
    const behindProxy = setCookies((await login(proxied, user.email, https)).headers);
    expect(behindProxy.lc_refresh!.attributes.get('secure')).toBe(true);
    expect(behindProxy.lc_session!.attributes.get('secure')).toBe(true);
    const untrusted = await createUser(ctx, 'viewer');
    expect(
      setCookies((await login(ctx, untrusted.email, https)).headers).lc_refresh!.attributes.has('secure'),
    ).toBe(false);
  });

  it('refreshes a JSON request: the new refresh token goes into the cookie only', async () => {
    const user = await createUser(ctx, 'editor');
    const { cookie } = await browserSignIn(user.email);
    const response = await cookieRefresh(cookie);
    expect(response.statusCode).toBe(200);
    const body = refreshResponseSchema.parse(response.json()).data;
    expect(body.refreshToken).toBeUndefined();
    const rotated = setCookies(response.headers).lc_refresh!;
    expect(rotated.value).not.toBe(cookie);
    expect(rotated.attributes.get('httponly')).toBe(true);
    expect(
      (await callerWith(ctx, { authorization: `Bearer ${body.accessToken}` }).get('/clients')).statusCode,
    ).toBe(200);
    // A bodiless request with X-Requested-With is no form either.
    expect((await cookieRefresh(rotated.value, { 'x-requested-with': 'fetch' })).statusCode).toBe(200);
  });

  it('refuses a cookie refresh a cross-site form could send, and leaves the session alone', async () => {
    const user = await createUser(ctx, 'editor');
    const { cookie } = await browserSignIn(user.email);
    const bare = await cookieRefresh(cookie, {});
    expect(bare.statusCode).toBe(403);
    expect(errorBodySchema.parse(bare.json()).message).toMatch(/JSON request/);
    const form = await nobody.post('/auth/refresh', 'refreshToken=x', {
      headers: { cookie: `lc_refresh=${cookie}`, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(415);
    expect((await cookieRefresh(cookie)).statusCode).toBe(200);
  });

  it('answers a forged or ended cookie with 401 and clears it', async () => {
    for (const cookie of ['forged-value', 'A'.repeat(43)]) {
      const response = await cookieRefresh(cookie);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        message: 'Invalid or expired refresh token',
        code: 'UNAUTHENTICATED',
      });
      const cleared = setCookies(response.headers);
      expect(cleared.lc_refresh!.value).toBe('');
      expect(cleared.lc_session!.value).toBe('');
    }
    expect((await nobody.post('/auth/refresh', {})).statusCode).toBe(401);
  });

  it('keeps the body-based calls for API clients: login and refresh answer the refresh token', async () => {
    const user = await createUser(ctx, 'viewer');
    const { refreshToken } = await signIn(ctx, user);
    const response = await nobody.post('/auth/refresh', { refreshToken });
    expect(refreshResponseSchema.parse(response.json()).data.refreshToken).toEqual(expect.any(String));
    expect(setCookies(response.headers).lc_refresh).toBeUndefined();
  });

  it('logout by cookie ends the session (its access token at once) and clears the cookie', async () => {
    const user = await createUser(ctx, 'viewer');
    const { cookie, caller } = await browserSignIn(user.email);
    const response = await caller.post('/auth/logout', {}, { headers: { cookie: `lc_refresh=${cookie}` } });
    expect(response.statusCode).toBe(204);
    expect(setCookies(response.headers).lc_refresh!.value).toBe('');
    expect((await caller.get('/clients')).statusCode).toBe(401);
    expect((await cookieRefresh(cookie)).statusCode).toBe(401);
  });
});

describe('GET /auth/sessions and ending sessions', () => {
  const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0' };

  it("lists the caller's live sessions with browser, address and which one is current", async () => {
    const user = await createUser(ctx, 'editor');
    const laptop = await browserSignIn(user.email, browser);
    clock.advance(1000);
    await anonymous(ctx).post(
      '/auth/login',
      { email: user.email, password: TEST_PASSWORD },
      { remoteAddress: '10.4.4.4' },
    );
    const response = await laptop.caller.get('/auth/sessions');
    expect(response.statusCode).toBe(200);
    const list = sessionsResponseSchema.parse(response.json()).data;
    expect(list).toHaveLength(2);
    const current = list.find((session) => session.current);
    expect(current).toMatchObject({ userAgent: browser['user-agent'], ipAddress: '127.0.0.1' });
    expect(list.find((session) => !session.current)).toMatchObject({ ipAddress: '10.4.4.4' });
  });

  it('ends another session of the caller: its access token stops at once, not at expiry', async () => {
    const user = await createUser(ctx, 'editor');
    const here = await browserSignIn(user.email);
    const lostLaptop = await browserSignIn(user.email);
    const list = sessionsResponseSchema.parse((await here.caller.get('/auth/sessions')).json()).data;
    const other = list.find((session) => !session.current)!;
    expect((await here.caller.delete(`/auth/sessions/${other.id}`)).statusCode).toBe(204);
    expect((await lostLaptop.caller.get('/clients')).statusCode).toBe(401);
    expect((await cookieRefresh(lostLaptop.cookie)).statusCode).toBe(401);
    expect((await here.caller.get('/clients')).statusCode).toBe(200);
    // Another user's session, or one already ended, is not the caller's to end.
    const stranger = await browserSignIn((await createUser(ctx, 'viewer')).email);
    const strangers = sessionsResponseSchema.parse((await stranger.caller.get('/auth/sessions')).json()).data;
    expect((await here.caller.delete(`/auth/sessions/${strangers[0]!.id}`)).statusCode).toBe(404);
    expect((await here.caller.delete(`/auth/sessions/${other.id}`)).statusCode).toBe(404);
    expect((await stranger.caller.get('/clients')).statusCode).toBe(200);
  });

  it('signs out every other session and keeps the current one', async () => {
    const user = await createUser(ctx, 'viewer');
    const here = await browserSignIn(user.email);
    const others = [await browserSignIn(user.email), await browserSignIn(user.email)];
    expect((await here.caller.delete('/auth/sessions')).statusCode).toBe(204);
    for (const other of others) expect((await other.caller.get('/clients')).statusCode).toBe(401);
    const left = sessionsResponseSchema.parse((await here.caller.get('/auth/sessions')).json()).data;
    expect(left.map((session) => session.current)).toEqual([true]);
  });
});

describe('GET and DELETE /users/{id}/sessions', () => {
  let owner: SignedInCaller;
  let admin: SignedInCaller;
  beforeAll(async () => {
    owner = await callerAs(ctx, 'owner');
    admin = await callerAs(ctx, 'admin');
  });

  it("lets owners and admins list and end another user's sessions", async () => {
    const departed = await createUser(ctx, 'editor');
    const a = await browserSignIn(departed.email);
    const b = await browserSignIn(departed.email);
    const listed = await admin.get(`/users/${departed.id}/sessions`);
    expect(listed.statusCode).toBe(200);
    const list = sessionsResponseSchema.parse(listed.json()).data;
    expect(list).toHaveLength(2);
    expect(list.every((session) => !session.current)).toBe(true);
    expect((await admin.delete(`/users/${departed.id}/sessions`)).statusCode).toBe(204);
    for (const session of [a, b]) expect((await session.caller.get('/clients')).statusCode).toBe(401);
    expect(
      sessionsResponseSchema.parse((await owner.get(`/users/${departed.id}/sessions`)).json()).data,
    ).toEqual([]);
  });

  it("keeps an owner's sessions from admins, other roles out, and unknown users a 404", async () => {
    const anotherOwner = await createUser(ctx, 'owner');
    expect((await admin.get(`/users/${anotherOwner.id}/sessions`)).statusCode).toBe(403);
    expect((await admin.delete(`/users/${anotherOwner.id}/sessions`)).statusCode).toBe(403);
    expect((await owner.get(`/users/${anotherOwner.id}/sessions`)).statusCode).toBe(200);
    const editor = await callerAs(ctx, 'editor');
    expect((await editor.get(`/users/${admin.user.id}/sessions`)).statusCode).toBe(403);
    expect((await nobody.get(`/users/${admin.user.id}/sessions`)).statusCode).toBe(401);
    expect((await admin.get('/users/00000000-0000-4000-8000-000000000000/sessions')).statusCode).toBe(404);
  });

  it('ends every session when a user is disabled, demoted or has their password reset', async () => {
    for (const change of [
      { isActive: false },
      { roleId: ROLE_IDS.viewer },
      { password: 'a brand new password' },
    ]) {
      const target = await createUser(ctx, 'editor');
      const session = await browserSignIn(target.email);
      expect((await admin.put(`/users/${target.id}`, change)).statusCode).toBe(200);
      expect((await session.caller.get('/clients')).statusCode, JSON.stringify(change)).toBe(401);
      expect((await cookieRefresh(session.cookie)).statusCode, JSON.stringify(change)).toBe(401);
    }
  });

  it("keeps the caller's own session when they change their own password, ending the others", async () => {
    const self = await callerAs(ctx, 'admin');
    const elsewhere = await browserSignIn(self.user.email);
    expect((await self.put(`/users/${self.user.id}`, { password: 'my own new password' })).statusCode).toBe(
      200,
    );
    expect((await self.get('/clients')).statusCode).toBe(200);
    expect((await elsewhere.caller.get('/clients')).statusCode).toBe(401);
  });
});

describe('old sessions', () => {
  it('are purged with their refresh tokens once ended or expired longer than the retention period ago', async () => {
    const user = await createUser(ctx, 'viewer');
    const old = await browserSignIn(user.email);
    await old.caller.post('/auth/logout', {});
    const live = await browserSignIn(user.email);
    const db = ctx.database.db;
    const idsOf = async () =>
      (await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id))).length;
    expect(await idsOf()).toBe(2);
    expect(await purgeSessions(db, clock.now())).toBe(0);
    await purgeSessions(db, new Date(clock.now().getTime() + SESSION_RETENTION_MS + 1000));
    expect(await idsOf()).toBe(1);
    await purgeSessions(
      db,
      new Date(clock.now().getTime() + SESSION_LIFETIME_MS + SESSION_RETENTION_MS + 1000),
    );
    // Both the ended session and (past its 7 days plus retention) the live one are gone then.
    expect(await idsOf()).toBe(0);
    expect((await live.caller.get('/clients')).statusCode).toBe(401);
  });
});
