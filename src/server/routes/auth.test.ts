import { SignJWT } from 'jose';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  errorBodySchema,
  tokenSetResponseSchema,
  refreshResponseSchema,
  validateResponseSchema,
} from '../../contract';
import { settings, users } from '../db/schema';
import { secretFieldsOf } from '../plugins/secret-answers';
import { createUser, json, signIn, TestClock, TEST_PASSWORD } from '../../../tests/support/test-app';
import {
  anonymous,
  AS_JSON,
  callerAs,
  callerWith,
  type Caller,
  testAppPerFile,
} from '../../../tests/support/callers';
import { codeFor, enrolThroughApi } from '../../../tests/support/mfa';

const clock = new TestClock();
let nobody: Caller;
const logLines: string[] = [];

const ctx = testAppPerFile({ clock, env: { ACCESS_TOKEN_TTL_SECONDS: '60' }, logLines });

beforeAll(async () => {
  nobody = anonymous(ctx);
});

const login = (email: string, password: string, remoteAddress = '10.0.0.1') =>
  nobody.post('/auth/login', { email, password }, { remoteAddress });
const refresh = (refreshToken: string) => nobody.post('/auth/refresh', { refreshToken });
const validate = (token: string) => nobody.post('/auth/validate', { token });

describe('POST /auth/login', () => {
  it('signs in with the right password, returning the contract shape and setting lastLoginAt', async () => {
    const user = await createUser(ctx, 'editor');
    const response = await login(user.email.toUpperCase(), TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = tokenSetResponseSchema.parse(response.json());
    expect(body.data.user).toMatchObject({
      uuid: user.id,
      email: user.email,
      role: { name: 'editor', id: 3 },
      isActive: true,
    });
    expect(body.data.user.lastLoginAt).toBe(clock.now().getTime());
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.lastLoginAt?.getTime()).toBe(clock.now().getTime());
  });

  it('answers a wrong password and an unknown email alike with 401', async () => {
    const user = await createUser(ctx, 'viewer');
    const wrong = await login(user.email, 'not the password', '10.0.1.1');
    const unknown = await login('nobody@example.test', 'whatever', '10.0.1.1');
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(errorBodySchema.parse(response.json())).toEqual({
        message: 'Invalid email or password',
        code: 'UNAUTHENTICATED',
      });
    }
  });

  it('refuses a disabled account with 403 Account is disabled', async () => {
    const user = await createUser(ctx, 'viewer', { isActive: false });
    const response = await login(user.email, TEST_PASSWORD);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Account is disabled', code: 'ACCOUNT_DISABLED' });
  });

  it('rejects a missing or malformed email with field errors', async () => {
    const response = await nobody.post('/auth/login', { password: 'x' });
    expect(response.statusCode).toBe(400);
    expect(json<{ code: string; errors: Record<string, string> }>(response)).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { email: 'Email is required' },
    });
    const malformed = await nobody.post('/auth/login', '{"email":', AS_JSON);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Request body is not valid JSON',
    });
  });

  it('holds back the address that failed five times, with growing delays; the right password from another address signs in', async () => {
    const user = await createUser(ctx, 'viewer');
    const guesser = '10.0.2.1';
    for (let i = 0; i < 5; i += 1)
      expect((await login(user.email, `wrong-${i}`, guesser)).statusCode).toBe(401);
    const throttled = await login(user.email, TEST_PASSWORD, guesser);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBe('1');
    expect(throttled.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many attempts. Try again in 1 second.',
    });
    // Someone else's guesses do not lock the owner out: from their own address the password signs in.
    expect((await login(user.email, TEST_PASSWORD, '10.0.2.2')).statusCode).toBe(200);
    // ... and the guessing address is still held back, its delay growing with each failure.
    expect((await login(user.email, TEST_PASSWORD, guesser)).statusCode).toBe(429);
    clock.advance(1000);
    expect((await login(user.email, 'wrong', guesser)).statusCode).toBe(401);
    const longer = await login(user.email, TEST_PASSWORD, guesser);
    expect(longer.statusCode).toBe(429);
    expect(longer.headers['retry-after']).toBe('2');
    clock.advance(2000);
    expect((await login(user.email, TEST_PASSWORD, guesser)).statusCode).toBe(200);
    // Success cleared that address's count for the account: a new failure is not throttled.
    expect((await login(user.email, 'wrong', guesser)).statusCode).toBe(401);
    expect((await login(user.email, TEST_PASSWORD, guesser)).statusCode).toBe(200);
  });

  it('holds back guesses sent in parallel from one address: each is counted before its password is checked', async () => {
    const user = await createUser(ctx, 'viewer');
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(user.email, `guess-${i}`, '10.0.4.1')),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes.filter((code) => code === 401)).toHaveLength(5);
    expect(codes.filter((code) => code === 429)).toHaveLength(25);
  });

  it('counts a wrong current password on a password change like a failed sign-in', async () => {
    const session = await callerAs(ctx, 'editor');
    const change = (currentPassword: string) =>
      session.post(
        '/auth/password',
        { currentPassword, newPassword: 'a-new-password-1' },
        { remoteAddress: '10.0.5.1' },
      );
    for (let i = 0; i < 5; i += 1) expect((await change(`wrong-${i}`)).statusCode).toBe(400);
    const held = await change(TEST_PASSWORD);
    expect(held.statusCode).toBe(429);
    expect(held.json()).toMatchObject({ code: 'RATE_LIMITED' });
    clock.advance(1000);
    expect((await change(TEST_PASSWORD)).statusCode).toBe(204);
  });

  it('throttles a client address after 20 failures in 15 minutes', async () => {
    const address = '10.0.3.1';
    for (let i = 0; i < 20; i += 1)
      expect((await login(`someone${i}@example.test`, 'wrong', address)).statusCode).toBe(401);
    const blocked = await login('another@example.test', 'wrong', address);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    clock.advance(15 * 60 * 1000);
    expect((await login('another@example.test', 'wrong', address)).statusCode).toBe(401);
  });
});

