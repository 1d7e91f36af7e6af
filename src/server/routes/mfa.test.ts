// Two-factor codes (docs/sign-in.md): enrolment from the Account page, the sign-in step after the password
// (a code accepted once, throttled like passwords, recovery codes), enrolment the owners require, an admin's reset,
// the mfaToken kept apart from access tokens, and the secret encrypted at rest with a key outside the database.
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { tokenSetResponseSchema, SIGN_IN_MESSAGES } from '../../contract';
import { mfaLoginResponseSchema, mfaStatusResponseSchema } from '../../contract/sign-in';
import { buildApp, loggerOptions } from '../app';
import { mfaRecoveryCodes, users } from '../db/schema';
import { loadSecretsKey, SecretsKeyError } from '../services/mfa/secrets-key';
import { activitiesOf } from '../../../tests/support/certificates';
import {
  anonymous,
  callerAs,
  callerWith,
  expectRefusal,
  testAppPerFile,
  type Caller,
  type SignedInCaller,
} from '../../../tests/support/callers';
import { codeFor, enrolThroughApi } from '../../../tests/support/mfa';
import { createUser, TestClock, TEST_PASSWORD, type TestUser } from '../../../tests/support/test-app';

const clock = new TestClock();
const logLines: string[] = [];
const ctx = testAppPerFile({ clock, logLines });
/** Every secret this file handles: none may appear in a log line. */
const secrets: string[] = [];
let nobody: Caller;
let owner: SignedInCaller;
let admin: SignedInCaller;

beforeAll(async () => {
  nobody = anonymous(ctx);
  owner = await callerAs(ctx, 'owner');
  admin = await callerAs(ctx, 'admin');
});

const login = (user: Pick<TestUser, 'email'>, ip: string, password = TEST_PASSWORD) =>
  nobody.post('/auth/login', { email: user.email, password }, { remoteAddress: ip });
const loginMfa = (mfaToken: string, code: string, ip: string) =>
  nobody.post('/auth/login/mfa', { mfaToken, code }, { remoteAddress: ip });
/** The next authenticator period: a code is accepted once, so each sign-in of a test waits for a new one. */
const nextPeriod = () => clock.advance(30_000);

/** The mfaToken a right password answers for an account with two-factor codes. */
async function passwordStep(user: TestUser, ip: string): Promise<string> {
  const response = await login(user, ip);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['set-cookie']).toBeUndefined();
  const { data } = response.json() as { data: { mfaRequired: true; mfaToken: string } };
  expect(data).toEqual({ mfaRequired: true, mfaToken: expect.any(String) });
  secrets.push(data.mfaToken);
  return data.mfaToken;
}

/** A user of `role` with two-factor codes on, enrolled through the API. */
async function enrolledUser(role: 'editor' | 'owner' = 'editor') {
  const user = await createUser(ctx, role);
  const caller = await callerAs(ctx, user);
  const enrolment = await enrolThroughApi(caller, clock);
  secrets.push(enrolment.secret, enrolment.otpauthUri, ...enrolment.recoveryCodes);
  nextPeriod();
  return { user, caller, ...enrolment };
}

const refusals = async (userId: string) =>
  (await activitiesOf(ctx.database.db, userId))
    .filter((row) => row.type === 'auth.sign_in_refused')
    .map((row) => row.description.replace(/.*: /, ''));

