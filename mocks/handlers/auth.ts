import { delay, http, HttpResponse } from 'msw';
import {
  DEFAULT_API_BASE,
  MESSAGES,
  type ErrorBody,
  type ValidateResponse,
  changePasswordRequestSchema,
  loginRequestSchema,
  refreshRequestSchema,
  validateRequestSchema,
} from '../../src/contract';
import type { loginResponseSchema, refreshResponseSchema } from '../../src/contract';
import type { z } from 'zod';
import {
  accessTokenFor,
  mockTokenSet,
  mockUsers,
  MOCK_PASSWORD,
  refreshTokenFor,
  roleOfToken,
} from '../fixtures';

const api = (path: string) => `${DEFAULT_API_BASE}${path}`;

const errorBody = (message: string, code: ErrorBody['code'], errors?: Record<string, string>) =>
  ({ message, code, ...(errors ? { errors } : {}) }) satisfies ErrorBody;

/** A happy server: the mock users sign in with MOCK_PASSWORD; tokens say whose they are. */
export const authHandlers = [
  http.get('/config.json', () => HttpResponse.json({ apiUrl: DEFAULT_API_BASE })),

  http.post(api('/auth/login'), async ({ request }) => {
    const body = loginRequestSchema.safeParse(await request.json());
    const user = body.success
      ? Object.values(mockUsers).find((candidate) => candidate.email === body.data.email)
      : undefined;
    if (!body.success || !user || body.data.password !== MOCK_PASSWORD) {
      return HttpResponse.json(errorBody(MESSAGES.invalidCredentials, 'UNAUTHENTICATED'), { status: 401 });
    }
    return HttpResponse.json({ data: mockTokenSet(user.role.name) } satisfies z.input<
      typeof loginResponseSchema
    >);
  }),

  http.post(api('/auth/refresh'), async ({ request }) => {
    const body = refreshRequestSchema.safeParse(await request.json());
    const role = body.success && body.data.refreshToken ? roleOfToken(body.data.refreshToken) : null;
    if (!role)
      return HttpResponse.json(errorBody(MESSAGES.invalidRefreshToken, 'UNAUTHENTICATED'), { status: 401 });
    return HttpResponse.json({
      data: { accessToken: accessTokenFor(role), refreshToken: refreshTokenFor(role) },
    } satisfies z.input<typeof refreshResponseSchema>);
  }),

  http.post(api('/auth/validate'), async ({ request }) => {
    const body = validateRequestSchema.safeParse(await request.json());
    const role = body.success ? roleOfToken(body.data.token) : null;
    const data: ValidateResponse['data'] = role ? { valid: true, user: mockUsers[role] } : { valid: false };
    return HttpResponse.json({ data } satisfies ValidateResponse);
  }),

  http.post(api('/auth/logout'), () => new HttpResponse(null, { status: 204 })),

  http.post(api('/auth/password'), async ({ request }) => {
    const body = changePasswordRequestSchema.safeParse(await request.json());
    if (!body.success)
      return HttpResponse.json(errorBody('Password is required', 'VALIDATION_FAILED'), { status: 400 });
    if (body.data.currentPassword !== MOCK_PASSWORD) {
      return HttpResponse.json(
        errorBody(MESSAGES.wrongCurrentPassword, 'VALIDATION_FAILED', {
          currentPassword: MESSAGES.wrongCurrentPassword,
        }),
        { status: 400 },
      );
    }
    return new HttpResponse(null, { status: 204 });
  }),
];

/** Login answers with this status and error body (docs/requirements.md#error-texts catalogue). */
export const loginFailsWith = (status: number, body?: ErrorBody) =>
  http.post(api('/auth/login'), () =>
    body ? HttpResponse.json(body, { status }) : new HttpResponse('Bad Gateway', { status }),
  );

export const loginFailures = {
  invalidCredentials: () => loginFailsWith(401, errorBody(MESSAGES.invalidCredentials, 'UNAUTHENTICATED')),
  accountDisabled: () => loginFailsWith(403, errorBody(MESSAGES.accountDisabled, 'ACCOUNT_DISABLED')),
  serverError: () => loginFailsWith(500, errorBody(MESSAGES.internal, 'INTERNAL')),
  rateLimited: () =>
    loginFailsWith(429, errorBody('Too many attempts. Try again in 30 seconds.', 'RATE_LIMITED')),
  /** A failure whose answer has no message: the console says 'Login failed'. */
  withoutMessage: () => http.post(api('/auth/login'), () => new HttpResponse('', { status: 418 })),
  network: () => http.post(api('/auth/login'), () => HttpResponse.error()),
};

/** The call never answers: the screen stays in its busy state. */
export const loginNeverAnswers = () => http.post(api('/auth/login'), () => delay('infinite'));
export const validateNeverAnswers = () => http.post(api('/auth/validate'), () => delay('infinite'));
export const refreshFails = () =>
  http.post(api('/auth/refresh'), () =>
    HttpResponse.json(errorBody(MESSAGES.invalidRefreshToken, 'UNAUTHENTICATED'), { status: 401 }),
  );
