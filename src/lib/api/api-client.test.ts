import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { AUTO_REFRESH_MS, MESSAGES } from '../../contract';
import { createConsole } from '../session/create-console';
import {
  createFakeFetch,
  deferred,
  errorJson,
  json,
  testUser,
  type RecordedCall,
} from '../../../tests/support/console-fakes';
import { createMemoryTokenStore, type TokenStore } from './token-store';

const itemSchema = z.object({ data: z.object({ id: z.number() }) });

/**
 * A fake server: `/auth/refresh` rotates tokens (refresh-N → access-N+1/refresh-N+1) unless told
 * to fail; `/items` accepts only the newest access token.
 */
function createServer() {
  const state = {
    generation: 0,
    loginAccessToken: 'access-stale',
    isRefreshBroken: false,
    isRefusingEveryToken: false,
    heldRefresh: null as ReturnType<typeof deferred<void>> | null,
  };
  const server = createFakeFetch(async (call: RecordedCall) => {
    if (call.path === '/auth/login') {
      return json({
        data: { accessToken: state.loginAccessToken, refreshToken: 'refresh-0', user: testUser },
      });
    }
    if (call.path === '/auth/refresh') {
      if (state.heldRefresh) await state.heldRefresh.promise;
      const { refreshToken } = call.body as { refreshToken: string };
      if (state.isRefreshBroken || refreshToken !== `refresh-${state.generation}`) {
        return errorJson(401, { message: MESSAGES.invalidRefreshToken, code: 'UNAUTHENTICATED' });
      }
      state.generation += 1;
      return json({
        data: { accessToken: `access-${state.generation}`, refreshToken: `refresh-${state.generation}` },
      });
    }
    if (call.path.startsWith('/items')) {
      if (
        state.isRefusingEveryToken ||
        call.headers.get('Authorization') !== `Bearer access-${state.generation}`
      ) {
        return errorJson(401, { message: MESSAGES.unauthenticated, code: 'UNAUTHENTICATED' });
      }
      return json({ data: { id: 7 } });
    }
    return new Response('Not Found', { status: 404, statusText: 'Not Found' });
  });
  return { ...server, state };
}

let server: ReturnType<typeof createServer>;
let store: TokenStore;

/**
 * A console signed in through the fake server. By default its access token is one the server has
 * already moved past (calls answer 401 until a refresh); the login call is left out of `calls`.
 */
async function signedInConsole({ accessToken = 'access-stale' } = {}) {
  server.state.loginAccessToken = accessToken;
  store = createMemoryTokenStore();
  const services = createConsole({ apiUrl: '/api/v1', store, fetch: server.fetch });
  await services.session.login({ email: testUser.email, password: 'pw' });
  server.calls.length = 0;
  const onExpired = vi.fn();
  services.session.onTokenExpired(onExpired);
  return { ...services, onExpired };
}