describe('enrolment from the Account page', () => {
  it('answers a secret and its otpauth URI, turns on with a code, and hands out ten hashed recovery codes', async () => {
    const caller = await callerAs(ctx, 'editor');
    const status = async () => mfaStatusResponseSchema.parse((await caller.get('/auth/mfa')).json()).data;
    const off = { enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false, available: true };
    expect(await status()).toEqual(off);
    const started = await caller.post('/auth/mfa/enrolment', { password: TEST_PASSWORD });
    expect(started.headers['cache-control']).toBe('no-store');
    const { secret, otpauthUri } = (started.json() as { data: { secret: string; otpauthUri: string } }).data;
    secrets.push(secret, otpauthUri);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(otpauthUri);
    expect(`${uri.protocol}//${uri.host}${decodeURIComponent(uri.pathname)}`).toBe(
      `otpauth://totp/License Console:${caller.user.email}`,
    );
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({
      issuer: 'License Console',
      secret,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });

    expectRefusal(
      await caller.post('/auth/mfa/enrolment/confirm', { code: '000000' }),
      400,
      'VALIDATION_FAILED',
      SIGN_IN_MESSAGES.invalidMfaCode,
    );
    const confirmed = await caller.post('/auth/mfa/enrolment/confirm', { code: codeFor(secret, clock) });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.headers['cache-control']).toBe('no-store');
    const { recoveryCodes } = (confirmed.json() as { data: { recoveryCodes: string[] } }).data;
    secrets.push(...recoveryCodes);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);

    const on = { enabled: true, enabledAt: clock.now().getTime(), recoveryCodesLeft: 10 };
    expect(await status()).toEqual({ ...off, ...on });
    expectRefusal(
      await caller.post('/auth/mfa/enrolment', { password: TEST_PASSWORD }),
      409,
      'CONFLICT',
      SIGN_IN_MESSAGES.mfaAlreadyEnabled,
    );
    expect((await admin.get(`/users/${caller.user.id}`)).json()).toMatchObject({
      data: { mfaEnabled: true },
    });
    expect((await activitiesOf(ctx.database.db, caller.user.id)).map((row) => row.type)).toContain(
      'user.mfa_enabled',
    );

    // At rest: the secret encrypted (AES-256-GCM), the recovery codes hashed.
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, caller.user.id));
    expect(row!.mfaSecret).toMatch(/^v1\./);
    expect(row!.mfaSecret).not.toContain(secret);
    const stored = await ctx.database.db
      .select({ hash: mfaRecoveryCodes.codeHash })
      .from(mfaRecoveryCodes)
      .where(eq(mfaRecoveryCodes.userId, caller.user.id));
    expect(stored).toHaveLength(10);
    for (const { hash } of stored) expect(hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('is for password accounts only: one made by single sign-on gets a clear refusal', async () => {
    const caller = await callerAs(ctx, 'viewer');
    await ctx.database.db.update(users).set({ passwordHash: null }).where(eq(users.id, caller.user.id));
    expect((await caller.get('/auth/mfa')).json()).toMatchObject({
      data: { available: false, enabled: false },
    });
    // As turning codes off: no password to check, nothing to set up (the provider is their second factor).
    expectRefusal(
      await caller.post('/auth/mfa/enrolment', { password: 'anything' }),
      409,
      'CONFLICT',
      SIGN_IN_MESSAGES.mfaNeedsPassword,
    );
    expectRefusal(
      await caller.request('DELETE', '/auth/mfa', { password: 'anything' }),
      409,
      'CONFLICT',
      SIGN_IN_MESSAGES.mfaNeedsPassword,
    );
  });
});

describe('enrolment takes the current password', () => {
  const pendingOf = async (id: string) =>
    (
      await ctx.database.db.select({ pending: users.mfaPendingSecret }).from(users).where(eq(users.id, id))
    )[0]!.pending;

  it('refuses an access token alone with a 400 that says to enter the password, and starts nothing', async () => {
    const caller = await callerAs(ctx, 'editor');
    for (const [body, field] of [
      [undefined, 'body'],
      [{}, 'password'],
      [{ password: '' }, 'password'],
    ] as const) {
      const response = await caller.request('POST', '/auth/mfa/enrolment', body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'Enter your current password to set up two-factor sign-in',
        errors: { [field]: 'Enter your current password to set up two-factor sign-in' },
      });
    }
    expect(await pendingOf(caller.user.id)).toBeNull();
  });

  it('refuses a wrong password with 400 on password, logged and throttled like a sign-in; the right one starts it', async () => {
    const caller = await callerAs(ctx, 'editor');
    const enrol = (password: string) =>
      caller.post('/auth/mfa/enrolment', { password }, { remoteAddress: '10.12.0.1' });
    for (let i = 0; i < 5; i += 1) {
      const wrong = await enrol(`wrong-${i}`);
      expect(wrong.statusCode, wrong.body).toBe(400);
      expect(wrong.json()).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'Current password is incorrect',
        errors: { password: 'Current password is incorrect' },
      });
    }
    expect(await pendingOf(caller.user.id)).toBeNull();
    expect(
      logLines.some(
        (line) => line.includes('"event":"auth.mfa_enrol.failed"') && line.includes(caller.user.id),
      ),
    ).toBe(true);
    // Five wrong guesses hold the address back, the right password included, as a sign-in's would.
    expectRefusal(await enrol(TEST_PASSWORD), 429, 'RATE_LIMITED');
    clock.advance(1000);
    const started = await enrol(TEST_PASSWORD);
    expect(started.statusCode, started.body).toBe(200);
    secrets.push(...Object.values((started.json() as { data: Record<string, string> }).data));
    expect(await pendingOf(caller.user.id)).not.toBeNull();
  });
});