describe('wrong passwords for one account from many addresses', () => {
  /** `count` wrong passwords for `email`, five from each address of `prefix` (under every per-address limit). */
  async function spray(email: string, count: number, prefix: string) {
    for (let i = 0; i < count; i += 1)
      expect((await login(email, `spray-${i}`, `${prefix}.${Math.floor(i / 5)}`)).statusCode).toBe(401);
  }

  it('makes every address wait for the hour after 50 in an hour when the password alone signs in', async () => {
    const user = await createUser(ctx, 'editor');
    await spray(user.email, 49, '10.20.1');
    // 49 in the hour: the owner still signs in from an address of their own, which gives back its own attempt only.
    expect((await login(user.email, TEST_PASSWORD, '10.20.9.1')).statusCode).toBe(200);
    expect((await login(user.email, 'the fiftieth', '10.20.2.1')).statusCode).toBe(401);
    const held = await login(user.email, TEST_PASSWORD, '10.20.9.2');
    expect(held.statusCode).toBe(429);
    expect(held.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(55 * 60);
    expect(Number(held.headers['retry-after'])).toBeLessThanOrEqual(60 * 60);
    // An unknown e-mail is held back alike, so the wait tells nobody whether an account has codes or exists.
    const nobodysEmail = `nobody-${user.id.slice(0, 8)}@example.test`;
    await spray(nobodysEmail, 50, '10.20.3');
    expect((await login(nobodysEmail, 'more', '10.20.9.3')).statusCode).toBe(429);
    // When the hour is over, the password signs in again.
    clock.advance(60 * 60 * 1000 + 1000);
    expect((await login(user.email, TEST_PASSWORD, '10.20.9.2')).statusCode).toBe(200);
  });

  it('never holds back an account with two-factor codes: its password only reaches the code step', async () => {
    const user = await createUser(ctx, 'editor');
    const { secret } = await enrolThroughApi(await callerAs(ctx, user), clock);
    // A code is accepted once: the sign-in's comes from the next period.
    clock.advance(30_000);
    await spray(user.email, 60, '10.21.1');
    const step = await login(user.email, TEST_PASSWORD, '10.21.9.1');
    expect(step.statusCode, step.body).toBe(200);
    const { mfaToken } = (step.json() as { data: { mfaRequired: true; mfaToken: string } }).data;
    const signedIn = await nobody.post(
      '/auth/login/mfa',
      { mfaToken, code: codeFor(secret, clock) },
      { remoteAddress: '10.21.9.1' },
    );
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(tokenSetResponseSchema.parse(signedIn.json()).data.user.uuid).toBe(user.id);
    // The addresses that guessed are still held back by their own failures.
    expect((await login(user.email, TEST_PASSWORD, '10.21.1.0')).statusCode).toBe(429);
  });

  it('holds back a signed-in password check, which a password alone passes: after 50 in the hour a change waits', async () => {
    const session = await callerAs(ctx, 'viewer');
    await spray(session.user.email, 50, '10.22.1');
    const change = await session.post(
      '/auth/password',
      { currentPassword: TEST_PASSWORD, newPassword: 'a-new-password-1' },
      { remoteAddress: '10.22.9.1' },
    );
    expect(change.statusCode, change.body).toBe(429);
  });
});

describe('refresh tokens', () => {
  it('rotates on every refresh; a spent token again within the grace window gets the same successor', async () => {
    const user = await createUser(ctx, 'editor');
    const session = await signIn(ctx, user);
    const first = await refresh(session.refreshToken);
    expect(first.statusCode).toBe(200);
    const rotated = refreshResponseSchema.parse(first.json()).data;
    expect(rotated.refreshToken).not.toBe(session.refreshToken);

    // A reload or a second tab that raced the refresh presents the spent token again: same successor, valid access.
    clock.advance(9_000);
    const repeat = await refresh(session.refreshToken);
    expect(repeat.statusCode).toBe(200);
    const again = refreshResponseSchema.parse(repeat.json()).data;
    expect(again.refreshToken).toBe(rotated.refreshToken);
    expect(validateResponseSchema.parse((await validate(again.accessToken)).json()).data.valid).toBe(true);
    expect((await refresh(rotated.refreshToken!)).statusCode).toBe(200);
  });

  it('ends the whole session when a spent token is presented after the grace window', async () => {
    const user = await createUser(ctx, 'editor');
    const session = await signIn(ctx, user);
    const rotated = refreshResponseSchema.parse((await refresh(session.refreshToken)).json()).data;
    clock.advance(10_001);
    const reused = await refresh(session.refreshToken);
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    // The replay ended the session: the legitimate successor and the access tokens are dead too.
    expect((await refresh(rotated.refreshToken!)).statusCode).toBe(401);
    expect((await validate(rotated.accessToken)).json()).toEqual({ data: { valid: false } });
    expect(logLines.some((line) => line.includes('auth.refresh.reuse'))).toBe(true);
  });

  it('gives two refreshes racing with one token the same successor', async () => {
    const user = await createUser(ctx, 'editor');
    const session = await signIn(ctx, user);
    const answers = await Promise.all([refresh(session.refreshToken), refresh(session.refreshToken)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const [a, b] = answers.map((answer) => refreshResponseSchema.parse(answer.json()).data.refreshToken);
    expect(a).toBe(b);
  });

  it('ends a family 7 days after sign-in', async () => {
    const user = await createUser(ctx, 'editor');
    let token = (await signIn(ctx, user)).refreshToken;
    clock.advance(6 * 24 * 3600 * 1000);
    const early = await refresh(token);
    expect(early.statusCode).toBe(200);
    token = refreshResponseSchema.parse(early.json()).data.refreshToken!;
    clock.advance(24 * 3600 * 1000);
    expect((await refresh(token)).statusCode).toBe(401);
  });

  it('refuses unknown tokens', async () => {
    expect((await refresh('not-a-token')).statusCode).toBe(401);
  });
});

describe('access tokens', () => {
  it('validates a good token and reports expired or tampered ones as invalid', async () => {
    const user = await createUser(ctx, 'admin');
    const { accessToken } = await signIn(ctx, user);
    const good = validateResponseSchema.parse((await validate(accessToken)).json());
    expect(good.data).toMatchObject({ valid: true, user: { uuid: user.id } });

    const [header, payload, signature] = accessToken.split('.') as [string, string, string];
    const flipped = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url')}.${payload}.`;
    for (const token of [flipped, unsigned, 'garbage']) {
      expect((await validate(token)).json()).toEqual({ data: { valid: false } });
      const call = await callerWith(ctx, { authorization: `Bearer ${token}` }).post('/auth/password', {
        currentPassword: 'a',
        newPassword: 'abcdefgh',
      });
      expect(call.statusCode).toBe(401);
    }

    clock.advance(61_000);
    expect((await validate(accessToken)).json()).toEqual({ data: { valid: false } });
  });

  it('refuses a token with the right key but the wrong audience', async () => {
    const user = await createUser(ctx, 'admin');
    const [secret] = await ctx.database.db.select().from(settings).where(eq(settings.key, 'jwt_secret'));
    const now = Math.floor(clock.now().getTime() / 1000);
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .setSubject(user.id)
      .setAudience('someone-else')
      .setIssuer('license-console')
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .sign(new TextEncoder().encode(secret!.value));
    expect((await validate(token)).json()).toEqual({ data: { valid: false } });
  });

  it('stops working at once when the user is disabled', async () => {
    const user = await createUser(ctx, 'editor');
    const { accessToken } = await signIn(ctx, user);
    await ctx.database.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await validate(accessToken)).json()).toEqual({ data: { valid: false } });
  });
});

describe('logout and password change', () => {
  it('logout revokes the refresh family', async () => {
    const session = await callerAs(ctx, 'viewer');
    const response = await nobody.post('/auth/logout', { refreshToken: session.refreshToken });
    expect(response.statusCode).toBe(204);
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
  });

  it('changes the password, keeping the caller session and revoking the others', async () => {
    const here = await callerAs(ctx, 'viewer');
    const { user } = here;
    const elsewhere = await signIn(ctx, user);
    const change = (currentPassword: string, newPassword: string) =>
      here.post('/auth/password', { currentPassword, newPassword, refreshToken: here.refreshToken });

    const wrong = await change('not it', 'a new password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ errors: { currentPassword: 'Current password is incorrect' } });
    const short = await change(TEST_PASSWORD, 'short');
    expect(short.json()).toMatchObject({ errors: { newPassword: 'Password must be at least 8 characters' } });

    expect((await change(TEST_PASSWORD, 'a new password')).statusCode).toBe(204);
    expect((await refresh(elsewhere.refreshToken)).statusCode).toBe(401);
    expect((await refresh(here.refreshToken)).statusCode).toBe(200);
    expect((await login(user.email, TEST_PASSWORD, '10.0.9.1')).statusCode).toBe(401);
    expect((await login(user.email, 'a new password', '10.0.9.1')).statusCode).toBe(200);
  });
});

describe('answers that carry a secret', () => {
  // The operations whose answers carry a secret, and how this test calls each; a new one fails the next test
  // until it is added here (and so checked for `no-store`).
  const SECRET_ROUTES: Record<
    string,
    () => Promise<{ headers: Record<string, unknown>; statusCode: number }>
  > = {
    'POST /api/v1/auth/login': async () =>
      login((await createUser(ctx, 'viewer')).email, TEST_PASSWORD, '10.9.0.1'),
    'POST /api/v1/auth/refresh': async () =>
      refresh((await signIn(ctx, await createUser(ctx, 'viewer'))).refreshToken),
    // Two-factor sign-in (mfa.test.ts has the flows): the status, the secrets of an enrolment, the recovery codes.
    'GET /api/v1/auth/mfa': async () => (await callerAs(ctx, 'viewer')).get('/auth/mfa'),
    'POST /api/v1/auth/mfa/enrolment': async () =>
      (await callerAs(ctx, 'viewer')).post('/auth/mfa/enrolment', { password: TEST_PASSWORD }),
    'POST /api/v1/auth/mfa/enrolment/confirm': async () => {
      const caller = await callerAs(ctx, 'viewer');
      const { secret } = (await caller.post('/auth/mfa/enrolment', { password: TEST_PASSWORD })).json()
        .data as { secret: string };
      return caller.post('/auth/mfa/enrolment/confirm', { code: codeFor(secret, clock) });
    },
    'POST /api/v1/auth/login/mfa': async () => {
      const user = await createUser(ctx, 'viewer');
      const { recoveryCodes } = await enrolThroughApi(await callerAs(ctx, user), clock);
      const { mfaToken } = (await login(user.email, TEST_PASSWORD, '10.9.0.3')).json().data as {
        mfaToken: string;
      };
      return nobody.post('/auth/login/mfa', { mfaToken, code: recoveryCodes[0] });
    },
    'POST /api/v1/auth/login/mfa/enrolment': async () => {
      // A sign-in the owners' rule sends to enrol; the rule is lifted again at once.
      const owner = await callerAs(ctx, 'owner');
      await owner.put('/settings/sign-in', { mfaRequired: true });
      const answer = await login((await createUser(ctx, 'viewer')).email, TEST_PASSWORD, '10.9.0.4');
      await owner.put('/settings/sign-in', { mfaRequired: false });
      const { mfaToken } = answer.json().data as { mfaToken: string };
      return nobody.post('/auth/login/mfa/enrolment', { mfaToken });
    },
    'POST /api/v1/api-tokens': async () =>
      (await callerAs(ctx, 'admin')).post('/api-tokens', { name: 'cache check', role: 'viewer' }),
    'POST /api/v1/webhooks': async () =>
      (await callerAs(ctx, 'admin')).post('/webhooks', {
        url: 'http://127.0.0.1:9/hook',
        events: ['certificate.revoked'],
      }),
    'POST /api/v1/webhooks/:id/rotate-secret': async () => {
      const admin = await callerAs(ctx, 'admin');
      const created = await admin.post('/webhooks', {
        url: 'http://127.0.0.1:9/hook',
        events: ['certificate.revoked'],
      });
      return admin.post(`/webhooks/${(created.json() as { data: { id: string } }).data.id}/rotate-secret`);
    },
  };

  it('are found from the route table: every route whose answer has a token or secret field is listed here', () => {
    const routes = ctx.app.apiRoutes as unknown as {
      method: string;
      url: string;
      schema: { response?: Record<string, unknown> };
    }[];
    const secretRoutes = routes
      .filter((route) =>
        Object.entries(route.schema.response ?? {}).some(
          ([status, schema]) =>
            status.startsWith('2') &&
            typeof schema === 'object' &&
            schema !== null &&
            '_zod' in schema &&
            secretFieldsOf(schema as never).length > 0,
        ),
      )
      .map((route) => `${route.method} ${route.url}`);
    expect(secretRoutes.sort()).toEqual(Object.keys(SECRET_ROUTES).sort());
  });

  it('are never stored by a cache, and failed calls of those routes neither', async () => {
    for (const [name, call] of Object.entries(SECRET_ROUTES)) {
      const response = await call();
      expect(response.statusCode, name).toBeLessThan(300);
      expect(response.headers['cache-control'], name).toBe('no-store');
      expect(response.headers.pragma, name).toBe('no-cache');
    }
    const failed = await login('nobody@example.test', 'whatever', '10.9.0.2');
    expect(failed.statusCode).toBe(401);
    expect(failed.headers['cache-control']).toBe('no-store');
    expect((await refresh('not-a-token')).headers['cache-control']).toBe('no-store');
  });
});
