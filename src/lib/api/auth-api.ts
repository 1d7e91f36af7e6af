import type { LoginAnswer, LoginRequest, ValidateResponse } from '../../contract/auth';
import { MESSAGES } from '../../contract/messages';
import { authSchemas } from './answer-schemas';
import { ApiError, apiErrorFromResponse, readErrorBody } from './api-error';

/**
 * The unauthenticated auth calls the session makes (docs/requirements.md#calls); the bearer calls go through the API
 * client. A refresh token of null means "the lc_refresh cookie carries it" (docs/adr/0008-refresh-cookie-and-sessions.md).
 */
export interface AuthApi {
  /** The session, or the second step a password accepted for two-factor sign-in asks for. */
  login(credentials: LoginRequest): Promise<LoginAnswer>;
  refresh(refreshToken: string | null): Promise<{ accessToken: string; refreshToken?: string }>;
  validate(token: string): Promise<ValidateResponse['data']>;
  logout(refreshToken: string | null, accessToken: string | null): Promise<void>;
}

const UNEXPECTED_RESPONSE = 'Unexpected response from the server';

/** The login error catalogue of docs/requirements.md#error-texts. */
async function loginErrorFromResponse(response: Response): Promise<ApiError> {
  const body = await readErrorBody(response);
  const options = { status: response.status, code: body?.code, fieldErrors: body?.errors };
  if (response.status === 401) return new ApiError(MESSAGES.invalidCredentials, options);
  // A refusal that is not the disabled account's (password sign-in turned off for staff) says its own words.
  if (response.status === 403 && !(body?.code === 'FORBIDDEN' && body.message))
    return new ApiError(MESSAGES.accountDisabled, options);
  if (response.status >= 500) return new ApiError(MESSAGES.serverError, options);
  return new ApiError(body?.message || MESSAGES.loginFailed, options);
}

/** The answers' schemas (answer-schemas.ts); a download of them that fails is the network error it amounts to. */
async function loadAuthSchemas() {
  try {
    return await authSchemas();
  } catch {
    throw new ApiError(MESSAGES.networkError, { status: 0 });
  }
}

export function createAuthApi({
  baseUrl,
  fetch: fetchFn = (...args) => fetch(...args),
}: {
  baseUrl: string;
  fetch?: typeof fetch;
}): AuthApi {
  const post = (path: string, body: unknown, accessToken?: string | null) =>
    fetchFn(`${baseUrl}${path}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}),
      },
      body: JSON.stringify(body),
      // The refresh cookie travels only to this origin's /api/v1/auth; nothing else needs credentials.
      credentials: 'same-origin',
    });
  const refreshBody = (refreshToken: string | null) => (refreshToken ? { refreshToken } : {});

  return {
    async login(credentials) {
      let response: Response;
      try {
        response = await post('/auth/login', credentials);
      } catch {
        throw new ApiError(MESSAGES.networkError, { status: 0 });
      }
      if (!response.ok) throw await loginErrorFromResponse(response);
      // The sign-in page's own chunk has loaded zod already: this resolves at once.
      const { loginResponseSchema } = await loadAuthSchemas();
      const parsed = loginResponseSchema.safeParse(await response.json().catch(() => null));
      if (!parsed.success) throw new ApiError(MESSAGES.loginFailed, { status: response.status });
      return parsed.data.data;
    },
    async refresh(refreshToken) {
      const [response, { refreshResponseSchema }] = await Promise.all([
        post('/auth/refresh', refreshBody(refreshToken)),
        loadAuthSchemas(),
      ]);
      if (!response.ok) throw await apiErrorFromResponse(response);
      const parsed = refreshResponseSchema.safeParse(await response.json().catch(() => null));
      if (!parsed.success) throw new ApiError(UNEXPECTED_RESPONSE, { status: response.status });
      return parsed.data.data;
    },
    async validate(token) {
      const [response, { validateResponseSchema }] = await Promise.all([
        post('/auth/validate', { token }),
        loadAuthSchemas(),
      ]);
      if (!response.ok) throw await apiErrorFromResponse(response);
      const parsed = validateResponseSchema.safeParse(await response.json().catch(() => null));
      if (!parsed.success) throw new ApiError(UNEXPECTED_RESPONSE, { status: response.status });
      return parsed.data.data;
    },
    async logout(refreshToken, accessToken) {
      const response = await post('/auth/logout', refreshBody(refreshToken), accessToken);
      if (!response.ok) throw await apiErrorFromResponse(response);
    },
  };
}