describe('signing in with a code', () => {
  it('asks for a code after the password, then signs in like a password does; each code is accepted once', async () => {
    const { user, secret } = await enrolledUser();
    const signedInBefore = (await activitiesOf(ctx.database.db, user.id)).filter(
      (row) => row.type === 'auth.signed_in',
    ).length;
    const code = codeFor(secret, clock);
    const signedIn = await loginMfa(await passwordStep(user, '10.2.0.1'), code, '10.2.0.1');
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('no-store');
    expect(String(signedIn.headers['set-cookie'])).toContain('lc_refresh=');
    const tokens = tokenSetResponseSchema.parse(signedIn.json()).data;
    expect(tokens.user).toMatchObject({ uuid: user.id, lastLoginAt: clock.now().getTime() });
    const sessions = await callerWith(ctx, { authorization: `Bearer ${tokens.accessToken}` }).get(
      '/auth/sessions',
    );
    // The session of this sign-in, listed beside the one the enrolment was made from.
    expect((sessions.json() as { data: unknown[] }).data).toContainEqual(
      expect.objectContaining({ current: true, ipAddress: '10.2.0.1' }),
    );
    const signedInAfter = (await activitiesOf(ctx.database.db, user.id)).filter(
      (row) => row.type === 'auth.signed_in',
    );
    expect(signedInAfter).toHaveLength(signedInBefore + 1);

    // The same code again, and the one before it (still inside the ±1 step window): not newer, refused.
    const again = await passwordStep(user, '10.2.0.1');
    expectRefusal(
      await loginMfa(again, code, '10.2.0.1'),
      401,
      'UNAUTHENTICATED',
      SIGN_IN_MESSAGES.invalidMfaCode,
    );
    const previous = codeFor(secret, clock.now().getTime() - 30_000);
    expect((await loginMfa(again, previous, '10.2.0.1')).statusCode).toBe(401);
    expect(await refusals(user.id)).toEqual(['code already used', 'code already used']);
  });

  it('refuses wrong codes, recorded, and throttles them like passwords (the password step counts too)', async () => {
    const { user, secret } = await enrolledUser();
    const token = await passwordStep(user, '10.3.0.1');
    for (let i = 0; i < 4; i += 1)
      expectRefusal(
        await loginMfa(token, `00000${i}`, '10.3.0.1'),
        401,
        'UNAUTHENTICATED',
        SIGN_IN_MESSAGES.invalidMfaCode,
      );
    const held = await loginMfa(token, codeFor(secret, clock), '10.3.0.1');
    expectRefusal(held, 429, 'RATE_LIMITED');
    expect(held.headers['retry-after']).toBe('1');
    expect(await refusals(user.id)).toEqual([...Array(4).fill('wrong code'), 'too many attempts']);
    clock.advance(1000);
    expect((await loginMfa(token, codeFor(secret, clock), '10.3.0.1')).statusCode).toBe(200);
  });

  it('accepts a recovery code once, whatever its case and dashes', async () => {
    const { user, caller, recoveryCodes } = await enrolledUser();
    const code = recoveryCodes[3]!;
    const typed = code.toUpperCase().replace('-', ' ');
    expect((await loginMfa(await passwordStep(user, '10.4.0.1'), typed, '10.4.0.1')).statusCode).toBe(200);
    expect((await loginMfa(await passwordStep(user, '10.4.0.1'), code, '10.4.0.1')).statusCode).toBe(401);
    expect((await caller.get('/auth/mfa')).json()).toMatchObject({ data: { recoveryCodesLeft: 9 } });
  });

  it('keeps the mfaToken apart from access tokens, short-lived, and dead once the user is disabled or reset', async () => {
    const { user, caller, secret } = await enrolledUser();
    const ip = '10.5.0.1';
    const expired = SIGN_IN_MESSAGES.mfaSignInExpired;
    const token = await passwordStep(user, ip);
    // Another kind: a code's token does not start an enrolment.
    expectRefusal(
      await nobody.post('/auth/login/mfa/enrolment', { mfaToken: token }),
      401,
      'UNAUTHENTICATED',
      expired,
    );
    // Not a bearer token, and a bearer token is not an mfaToken.
    expect(
      (await callerWith(ctx, { authorization: `Bearer ${token}` }).get('/auth/sessions')).statusCode,
    ).toBe(401);
    expectRefusal(
      await loginMfa(caller.accessToken, codeFor(secret, clock), ip),
      401,
      'UNAUTHENTICATED',
      expired,
    );
    // Five minutes.
    clock.advance(301_000);
    expectRefusal(await loginMfa(token, codeFor(secret, clock), ip), 401, 'UNAUTHENTICATED', expired);

    const beforeDisable = await passwordStep(user, ip);
    await ctx.database.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expectRefusal(await loginMfa(beforeDisable, codeFor(secret, clock), ip), 401, 'UNAUTHENTICATED', expired);
    await ctx.database.db.update(users).set({ isActive: true }).where(eq(users.id, user.id));
    const beforeReset = await passwordStep(user, ip);
    expect((await admin.delete(`/users/${user.id}/mfa`)).statusCode).toBe(204);
    expectRefusal(await loginMfa(beforeReset, codeFor(secret, clock), ip), 401, 'UNAUTHENTICATED', expired);
  });
});

