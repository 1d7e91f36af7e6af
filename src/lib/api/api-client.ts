import type { z } from 'zod';
import { MESSAGES } from '../../contract/messages';
import { ApiError, apiErrorFromResponse } from './api-error';

/** What the client needs from the session (see Session). */
export interface ApiAuth {
  getAccessToken(): string | null;
  hasRefreshToken(): boolean;
  /** One shared refresh; resolves false when it failed. */
  refresh(): Promise<boolean>;
  /** Fires the token-expired event. */
  expire(message: string): void;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions<S extends z.ZodType | undefined> {
  body?: unknown;
  /** Query parameters; undefined values are left out. */
  query?: Record<string, string | number | boolean | undefined>;
  /** Parses the JSON answer; without it the answer is returned unparsed (undefined for 204). */
  schema?: S;
  /** A call made before there is a session (the sign-in page's): no bearer token, no refresh. */
  anonymous?: boolean;
}

type Result<S extends z.ZodType | undefined> = S extends z.ZodType ? z.infer<S> : unknown;

export interface ApiClient {
  request<S extends z.ZodType | undefined = undefined>(
    method: HttpMethod,
    path: string,
    options?: RequestOptions<S>,
  ): Promise<Result<S>>;
  get<S extends z.ZodType | undefined = undefined>(
    path: string,
    options?: Omit<RequestOptions<S>, 'body'>,
  ): Promise<Result<S>>;
  post<S extends z.ZodType | undefined = undefined>(
    path: string,
    options?: RequestOptions<S>,
  ): Promise<Result<S>>;
  put<S extends z.ZodType | undefined = undefined>(
    path: string,
    options?: RequestOptions<S>,
  ): Promise<Result<S>>;
  delete<S extends z.ZodType | undefined = undefined>(
    path: string,
    options?: RequestOptions<S>,
  ): Promise<Result<S>>;
  /** A GET whose answer is a file (a CSV export), with the same token, refresh and error handling. */
  getBlob(path: string, options?: Pick<RequestOptions<undefined>, 'query'>): Promise<Blob>;
  /** A POST whose answer is a file (the zip of selected licences), with the same token, refresh and error handling. */
  postBlob(path: string, options?: Pick<RequestOptions<undefined>, 'body'>): Promise<Blob>;
}

function authFailedError(): ApiError {
  return new ApiError(MESSAGES.authFailed, { status: 401, code: 'UNAUTHENTICATED' });
}

/**
 * The generic client of docs/requirements.md#calls and #error-texts: bearer token and JSON on every call; on a 401 one refresh
 * (shared with every other caller) and the call retried once; when the refresh fails the
 * token-expired event fires and the call fails with 'Authentication failed. Please log in again.'.
 */
export function createApiClient({
  baseUrl,
  auth,
  fetch: fetchFn = (...args) => fetch(...args),
}: {
  baseUrl: string;
  auth: ApiAuth;
  fetch?: typeof fetch;
}): ApiClient {
  const buildUrl = (path: string, query: RequestOptions<undefined>['query']) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {}))
      if (value !== undefined) search.set(key, String(value));
    const queryString = search.toString();
    return `${baseUrl}${path}${queryString ? `?${queryString}` : ''}`;
  };

  const send = async (
    method: HttpMethod,
    url: string,
    body: unknown,
    token: string | null,
    accept: string,
  ): Promise<Response> => {
    try {
      return await fetchFn(url, {
        method,
        headers: {
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          'Content-Type': 'application/json',
          Accept: accept,
        },
        // A JSON content type with an empty body is a malformed request, so bodiless writes send `{}`.
        body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
      });
    } catch {
      throw new ApiError(MESSAGES.networkError, { status: 0 });
    }
  };

  /** A token to send: the stored one, or a fresh one when only the refresh token is left. */
  const currentToken = async (): Promise<string> => {
    const token = auth.getAccessToken();
    if (token) return token;
    if (!auth.hasRefreshToken()) throw new ApiError(MESSAGES.noToken, { status: 0, code: 'UNAUTHENTICATED' });
    if (!(await auth.refresh())) {
      auth.expire(MESSAGES.authFailed);
      throw authFailedError();
    }
    const refreshed = auth.getAccessToken();
    if (!refreshed) throw new ApiError(MESSAGES.noToken, { status: 0, code: 'UNAUTHENTICATED' });
    return refreshed;
  };

  /** Sends a call with the bearer token; a 401 refreshes once and retries; any other failure throws its ApiError. */
  async function respond(
    method: HttpMethod,
    path: string,
    { body, query, anonymous }: RequestOptions<undefined>,
    accept: string,
  ): Promise<Response> {
    const url = buildUrl(path, query);
    if (anonymous) {
      const response = await send(method, url, body, null, accept);
      if (!response.ok) throw await apiErrorFromResponse(response);
      return response;
    }
    const usedToken = await currentToken();
    let response = await send(method, url, body, usedToken, accept);

    if (response.status === 401) {
      // Another call may already have refreshed while this one was on the wire: reuse its token.
      const latest = auth.getAccessToken();
      const isRefreshed = latest !== null && latest !== usedToken ? true : await auth.refresh();
      const retryToken = auth.getAccessToken();
      if (!isRefreshed || !retryToken) {
        auth.expire(MESSAGES.authFailed);
        throw authFailedError();
      }
      response = await send(method, url, body, retryToken, accept);
      if (response.status === 401) {
        auth.expire(MESSAGES.authFailed);
        throw authFailedError();
      }
    }

    if (!response.ok) throw await apiErrorFromResponse(response);
    return response;
  }

  async function request<S extends z.ZodType | undefined = undefined>(
    method: HttpMethod,
    path: string,
    { body, query, schema, anonymous }: RequestOptions<S> = {},
  ): Promise<Result<S>> {
    const response = await respond(method, path, { body, query, anonymous }, 'application/json');
    if (response.status === 204) return undefined as Result<S>;
    const json: unknown = await response.json().catch(() => undefined);
    if (!schema) return json as Result<S>;
    const parsed = schema.safeParse(json);
    if (!parsed.success)
      throw new ApiError('Unexpected response from the server', { status: response.status });
    return parsed.data as Result<S>;
  }

  return {
    request,
    get: (path, options) => request('GET', path, options),
    post: (path, options) => request('POST', path, options),
    put: (path, options) => request('PUT', path, options),
    delete: (path, options) => request('DELETE', path, options),
    getBlob: async (path, options = {}) => (await respond('GET', path, options, '*/*')).blob(),
    postBlob: async (path, options = {}) => (await respond('POST', path, options, '*/*')).blob(),
  };
}
