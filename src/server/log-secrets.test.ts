// No log line of the server test run may carry an argon2 hash, a JWT, a refresh token or a PEM block. Every test
// app logs at debug level into memory and searches its lines when it closes (tests/support/test-app.ts), so each
// server test file checks the logs of everything it did; this file checks that the search finds each kind of secret,
// at any level, and drives the flows that handle secrets (sign-in, refresh and its reuse, password changes, user
// creation, failed and throttled sign-ins, a database failure) through an app whose close must find nothing.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ROLE_IDS } from '../contract';
import { hashPassword } from './services/auth/passwords';
import { secretsInLog } from '../../tests/support/log-secrets';
import { createTestApp, createUser, TEST_PASSWORD } from '../../tests/support/test-app';
import { anonymous, callerAs } from '../../tests/support/callers';

describe('the log search', () => {
  it('finds each kind of secret by its shape, and nothing in ordinary lines', async () => {
    const hash = await hashPassword('a password');
    const line = (extra: object) =>
      JSON.stringify({
        level: 30,
        reqId: '0b6c8f0e-4a59-4d43-9a0e-6f2f4c1d7e21',
        msg: 'request completed',
        ...extra,
      });
    expect(await secretsInLog([line({ hash })])).toEqual(['argon2 hash']);
    expect(await secretsInLog([line({ token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln' })])).toEqual([
      'JWT',
    ]);
    expect(await secretsInLog([line({ key: '-----BEGIN PRIVATE KEY-----\nMC4CAQ' })])).toEqual(['PEM block']);
    expect(await secretsInLog([line({ auth: `Bearer lc_${'A'.repeat(43)}` })])).toEqual(['API token']);
    expect(
      await secretsInLog([line({ uri: 'otpauth://totp/License%20Console:a%40b.co?secret=x' })]),
    ).toContain('otpauth URI');
    expect(await secretsInLog([line({ detail: `secret JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP here` })])).toEqual([
      'TOTP secret',
    ]);
    expect(
      await secretsInLog([
        line({
          url: `/api/v1/mail/unsubscribe?token=user.0b6c8f0e-4a59-4d43-9a0e-6f2f4c1d7e21.${'A'.repeat(43)}`,
        }),
      ]),
    ).toEqual(['unsubscribe token']);
    expect(
      await secretsInLog([
        line({
          url: '/api/v1/certificates?search=abc',
          sha256: 'a'.repeat(64),
          kid: '0123456789abcdef',
          responseTime: 1.5,
        }),
        line({ err: { type: 'DrizzleQueryError', message: 'Failed query: select 1' } }),
      ]),
    ).toEqual([]);
  });

  it('fails the closing of a test app that logged a refresh token, a JWT or a hash, at any level', async () => {
    for (const leak of ['refresh token', 'JWT', 'argon2 hash'] as const) {
      const ctx = await createTestApp();
      const session = await callerAs(ctx, 'viewer');
      const secret =
        leak === 'refresh token'
          ? session.refreshToken
          : leak === 'JWT'
            ? session.accessToken
            : await hashPassword('x-password');
      ctx.app.log.debug({ detail: `something with ${secret} inside` }, 'a careless line');
      await expect(ctx.close()).rejects.toThrow(leak);
    }
  });

  it('finds nothing after the flows that handle secrets, logged at debug level', async () => {
    // No grace window, so presenting a spent refresh token again is the replay that ends the session.
    const ctx = await createTestApp({ env: { REFRESH_REUSE_GRACE_SECONDS: '0' } });
    const nobody = anonymous(ctx);
    const owner = await callerAs(ctx, 'owner');
    const user = await createUser(ctx, 'editor');
    const login = (password: string) =>
      nobody.post('/auth/login', { email: user.email, password }, { remoteAddress: '10.7.0.1' });
    expect((await login('wrong password')).statusCode).toBe(401);
    const session = await callerAs(ctx, user);
    const refresh = () => nobody.post('/auth/refresh', { refreshToken: session.refreshToken });
    expect((await refresh()).statusCode).toBe(200);
    // Reuse of the spent token: the session is ended and the event logged.
    expect((await refresh()).statusCode).toBe(401);
    // An API token: created (its secret in the answer), used, refused once revoked, and a forged one refused.
    const created = await owner.post('/api-tokens', { name: 'log check', role: 'editor' });
    const { id, token } = (created.json() as { data: { id: string; token: string } }).data;
    const withToken = (secret: string) =>
      nobody.get('/clients', { headers: { authorization: `Bearer ${secret}` } });
    expect((await withToken(token)).statusCode).toBe(200);
    expect((await owner.delete(`/api-tokens/${id}`)).statusCode).toBe(204);
    expect((await withToken(token)).statusCode).toBe(401);
    expect((await withToken(`lc_${'x'.repeat(43)}`)).statusCode).toBe(401);
    const again = await callerAs(ctx, user);
    const changed = await again.post('/auth/password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'another-password-1',
      refreshToken: again.refreshToken,
    });
    expect(changed.statusCode).toBe(204);
    expect((await nobody.post('/auth/validate', { token: again.accessToken })).statusCode).toBe(200);
    const newViewer = (name: string, email: string) => ({
      name,
      email,
      password: TEST_PASSWORD,
      roleId: ROLE_IDS.viewer,
    });
    const newUser = await owner.post('/users', newViewer('New Person', 'new-person@example.test'));
    expect(newUser.statusCode).toBe(201);
    for (let i = 0; i < 6; i += 1) await login(`guess-${i}`);
    // A database failure while the new user's hash is bound to the insert.
    await ctx.database.db.execute(
      sql`create function refuse_insert() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`,
    );
    await ctx.database.db.execute(
      sql`create trigger refuse_insert before insert on users for each row execute function refuse_insert()`,
    );
    const failed = await owner.post('/users', newViewer('Failing Person', 'failing-person@example.test'));
    expect(failed.statusCode).toBe(500);
    await expect(ctx.close()).resolves.toBeUndefined();
  });
});
