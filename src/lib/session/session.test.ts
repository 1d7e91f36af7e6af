import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTO_REFRESH_MS, MESSAGES } from '../../contract';
import { ApiError } from '../api/api-error';
import type { AuthApi } from '../api/auth-api';
import { createMemoryTokenStore, type TokenStore } from '../api/token-store';
import { deferred, testUser } from '../../../tests/support/console-fakes';
import { Session } from './session';
import type { SessionMessage, SessionSync } from './session-sync';

/** An AuthApi whose calls are spies; refresh hands out numbered, rotated tokens. */
function createFakeAuthApi() {
  let generation = 0;
  return {
    login: vi.fn<AuthApi['login']>(async () => ({
      accessToken: 'access-login',
      refreshToken: 'refresh-login',
      user: testUser,
    })),
    refresh: vi.fn<AuthApi['refresh']>(async () => {
      generation += 1;
      return { accessToken: `access-${generation}`, refreshToken: `refresh-${generation}` };
    }),
    validate: vi.fn<AuthApi['validate']>(async () => ({ valid: true as const, user: testUser })),
    logout: vi.fn<AuthApi['logout']>(async () => undefined),
  };
}

let authApi: ReturnType<typeof createFakeAuthApi>;
let store: TokenStore;

const createSession = () => new Session({ store, authApi });
const unauthorized = () =>
  new ApiError(MESSAGES.invalidRefreshToken, { status: 401, code: 'UNAUTHENTICATED' });