describe('owners requiring codes of every password account', () => {
  const requireCodes = (mfaRequired: boolean) => owner.put('/settings/sign-in', { mfaRequired });

  it('sends an account without codes to enrol at sign-in, then signs it in with its recovery codes', async () => {
    expect((await requireCodes(true)).statusCode).toBe(200);
    try {
      const user = await createUser(ctx, 'viewer');
      const answer = await login(user, '10.6.0.1');
      const { mfaToken } = (answer.json() as { data: { mfaEnrolmentRequired: true; mfaToken: string } }).data;
      secrets.push(mfaToken);
      expect(answer.json()).toEqual({ data: { mfaEnrolmentRequired: true, mfaToken } });
      expectRefusal(
        await loginMfa(mfaToken, '123456', '10.6.0.1'),
        409,
        'CONFLICT',
        SIGN_IN_MESSAGES.mfaNotPending,
      );

      const enrolment = await nobody.post('/auth/login/mfa/enrolment', { mfaToken });
      expect(enrolment.statusCode).toBe(200);
      expect(enrolment.headers['cache-control']).toBe('no-store');
      const { secret, otpauthUri } = (enrolment.json() as { data: { secret: string; otpauthUri: string } })
        .data;
      secrets.push(secret, otpauthUri);
      const done = await loginMfa(mfaToken, codeFor(secret, clock), '10.6.0.1');
      expect(done.statusCode, done.body).toBe(200);
      expect(String(done.headers['set-cookie'])).toContain('lc_refresh=');
      const session = mfaLoginResponseSchema.parse(done.json()).data;
      secrets.push(...(session.recoveryCodes ?? []));
      expect(session.recoveryCodes).toHaveLength(10);
      expect((await activitiesOf(ctx.database.db, user.id)).map((row) => row.type)).toEqual([
        'user.mfa_enabled',
        'auth.signed_in',
      ]);

      const signedIn = callerWith(ctx, { authorization: `Bearer ${session.accessToken}` });
      expect((await signedIn.get('/auth/mfa')).json()).toMatchObject({
        data: { enabled: true, required: true },
      });
      expectRefusal(
        await signedIn.request('DELETE', '/auth/mfa', { password: TEST_PASSWORD }),
        409,
        'CONFLICT',
        SIGN_IN_MESSAGES.mfaRequiredForAll,
      );
      // The rule lifted, the user may turn codes off, with the right password only.
      await requireCodes(false);
      expectRefusal(
        await signedIn.request('DELETE', '/auth/mfa', { password: 'wrong' }),
        400,
        'VALIDATION_FAILED',
      );
      expect((await signedIn.request('DELETE', '/auth/mfa', { password: TEST_PASSWORD })).statusCode).toBe(
        204,
      );
      expect((await activitiesOf(ctx.database.db, user.id)).at(-1)).toMatchObject({
        type: 'user.mfa_disabled',
      });
      expect((await login(user, '10.6.0.2')).json()).toMatchObject({ data: { user: { uuid: user.id } } });
    } finally {
      await requireCodes(false);
    }
  });
});

