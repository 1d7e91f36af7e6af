// Errors the services throw; the error handler turns them into the one error body of the contract.
import type { ErrorCode } from '../contract/errors';
import { MESSAGES, invalidTransitionMessage, rateLimitedMessage } from '../contract/errors';

/**
 * A failure with its HTTP status and contract error code. Named apart from the console's `ApiError`
 * (src/lib/api/api-error.ts), which is the other side of the same wire: what the console makes of such an answer.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly errors?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const validationFailed = (errors: Record<string, string>) =>
  new HttpError(400, 'VALIDATION_FAILED', Object.values(errors)[0] ?? 'Invalid request', errors);
export const unauthenticated = (message: string = MESSAGES.unauthenticated) =>
  new HttpError(401, 'UNAUTHENTICATED', message);
export const forbidden = (message: string = MESSAGES.forbidden) => new HttpError(403, 'FORBIDDEN', message);
export const accountDisabled = () => new HttpError(403, 'ACCOUNT_DISABLED', MESSAGES.accountDisabled);
export const notFound = (what = 'Resource') => new HttpError(404, 'NOT_FOUND', `${what} not found`);
/**
 * A 409. `field` names the request field the refusal is about (a taken name, an overlapping serial number): the
 * body's `errors` then carries the message for that field too, so a form shows it on the field.
 */
export const conflict = (message: string, field?: string) =>
  new HttpError(409, 'CONFLICT', message, field ? { [field]: message } : undefined);
export const invalidTransition = (action: string, status: string) =>
  new HttpError(409, 'INVALID_TRANSITION', invalidTransitionMessage(action, status));
export const rateLimited = (retryAfterSeconds: number) =>
  new HttpError(429, 'RATE_LIMITED', rateLimitedMessage(retryAfterSeconds), undefined, {
    'retry-after': String(retryAfterSeconds),
  });
