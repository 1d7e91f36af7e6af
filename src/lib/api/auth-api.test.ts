import { describe, expect, it } from 'vitest';
import { MESSAGES, SIGN_IN_MESSAGES } from '../../contract';
import { createFakeFetch, errorJson, json, testUser } from '../../../tests/support/console-fakes';
import { createAuthApi } from './auth-api';

const loginWith = (response: () => Response) =>
  createAuthApi({ baseUrl: '/api/v1', fetch: createFakeFetch(response).fetch }).login({
    email: 'a@b.test',
    password: 'pw',
  });

describe('login error catalogue (docs/requirements.md#error-texts)', () => {
  it.each([
    [
      401,
      { message: 'whatever the server says', code: 'UNAUTHENTICATED' as const },
      MESSAGES.invalidCredentials,
    ],
    [
      403,
      { message: 'whatever the server says', code: 'ACCOUNT_DISABLED' as const },
      MESSAGES.accountDisabled,
    ],
    // Password sign-in turned off for staff is a 403 of its own, said in the server's words.
    [
      403,
      { message: SIGN_IN_MESSAGES.passwordLoginDisabled, code: 'FORBIDDEN' as const },
      SIGN_IN_MESSAGES.passwordLoginDisabled,
    ],
    [500, { message: 'Internal server error', code: 'INTERNAL' as const }, MESSAGES.serverError],
    [503, { message: 'Unavailable', code: 'INTERNAL' as const }, MESSAGES.serverError],
    [
      429,
      { message: 'Too many attempts. Try again in 9 seconds.', code: 'RATE_LIMITED' as const },
      'Too many attempts. Try again in 9 seconds.',
    ],
  ])('status %i shows %j as %s', async (status, body, expected) => {
    await expect(loginWith(() => errorJson(status, body))).rejects.toThrow(expected);
  });

  it("shows 'Login failed' when another failure has no message", async () => {
    await expect(loginWith(() => new Response('teapot', { status: 418 }))).rejects.toThrow(
      MESSAGES.loginFailed,
    );
  });

  it('reports a network failure', async () => {
    const offline = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    await expect(
      createAuthApi({ baseUrl: '/api/v1', fetch: offline }).login({ email: 'a@b.test', password: 'pw' }),
    ).rejects.toThrow(MESSAGES.networkError);
  });

  it('returns the token set on success', async () => {
    const tokens = { accessToken: 'a', refreshToken: 'r', user: testUser };
    await expect(loginWith(() => json({ data: tokens }))).resolves.toEqual(tokens);
  });
});

describe('logout', () => {
  it('posts the refresh token with the bearer token', async () => {
    const server = createFakeFetch(() => new Response(null, { status: 204 }));
    await createAuthApi({ baseUrl: '/api/v1', fetch: server.fetch }).logout('refresh-1', 'access-1');
    expect(server.calls[0]).toMatchObject({
      method: 'POST',
      path: '/auth/logout',
      body: { refreshToken: 'refresh-1' },
    });
    expect(server.calls[0]?.headers.get('Authorization')).toBe('Bearer access-1');
  });
});
