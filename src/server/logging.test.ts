// Authentication events are logged with the user id and client address, never a password or token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  signIn,
  TEST_PASSWORD,
  type TestContext,
} from '../../tests/support/test-app';

const lines: string[] = [];
let ctx: TestContext;
beforeAll(async () => {
  // No grace window: the second refresh with the spent token below is the replay that is logged.
  ctx = await createTestApp({ logLines: lines, env: { REFRESH_REUSE_GRACE_SECONDS: '0' } });
});
afterAll(() => ctx.close());

const events = () =>
  lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.event);

describe('logs', () => {
  it('record sign-in, failure, refresh reuse, password change and logout without secrets', async () => {
    const user = await createUser(ctx, 'editor');
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user.email, password: 'wrong-password' },
      remoteAddress: '10.1.1.1',
    });
    const session = await signIn(ctx, user);
    const rotated = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refreshToken: session.refreshToken },
    });
    const next = (rotated.json() as { data: { refreshToken: string } }).data.refreshToken;
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refreshToken: session.refreshToken },
    });
    const again = await signIn(ctx, user);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password',
      headers: again.headers,
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'another-secret-1' },
    });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      payload: { refreshToken: again.refreshToken },
    });

    const seen = events().map((entry) => [entry.event, entry.userId]);
    expect(seen).toEqual(
      expect.arrayContaining([
        ['auth.login.failed', user.id],
        ['auth.login', user.id],
        ['auth.refresh.reuse', user.id],
        ['auth.password_changed', user.id],
        ['auth.logout', user.id],
      ]),
    );
    expect(events().find((entry) => entry.event === 'auth.login.failed')).toMatchObject({ ip: '10.1.1.1' });

    // Held back after five failures: logged with the account's user id and the address, as every auth event is.
    for (let i = 0; i < 6; i += 1) {
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: user.email, password: `guess-${i}` },
        remoteAddress: '10.1.1.2',
      });
    }
    expect(events().find((entry) => entry.event === 'auth.login.throttled')).toMatchObject({
      userId: user.id,
      ip: '10.1.1.2',
    });
    const authEvents = events().filter((entry) => String(entry.event).startsWith('auth.'));
    for (const entry of authEvents) {
      expect(entry.userId, `${String(entry.event)} names the user`).toBe(user.id);
      expect(entry.ip, `${String(entry.event)} names the client address`).toEqual(expect.any(String));
    }
    expect(lines.some((line) => line.includes('"reqId"'))).toBe(true);
    const everything = lines.join('\n');
    for (const secret of [
      TEST_PASSWORD,
      'wrong-password',
      'another-secret-1',
      session.accessToken,
      session.refreshToken,
      next,
      again.accessToken,
      again.refreshToken,
    ]) {
      expect(everything).not.toContain(secret);
    }
  });

  it('write one line per request at info level, when it is answered', async () => {
    const answer = await ctx.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'one-line' },
    });
    expect(answer.statusCode).toBe(200);
    const own = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.reqId === 'one-line');
    // `lines` holds info and above, as production writes them; the line a request began with is debug only (the
    // drain test in tests/support/crash-harness.ts reads it at debug level).
    expect(own).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'request completed',
        req: expect.objectContaining({ method: 'GET', url: '/healthz' }),
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
    ]);
  });
});