describe("an owner's or admin's reset", () => {
  it("removes another user's codes, recorded; an admin never an owner's, nobody their own", async () => {
    const { user } = await enrolledUser();
    expect((await admin.delete(`/users/${user.id}/mfa`)).statusCode).toBe(204);
    expect((await activitiesOf(ctx.database.db, user.id)).at(-1)).toEqual({
      type: 'user.mfa_reset',
      actorName: admin.user.name,
      description: `Reset two-factor sign-in of ${user.name} (${user.email})`,
    });
    expect((await login(user, '10.7.0.1')).json()).toMatchObject({
      data: { accessToken: expect.any(String) },
    });
    expect(await ctx.database.db.$count(mfaRecoveryCodes, eq(mfaRecoveryCodes.userId, user.id))).toBe(0);
    expectRefusal(
      await admin.delete(`/users/${user.id}/mfa`),
      409,
      'CONFLICT',
      SIGN_IN_MESSAGES.mfaNotEnabled,
    );

    const { user: anOwner } = await enrolledUser('owner');
    expectRefusal(await admin.delete(`/users/${anOwner.id}/mfa`), 403, 'FORBIDDEN');
    expect((await owner.delete(`/users/${anOwner.id}/mfa`)).statusCode).toBe(204);
    expectRefusal(await owner.delete(`/users/${owner.user.id}/mfa`), 403, 'FORBIDDEN');
    expectRefusal(await owner.delete('/users/00000000-0000-4000-8000-000000000000/mfa'), 404, 'NOT_FOUND');
  });
});

describe('the secrets key', () => {
  it('is needed to read a secret: a server with another key refuses codes clearly, recovery codes and a reset still work', async () => {
    const { user, secret, recoveryCodes } = await enrolledUser();
    const lines: string[] = [];
    const other = await buildApp({
      database: ctx.database,
      env: { ...ctx.env, SECRETS_KEY: 'ab'.repeat(32) },
      now: clock.now,
      consoleDir: '/nonexistent',
      checkResponses: true,
      expirySweep: false,
      webhookDispatcher: false,
      mail: false,
      housekeeping: false,
      logger: { ...loggerOptions('info'), stream: { write: (line: string) => lines.push(line) } },
    });
    const post = (url: string, payload: object) =>
      other.inject({ method: 'POST', url: `/api/v1${url}`, payload, remoteAddress: '10.8.0.1' });
    const token = async () =>
      (
        (await post('/auth/login', { email: user.email, password: TEST_PASSWORD })).json() as {
          data: { mfaToken: string };
        }
      ).data.mfaToken;
    try {
      const refused = await post('/auth/login/mfa', {
        mfaToken: await token(),
        code: codeFor(secret, clock),
      });
      expectRefusal(refused, 401, 'UNAUTHENTICATED', SIGN_IN_MESSAGES.mfaSecretUnreadable);
      expect(lines.some((line) => line.includes('"event":"auth.mfa.secret_unreadable"'))).toBe(true);
      expect(
        (await post('/auth/login/mfa', { mfaToken: await token(), code: recoveryCodes[0] })).statusCode,
      ).toBe(200);
      expect(other.responseContractViolations ?? []).toEqual([]);
    } finally {
      await other.close();
      logLines.push(...lines);
    }
    expect((await admin.delete(`/users/${user.id}/mfa`)).statusCode).toBe(204);
  });

  it('is a 0600 file in DATA_DIR, made on first need, when SECRETS_KEY is not set', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lc-secrets-'));
    const first = loadSecretsKey({ DATA_DIR: dataDir, SECRETS_KEY: undefined });
    expect(first).toMatchObject({ created: true, looseMode: false, from: join(dataDir, 'secrets.key') });
    expect(statSync(join(dataDir, 'secrets.key')).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(dataDir, 'secrets.key'), 'utf8')).toMatch(/^[0-9a-f]{64}\n$/);
    const again = loadSecretsKey({ DATA_DIR: dataDir, SECRETS_KEY: undefined });
    expect(again.created).toBe(false);
    expect(again.key.equals(first.key)).toBe(true);
    writeFileSync(join(dataDir, 'secrets.key'), 'not a key');
    expect(() => loadSecretsKey({ DATA_DIR: dataDir, SECRETS_KEY: undefined })).toThrow(SecretsKeyError);
  });
});

it('never logs a token, code, secret or recovery code of this file; a careless line has them redacted', () => {
  const careless = {
    mfaToken: 'm-token-1',
    code: '431907',
    secret: 'S-ECRET-1',
    recoveryCodes: ['r-code-1'],
  };
  const { code: _code, ...nested } = careless;
  ctx.app.log.warn({ ...careless, body: { ...nested, otpauthUri: 'u-ri-1' } }, 'a careless line');
  expect(logLines.at(-1)).toContain('[redacted]');
  secrets.push(...Object.values(careless).flat(), 'u-ri-1');
  const everything = logLines.join('\n');
  for (const secret of secrets) expect(everything).not.toContain(secret);
  expect(everything).toContain('"event":"auth.mfa.failed"');
});
