// Callers: requests to the test app made as someone (a signed-in user of a role, or nobody). A route test says
// who calls, `await editor.post('/certificates', body)`, instead of signing in and building authorization
// headers itself, so the sign-in and the header live here once (as fastify/demo's test helper does with
// `injectWithLogin`).
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { createdApiTokenResponseSchema, type CreatedApiToken } from '../../src/contract/api-tokens';
import { errorBodySchema } from '../../src/contract/errors';
import { ROLE_NAMES, type RoleName } from '../../src/contract/roles';
import { API_PREFIX } from '../../src/server/app';
import { activities } from '../../src/server/db/schema';
import {
  createTestApp,
  createUser,
  signIn,
  type SignedIn,
  type TestAppOptions,
  type TestContext,
  type TestUser,
} from './test-app';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** The body of a request: an object sent as JSON, or a raw string (malformed JSON, other content types). */
export type Payload = InjectOptions['payload'];
/** What else an API request may carry; `headers` are merged over the caller's own. */
export type RequestOptions = Omit<InjectOptions, 'method' | 'url' | 'path' | 'payload' | 'body'>;

export interface Caller {
  /** `{ authorization }` when signed in, `{}` for an anonymous caller. */
  readonly headers: Record<string, string>;
  /** A call under `/api/v1` (the path is written as the console's API client writes it: `/clients/{id}`). */
  request(
    method: Method,
    path: string,
    payload?: Payload,
    options?: RequestOptions,
  ): Promise<LightMyRequestResponse>;
  get(path: string, options?: RequestOptions): Promise<LightMyRequestResponse>;
  post(path: string, payload?: Payload, options?: RequestOptions): Promise<LightMyRequestResponse>;
  put(path: string, payload?: Payload, options?: RequestOptions): Promise<LightMyRequestResponse>;
  delete(path: string, options?: RequestOptions): Promise<LightMyRequestResponse>;
  /** Any request, with a full URL (the console's files, `/healthz`), carrying the caller's headers. */
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
}

/** A signed-in caller: its user, its tokens (for refresh and logout tests) and its requests. */
export interface SignedInCaller extends Caller, SignedIn {
  readonly user: TestUser;
  readonly headers: SignedIn['headers'];
}

/** A caller sending `headers` (none: anonymous) with every request. */
export function callerWith(ctx: Pick<TestContext, 'app'>, headers: Record<string, string> = {}): Caller {
  const inject = (options: InjectOptions) =>
    ctx.app.inject({ ...options, headers: { ...headers, ...options.headers } });
  const request = (method: Method, path: string, payload?: Payload, options: RequestOptions = {}) =>
    inject({
      ...options,
      method,
      url: `${API_PREFIX}${path}`,
      ...(payload === undefined ? {} : { payload }),
    });
  return {
    headers,
    inject,
    request,
    get: (path, options) => request('GET', path, undefined, options),
    post: (path, payload, options) => request('POST', path, payload, options),
    put: (path, payload, options) => request('PUT', path, payload, options),
    delete: (path, options) => request('DELETE', path, undefined, options),
  };
}

/** Nobody signed in: what a licensed machine or a stranger sends. */
export const anonymous = (ctx: Pick<TestContext, 'app'>): Caller => callerWith(ctx);

/** Signs in through the API (a new user of `role`, or the given user) and answers a caller for them. */
export async function callerAs(
  ctx: Pick<TestContext, 'app' | 'database'>,
  who: RoleName | TestUser,
): Promise<SignedInCaller> {
  const user = typeof who === 'string' ? await createUser(ctx, who) : who;
  const session = await signIn(ctx, user);
  // `user` last: the login answer has a `user` of its own (the contract's shape, without the password).
  return { ...callerWith(ctx, session.headers), ...session, user, headers: session.headers };
}

export type Who = RoleName | 'anonymous';
/** Every kind of caller, in the order role tables are walked: most rights first, then nobody. */
export const WHO: readonly Who[] = [...ROLE_NAMES, 'anonymous'];
export type Callers = Record<RoleName, SignedInCaller> & { anonymous: Caller };

/** One signed-in caller of each role, and an anonymous one: the cast of a route test file. */
export async function callersByRole(ctx: Pick<TestContext, 'app' | 'database'>): Promise<Callers> {
  const callers = { anonymous: anonymous(ctx) } as Callers;
  for (const role of ROLE_NAMES) callers[role] = await callerAs(ctx, role);
  return callers;
}

// Who may do what, written out from docs/requirements.md#roles rather than derived from `can()` in the contract, so a
// wrong capability there fails the role tables instead of agreeing with itself.
export const READERS: readonly RoleName[] = ['owner', 'admin', 'editor', 'viewer'];
export const WRITERS: readonly RoleName[] = ['owner', 'admin', 'editor'];
export const DELETERS: readonly RoleName[] = ['owner', 'admin'];
export const USER_MANAGERS: readonly RoleName[] = ['owner', 'admin'];
export const OWNER_ONLY: readonly RoleName[] = ['owner'];