beforeEach(() => {
  vi.useFakeTimers();
  authApi = createFakeAuthApi();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('initialize', () => {
  it('without a refresh token clears whatever was stored and is unauthenticated, calling nothing', async () => {
    store = createMemoryTokenStore({ accessToken: 'stale', user: testUser });
    const session = createSession();
    expect(session.getState()).toEqual({ status: 'loading' });
    await session.initialize();
    expect(session.getState()).toEqual({ status: 'unauthenticated' });
    expect(store.getAccessToken()).toBeNull();
    expect(await store.getUser()).toBeNull();
    expect(authApi.refresh).not.toHaveBeenCalled();
    expect(authApi.validate).not.toHaveBeenCalled();
  });

  it('with a refresh token but no access token refreshes first, stores the rotated tokens, then validates', async () => {
    store = createMemoryTokenStore({ refreshToken: 'refresh-0' });
    const session = createSession();
    await session.initialize();
    expect(authApi.refresh).toHaveBeenCalledWith('refresh-0');
    expect(authApi.validate).toHaveBeenCalledWith('access-1');
    expect(store.getRefreshToken()).toBe('refresh-1');
    expect(await store.getUser()).toEqual(testUser);
    expect(session.getState()).toEqual({ status: 'authenticated', user: testUser });
  });

  it('with a refresh token but no access token ends signed out when the refresh fails', async () => {
    store = createMemoryTokenStore({ refreshToken: 'refresh-0', user: testUser });
    authApi.refresh.mockRejectedValue(unauthorized());
    const session = createSession();
    await session.initialize();
    expect(session.getState()).toEqual({ status: 'unauthenticated' });
    expect(store.getRefreshToken()).toBeNull();
    expect(await store.getUser()).toBeNull();
    expect(authApi.validate).not.toHaveBeenCalled();
  });

  it('with both tokens validates without refreshing', async () => {
    store = createMemoryTokenStore({ accessToken: 'access-0', refreshToken: 'refresh-0' });
    const session = createSession();
    await session.initialize();
    expect(authApi.validate).toHaveBeenCalledWith('access-0');
    expect(authApi.refresh).not.toHaveBeenCalled();
    expect(session.getState()).toEqual({ status: 'authenticated', user: testUser });
  });

  it('when validation fails refreshes once and validates the new token', async () => {
    store = createMemoryTokenStore({ accessToken: 'access-0', refreshToken: 'refresh-0' });
    authApi.validate.mockResolvedValueOnce({ valid: false });
    const session = createSession();
    await session.initialize();
    expect(authApi.validate.mock.calls).toEqual([['access-0'], ['access-1']]);
    expect(authApi.refresh).toHaveBeenCalledTimes(1);
    expect(session.getState()).toEqual({ status: 'authenticated', user: testUser });
  });

  it('when validation fails again after the refresh clears the tokens', async () => {
    store = createMemoryTokenStore({ accessToken: 'access-0', refreshToken: 'refresh-0', user: testUser });
    authApi.validate.mockResolvedValue({ valid: false });
    const session = createSession();
    await session.initialize();
    expect(authApi.validate).toHaveBeenCalledTimes(2);
    expect(authApi.refresh).toHaveBeenCalledTimes(1);
    expect(session.getState()).toEqual({ status: 'unauthenticated' });
    expect(store.getAccessToken()).toBeNull();
    expect(store.getRefreshToken()).toBeNull();
    expect(await store.getUser()).toBeNull();
  });

  it('when validation fails and the refresh fails clears the tokens without validating again', async () => {
    store = createMemoryTokenStore({ accessToken: 'access-0', refreshToken: 'refresh-0' });
    authApi.validate.mockResolvedValue({ valid: false });
    authApi.refresh.mockRejectedValue(unauthorized());
    const session = createSession();
    await session.initialize();
    expect(authApi.validate).toHaveBeenCalledTimes(1);
    expect(session.getState()).toEqual({ status: 'unauthenticated' });
    expect(store.getRefreshToken()).toBeNull();
  });

  it('takes the user from the validation, not from storage', async () => {
    const renamed = { ...testUser, name: 'Renamed Elsewhere' };
    store = createMemoryTokenStore({ accessToken: 'access-0', refreshToken: 'refresh-0', user: testUser });
    authApi.validate.mockResolvedValue({ valid: true, user: renamed });
    const session = createSession();
    await session.initialize();
    expect(session.getState()).toEqual({ status: 'authenticated', user: renamed });
    expect(await store.getUser()).toEqual(renamed);
  });

  it('calls onAccessToken once the token is in hand, beside the validation, not after it', async () => {
    store = createMemoryTokenStore({ refreshToken: 'refresh-0' });
    const validation = deferred<Awaited<ReturnType<AuthApi['validate']>>>();
    authApi.validate.mockReturnValue(validation.promise);
    const onAccessToken = vi.fn(() => {
      // The page's first calls can go out with the refreshed token.
      expect(store.getAccessToken()).toBe('access-1');
    });
    const session = createSession();
    const started = session.initialize({ onAccessToken });
    await vi.waitFor(() => expect(authApi.validate).toHaveBeenCalled());
    expect(onAccessToken).toHaveBeenCalledTimes(1);
    expect(session.getState()).toEqual({ status: 'loading' });
    validation.resolve({ valid: true, user: testUser });
    await started;
    expect(onAccessToken).toHaveBeenCalledTimes(1);
    expect(session.getState()).toEqual({ status: 'authenticated', user: testUser });
  });

  it('does not call onAccessToken without a token to call with', async () => {
    const onAccessToken = vi.fn();
    store = createMemoryTokenStore({});
    await createSession().initialize({ onAccessToken });
    store = createMemoryTokenStore({ refreshToken: 'refresh-0' });
    authApi.refresh.mockRejectedValue(unauthorized());
    await createSession().initialize({ onAccessToken });
    expect(onAccessToken).not.toHaveBeenCalled();
  });

  it('schedules the auto-refresh after succeeding', async () => {
    store = createMemoryTokenStore({ accessToken: 'access-0', refreshToken: 'refresh-0' });
    const session = createSession();
    await session.initialize();
    await vi.advanceTimersByTimeAsync(AUTO_REFRESH_MS - 1);
    expect(authApi.refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(authApi.refresh).toHaveBeenCalledTimes(1);
  });
});

describe('login', () => {
  beforeEach(() => {
    store = createMemoryTokenStore();
  });

  it('stores the token set, is authenticated and refreshes every 10 minutes, each time with the rotated token', async () => {
    const session = createSession();
    const listener = vi.fn();
    session.subscribe(listener);
    await session.login({ email: testUser.email, password: 'pw' });
    expect(session.getState()).toEqual({ status: 'authenticated', user: testUser });
    expect(listener).toHaveBeenCalled();
    expect(store.getAccessToken()).toBe('access-login');
    expect(store.getRefreshToken()).toBe('refresh-login');
    expect(await store.getUser()).toEqual(testUser);

    await vi.advanceTimersByTimeAsync(AUTO_REFRESH_MS);
    expect(authApi.refresh.mock.calls).toEqual([['refresh-login']]);
    expect(store.getAccessToken()).toBe('access-1');
    await vi.advanceTimersByTimeAsync(AUTO_REFRESH_MS);
    expect(authApi.refresh.mock.calls).toEqual([['refresh-login'], ['refresh-1']]);
    expect(store.getRefreshToken()).toBe('refresh-2');
  });

  it('passes the login error on and stays signed out', async () => {
    authApi.login.mockRejectedValue(new ApiError(MESSAGES.invalidCredentials, { status: 401 }));
    const session = createSession();
    await session.initialize();
    await expect(session.login({ email: 'x@y.z', password: 'nope' })).rejects.toThrow(
      MESSAGES.invalidCredentials,
    );
    expect(session.getState()).toEqual({ status: 'unauthenticated' });
  });
});

describe('auto-refresh failure (tokenExpired)', () => {
  it('clears user and tokens and fires the event with the required message', async () => {
    store = createMemoryTokenStore();
    const session = createSession();
    const onExpired = vi.fn();
    session.onTokenExpired(onExpired);
    await session.login({ email: testUser.email, password: 'pw' });
    authApi.refresh.mockRejectedValue(unauthorized());
    await vi.advanceTimersByTimeAsync(AUTO_REFRESH_MS);
    expect(onExpired).toHaveBeenCalledExactlyOnceWith(MESSAGES.authFailed);
    expect(session.getState()).toEqual({ status: 'unauthenticated', reason: MESSAGES.authFailed });
    expect(store.getAccessToken()).toBeNull();
    expect(store.getRefreshToken()).toBeNull();
    expect(await store.getUser()).toBeNull();
    // No timer is left behind.
    await vi.advanceTimersByTimeAsync(AUTO_REFRESH_MS * 3);
    expect(authApi.refresh).toHaveBeenCalledTimes(1);
  });
});

describe('refresh', () => {
  it('shares one call between concurrent callers', async () => {
    store = createMemoryTokenStore({ accessToken: 'access-0', refreshToken: 'refresh-0' });
    const held = deferred<{ accessToken: string; refreshToken: string }>();
    authApi.refresh.mockReturnValueOnce(held.promise);
    const session = createSession();
    const results = [session.refresh(), session.refresh(), session.refresh()];
    held.resolve({ accessToken: 'access-new', refreshToken: 'refresh-new' });
    expect(await Promise.all(results)).toEqual([true, true, true]);
    expect(authApi.refresh).toHaveBeenCalledTimes(1);
    // Once settled, the next refresh is a new call with the rotated token.
    await session.refresh();
    expect(authApi.refresh.mock.calls).toEqual([['refresh-0'], ['refresh-new']]);
  });

  it('returns false and clears the tokens when it fails', async () => {
    store = createMemoryTokenStore({ accessToken: 'access-0', refreshToken: 'refresh-0', user: testUser });
    authApi.refresh.mockRejectedValue(unauthorized());
    const session = createSession();
    expect(await session.refresh()).toBe(false);
    expect(store.getAccessToken()).toBeNull();
    expect(store.getRefreshToken()).toBeNull();
  });
});

describe('logout', () => {
  it('ends the session on the server with the refresh token, clears everything and stops the timer', async () => {
    store = createMemoryTokenStore();
    const session = createSession();
    await session.login({ email: testUser.email, password: 'pw' });
    await session.logout();
    expect(authApi.logout).toHaveBeenCalledWith('refresh-login', 'access-login');
    expect(session.getState()).toEqual({ status: 'unauthenticated' });
    expect(store.getRefreshToken()).toBeNull();
    expect(await store.getUser()).toBeNull();
    await vi.advanceTimersByTimeAsync(AUTO_REFRESH_MS * 2);
    expect(authApi.refresh).not.toHaveBeenCalled();
  });

  it('clears everything even when the server call fails', async () => {
    store = createMemoryTokenStore();
    authApi.logout.mockRejectedValue(new ApiError(MESSAGES.networkError, { status: 0 }));
    const session = createSession();
    await session.login({ email: testUser.email, password: 'pw' });
    await session.logout();
    expect(session.getState()).toEqual({ status: 'unauthenticated' });
    expect(store.getAccessToken()).toBeNull();
    expect(store.getRefreshToken()).toBeNull();
  });
});

/**
 * The tabs of one browser: every tab sees the same store (the cookies and local storage they share) and hears the
 * others' messages; `exclusive` lets one task run at a time, as the Web Lock does.
 */
function createBrowserOfTabs() {
  const listeners = new Set<(message: SessionMessage) => void>();
  let queue: Promise<unknown> = Promise.resolve();
  const tab = (): SessionSync => {
    const own = new Set<(message: SessionMessage) => void>();
    return {
      publish: (message) => {
        for (const listener of listeners) if (!own.has(listener)) listener(structuredClone(message));
      },
      subscribe: (listener) => {
        own.add(listener);
        listeners.add(listener);
        return () => {
          own.delete(listener);
          listeners.delete(listener);
        };
      },
      exclusive: <T>(task: () => Promise<T>) => {
        const run = queue.then(task, task);
        queue = run.catch(() => undefined);
        return run;
      },
    };
  };
  return { openTab: () => new Session({ store, authApi, sync: tab() }) };
}

describe('tabs of one browser', () => {
  beforeEach(() => {
    store = createMemoryTokenStore();
  });

  it('signing in in one tab signs in the others, without a request', async () => {
    const browser = createBrowserOfTabs();
    const first = browser.openTab();
    const second = browser.openTab();
    await second.initialize();
    expect(second.getState()).toEqual({ status: 'unauthenticated' });
    await first.login({ email: testUser.email, password: 'pw' });
    expect(second.getState()).toEqual({ status: 'authenticated', user: testUser });
    expect(authApi.validate).not.toHaveBeenCalled();
  });

  it('Logout in one tab signs every tab out; an ended session tells every tab why', async () => {
    const browser = createBrowserOfTabs();
    const first = browser.openTab();
    const second = browser.openTab();
    const onExpired = vi.fn();
    second.onTokenExpired(onExpired);
    await first.login({ email: testUser.email, password: 'pw' });
    await first.logout();
    expect(second.getState()).toEqual({ status: 'unauthenticated' });
    expect(onExpired).not.toHaveBeenCalled();

    await first.login({ email: testUser.email, password: 'pw' });
    first.expire(MESSAGES.authFailed);
    expect(second.getState()).toEqual({ status: 'unauthenticated', reason: MESSAGES.authFailed });
    expect(onExpired).toHaveBeenCalledExactlyOnceWith(MESSAGES.authFailed);
  });

  it('two tabs refreshing at once make one refresh, and both carry on with its token', async () => {
    const browser = createBrowserOfTabs();
    const first = browser.openTab();
    const second = browser.openTab();
    await first.login({ email: testUser.email, password: 'pw' });
    const held = deferred<{ accessToken: string; refreshToken: string }>();
    authApi.refresh.mockReturnValueOnce(held.promise);
    const both = Promise.all([first.refresh(), second.refresh()]);
    held.resolve({ accessToken: 'access-new', refreshToken: 'refresh-new' });
    expect(await both).toEqual([true, true]);
    expect(authApi.refresh).toHaveBeenCalledTimes(1);
    expect(store.getAccessToken()).toBe('access-new');
  });

  it("a tab's refresh restarts the others' timers, so the tabs do not all refresh", async () => {
    const browser = createBrowserOfTabs();
    const first = browser.openTab();
    const second = browser.openTab();
    await first.login({ email: testUser.email, password: 'pw' });
    await vi.advanceTimersByTimeAsync(AUTO_REFRESH_MS / 2);
    await first.refresh();
    expect(authApi.refresh).toHaveBeenCalledTimes(1);
    // Half a period later the first login's timer would have fired in the second tab; it was restarted.
    await vi.advanceTimersByTimeAsync(AUTO_REFRESH_MS / 2);
    expect(authApi.refresh).toHaveBeenCalledTimes(1);
    // A full period after the refresh both timers fire; the second tab finds the first one's new token and waits.
    await vi.advanceTimersByTimeAsync(AUTO_REFRESH_MS / 2);
    expect(authApi.refresh).toHaveBeenCalledTimes(2);
    expect(second.getState()).toEqual({ status: 'authenticated', user: testUser });
  });
});
