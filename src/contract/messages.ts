// The error codes and texts, without zod: the console's entry reads them before any schema is loaded.
// errors.ts re-exports them beside the error body's schema.

/** Machine-readable error codes (docs/api.md). */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'ACCOUNT_DISABLED',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'INVALID_TRANSITION',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  // 502: the mail server refused or could not be reached (POST /mail/test, docs/mail.md).
  'MAIL_REFUSED',
  // 503: the server is overloaded and refused the call at once; `Retry-After` says when to try again.
  'OVERLOADED',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Error texts of docs/requirements.md#error-texts and the server, quoted once. */
export const MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  accountDisabled: 'Account is disabled',
  serverError: 'Server error. Please try again later.',
  loginFailed: 'Login failed',
  networkError: 'Network error. Please check your connection.',
  noToken: 'No authentication token',
  authFailed: 'Authentication failed. Please log in again.',
  unauthenticated: 'Authentication required',
  invalidRefreshToken: 'Invalid or expired refresh token',
  cookieRefreshNeedsJson:
    'A refresh with the session cookie must be a JSON request (Content-Type: application/json) or carry X-Requested-With',
  forbidden: "You don't have permission to perform this action",
  notFound: 'Not found',
  internal: 'Internal server error',
  payloadTooLarge: 'Request body is too large',
  malformedJson: 'Request body is not valid JSON',
  unsupportedMediaType: 'Unsupported content type',
  badPath: 'The request path is not valid',
  pathTooLong: 'The request path is too long',
  badRequest: 'Bad request',
  requestTimeout: 'Request timeout',
  headersTooLarge: 'Request headers are too large',
  wrongCurrentPassword: 'Current password is incorrect',
  methodNotAllowed: 'Method not allowed',
  overloaded: 'The server is busy. Please try again in a few seconds.',
} as const;

/** 400 field error of a query parameter the operation does not list (docs/api.md). */
export const unknownQueryParameterMessage = (name: string) => `Unknown query parameter: ${name}`;

/** 429 message naming when to try again. */
export const rateLimitedMessage = (retryAfterSeconds: number) =>
  `Too many attempts. Try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}.`;

/** 409 message for a lifecycle step the current status forbids. */
export const invalidTransitionMessage = (action: string, status: string) =>
  `Cannot ${action} a certificate that is ${status}`;
