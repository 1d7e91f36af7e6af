// Small fakes for the node unit tests of the session and the API client.
import type { SessionUser } from '../../src/contract/auth';
import type { ErrorBody } from '../../src/contract/errors';

export const testUser: SessionUser = {
  uuid: '10000000-0000-4000-8000-000000000001',
  name: 'Olivia Owner',
  email: 'owner@example.test',
  role: { id: 1, uuid: '00000000-0000-4000-8000-000000000001', name: 'owner' },
  isActive: true,
  lastLoginAt: null,
};

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export const errorJson = (status: number, body: ErrorBody) => json(body, status);

export interface RecordedCall {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}

/** A promise with its resolve exposed, to hold a call open while the test does something else. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/**
 * A fetch that answers from `route` and records every call. `route` gets the method and the
 * path below the API base plus the parsed body.
 */
export function createFakeFetch(route: (call: RecordedCall) => Response | Promise<Response>) {
  const calls: RecordedCall[] = [];
  const fetchFn = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input), 'http://console.test');
    const call: RecordedCall = {
      method: init.method ?? 'GET',
      path: url.pathname.replace(/^\/api\/v1/, '') + url.search,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    return route(call);
  };
  return {
    fetch: fetchFn as typeof fetch,
    calls,
    callsTo: (path: string) => calls.filter((call) => call.path === path),
  };
}