beforeEach(() => {
  vi.useFakeTimers();
  server = createServer();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('every call', () => {
  it('sends the bearer token and JSON, and parses the answer with the schema', async () => {
    const { api } = await signedInConsole({ accessToken: 'access-0' });
    await expect(api.post('/items', { body: { name: 'x' }, schema: itemSchema })).resolves.toEqual({
      data: { id: 7 },
    });
    const [call] = server.calls;
    expect(call?.headers.get('Authorization')).toBe('Bearer access-0');
    expect(call?.headers.get('Content-Type')).toBe('application/json');
    expect(call?.body).toEqual({ name: 'x' });
  });

  it('puts defined query values in the URL', async () => {
    const { api } = await signedInConsole({ accessToken: 'access-0' });
    await api.get('/items', { query: { page: 2, search: 'a b', status: undefined } });
    expect(server.calls[0]?.path).toBe('/items?page=2&search=a+b');
  });

  it("fails with 'No authentication token' and calls nothing when there is no token", async () => {
    store = createMemoryTokenStore();
    const { api } = createConsole({ apiUrl: '/api/v1', store, fetch: server.fetch });
    await expect(api.get('/items')).rejects.toThrow(MESSAGES.noToken);
    expect(server.calls).toHaveLength(0);
  });
});

describe('on a 401', () => {
  it('refreshes once, stores the rotated refresh token and retries the call once', async () => {
    const { api, onExpired } = await signedInConsole();
    await expect(api.get('/items', { schema: itemSchema })).resolves.toEqual({ data: { id: 7 } });
    expect(server.calls.map((call) => call.path)).toEqual(['/items', '/auth/refresh', '/items']);
    expect(server.calls[2]?.headers.get('Authorization')).toBe('Bearer access-1');
    expect(store.getAccessToken()).toBe('access-1');
    expect(store.getRefreshToken()).toBe('refresh-1');
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('fires the token-expired event when the refresh fails, clearing the session', async () => {
    server.state.isRefreshBroken = true;
    const { api, session, onExpired } = await signedInConsole();
    await expect(api.get('/items')).rejects.toThrow(MESSAGES.authFailed);
    expect(onExpired).toHaveBeenCalledExactlyOnceWith(MESSAGES.authFailed);
    expect(session.getState()).toEqual({ status: 'unauthenticated', reason: MESSAGES.authFailed });
    expect(store.getRefreshToken()).toBeNull();
    expect(await store.getUser()).toBeNull();
    expect(server.callsTo('/items')).toHaveLength(1);
  });

  it('retries only once: a second 401 ends the session', async () => {
    const { api, onExpired } = await signedInConsole();
    server.state.isRefusingEveryToken = true;
    await expect(api.get('/items')).rejects.toThrow(MESSAGES.authFailed);
    expect(server.calls.map((call) => call.path)).toEqual(['/items', '/auth/refresh', '/items']);
    expect(onExpired).toHaveBeenCalledOnce();
  });

  it('shares a single refresh between concurrent 401s', async () => {
    const { api } = await signedInConsole();
    server.state.heldRefresh = deferred<void>();
    const results = Promise.all([api.get('/items'), api.get('/items'), api.get('/items')]);
    await vi.waitFor(() => expect(server.callsTo('/auth/refresh')).toHaveLength(1));
    server.state.heldRefresh.resolve();
    await results;
    expect(server.callsTo('/auth/refresh')).toHaveLength(1);
    expect(server.callsTo('/items')).toHaveLength(6);
  });

  it('shares the refresh the 10-minute timer has in flight', async () => {
    const { api } = await signedInConsole({ accessToken: 'access-0' });
    server.state.heldRefresh = deferred<void>();
    await vi.advanceTimersByTimeAsync(AUTO_REFRESH_MS);
    expect(server.callsTo('/auth/refresh')).toHaveLength(1);
    // The server moved on (another tab's view is irrelevant): the call's token is now refused.
    server.state.generation = 0;
    store.setAccessToken('access-stale');
    const call = api.get('/items', { schema: itemSchema });
    await vi.waitFor(() => expect(server.callsTo('/items')).toHaveLength(1));
    server.state.heldRefresh.resolve();
    await expect(call).resolves.toEqual({ data: { id: 7 } });
    expect(server.callsTo('/auth/refresh')).toHaveLength(1);
  });

  it('reuses a token another call refreshed meanwhile instead of refreshing again', async () => {
    const { api } = await signedInConsole();
    await api.get('/items');
    expect(server.callsTo('/auth/refresh')).toHaveLength(1);
    // A call that left with the old token comes back 401 after the refresh: retried with the new one.
    store.setAccessToken('access-stale');
    const lateCall = api.get('/items');
    store.setAccessToken('access-1');
    await lateCall;
    expect(server.callsTo('/auth/refresh')).toHaveLength(1);
  });
});

describe('other errors', () => {
  it("use the server's message", async () => {
    const failing = createFakeFetch(() =>
      errorJson(409, { message: 'Client already exists', code: 'CONFLICT' }),
    );
    store = createMemoryTokenStore({ accessToken: 'a', refreshToken: 'r' });
    const { api } = createConsole({ apiUrl: '/api/v1', store, fetch: failing.fetch });
    await expect(api.post('/clients', { body: {} })).rejects.toMatchObject({
      message: 'Client already exists',
      status: 409,
      code: 'CONFLICT',
    });
  });

  it("without a message are 'HTTP {status}: {text}'", async () => {
    const failing = createFakeFetch(() => new Response('<html>', { status: 502, statusText: 'Bad Gateway' }));
    store = createMemoryTokenStore({ accessToken: 'a', refreshToken: 'r' });
    const { api } = createConsole({ apiUrl: '/api/v1', store, fetch: failing.fetch });
    await expect(api.get('/items')).rejects.toThrow('HTTP 502: Bad Gateway');
  });

  it('carry the field errors of a validation failure', async () => {
    const failing = createFakeFetch(() =>
      errorJson(400, {
        message: 'Name is required',
        code: 'VALIDATION_FAILED',
        errors: { name: 'Name is required' },
      }),
    );
    store = createMemoryTokenStore({ accessToken: 'a', refreshToken: 'r' });
    const { api } = createConsole({ apiUrl: '/api/v1', store, fetch: failing.fetch });
    await expect(api.post('/users', { body: {} })).rejects.toMatchObject({
      fieldErrors: { name: 'Name is required' },
    });
  });

  it('report a network failure', async () => {
    const offline = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    store = createMemoryTokenStore({ accessToken: 'a', refreshToken: 'r' });
    const { api } = createConsole({ apiUrl: '/api/v1', store, fetch: offline });
    await expect(api.get('/items')).rejects.toThrow(MESSAGES.networkError);
  });
});