/**
 * The test app of a route test file and its cast (one signed-in caller per role, and an anonymous one), made
 * before the file's tests and closed after them. The objects are filled in `beforeAll`, so the file destructures
 * them once at the top: `const { ctx, callers, admin, editor } = routeTestApp({ clock });`.
 */
export function routeTestApp(options: TestAppOptions = {}): Callers & { ctx: TestContext; callers: Callers } {
  const ctx = testAppPerFile(options);
  const callers = Object.fromEntries(WHO.map((who) => [who, {}])) as Callers;
  beforeAll(async () => {
    const made = await callersByRole(ctx);
    for (const who of WHO) Object.assign(callers[who], made[who]);
  });
  return { ...callers, ctx, callers };
}

/**
 * A test file's app: made before its tests and closed after them. Call it at the top of the file, before the file's
 * own `beforeAll`, which runs after it and may use `ctx` (filled in then, so hold the object, not its fields).
 */
export function testAppPerFile(options: TestAppOptions = {}): TestContext {
  const ctx = {} as TestContext;
  beforeAll(async () => {
    Object.assign(ctx, await createTestApp(options));
  });
  afterAll(() => ctx.close());
  return ctx;
}

/** The status each caller gets, for a role table row: staff of `roles` get `ok`, other staff 403, nobody 401. */
export type RoleAnswers = Record<Who, number>;
export const only = (roles: readonly RoleName[], ok: number): RoleAnswers =>
  Object.fromEntries(
    WHO.map((who) => [who, who === 'anonymous' ? 401 : roles.includes(who) ? ok : 403]),
  ) as RoleAnswers;
/** Public calls: everyone, with or without a token, gets `ok`. */
export const anyone = (ok: number): RoleAnswers =>
  Object.fromEntries(WHO.map((who) => [who, ok])) as RoleAnswers;

export type ApiRequest = [Method, string, Payload?];

/** A request that must succeed (any 2xx), for the steps that set up what a test is about; fails with the answer. */
export async function expectSuccess(
  as: Caller,
  method: Method,
  path: string,
  payload?: Payload,
): Promise<LightMyRequestResponse> {
  const response = await as.request(method, path, payload);
  expect(response.statusCode, `${method} ${path}: ${response.body}`).toBeLessThan(300);
  return response;
}

/** Options that mark a raw string body as JSON, for the malformed-body tests (the console always sends this type). */
export const AS_JSON: RequestOptions = { headers: { 'content-type': 'application/json' } };

/**
 * Makes `request(who)` as every caller in `WHO` order (a fresh request each time, so one role's delete never
 * spoils the next) and answers the statuses, to compare with the row's `only(...)`. A refusal must carry the
 * contract's body (401 UNAUTHENTICATED, 403 FORBIDDEN) and write nothing, so the check before the body is
 * read is proven on every route a table names.
 */
export async function statusesByRole(
  ctx: Pick<TestContext, 'database'>,
  callers: Callers,
  request: (who: Who) => Promise<ApiRequest>,
): Promise<RoleAnswers> {
  const seen = {} as RoleAnswers;
  for (const who of WHO) {
    const [method, path, payload] = await request(who);
    const activitiesBefore = await ctx.database.db.$count(activities);
    const response = await callers[who].request(method, path, payload);
    seen[who] = response.statusCode;
    if (response.statusCode === 401 || response.statusCode === 403) {
      expect(
        errorBodySchema.parse(response.json()).code,
        `${method} ${path} as ${who}: ${response.body}`,
      ).toBe(response.statusCode === 401 ? 'UNAUTHENTICATED' : 'FORBIDDEN');
      expect(
        await ctx.database.db.$count(activities),
        `${method} ${path}: ${who} was refused but something was recorded`,
      ).toBe(activitiesBefore);
    }
  }
  return seen;
}

/** An API token made by `as` with `body` (`{name, role, expiresAt?}`), with a caller that sends it. */
export async function createApiToken(
  ctx: Pick<TestContext, 'app'>,
  as: Caller,
  body: Record<string, unknown>,
): Promise<CreatedApiToken & { caller: Caller }> {
  const response = await as.post('/api-tokens', body);
  expect(response.statusCode, response.body).toBe(201);
  const created = createdApiTokenResponseSchema.parse(response.json()).data;
  return { ...created, caller: callerWith(ctx, { authorization: `Bearer ${created.token}` }) };
}

/** An answer that must be an error: its status, its body's `code` and, when given, its message; returns the body. */
export function expectRefusal(
  response: { statusCode: number; body: string },
  status: number,
  code: string,
  message?: string,
) {
  expect(response.statusCode, response.body).toBe(status);
  const body = errorBodySchema.parse(JSON.parse(response.body));
  expect(body.code).toBe(code);
  if (message) expect(body.message).toBe(message);
  return body;
}
