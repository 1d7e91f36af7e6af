// Errors the services throw; the error handler turns them into the one error body of the contract.
import type { ErrorCode, Refusal } from '../contract/errors';
import {
  MESSAGES,
  conflictRefusal,
  fieldRefusal,
  rateLimitedMessage,
  transitionRefusal,
} from '../contract/errors';

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

/**
 * The one place a refusal of the contract's rules (src/contract/certificate-rules.ts) becomes this server's error:
 * the body is the refusal's, so the mocks, which answer the same refusal, answer the same body.
 */
export const refused = (refusal: Refusal) =>
  new HttpError(
    refusal.status,
    refusal.code,
    refusal.message,
    'errors' in refusal ? refusal.errors : undefined,
  );

export const validationFailed = (errors: Record<string, string>) => refused(fieldRefusal(errors));
export const unauthenticated = (message: string = MESSAGES.unauthenticated) =>
  new HttpError(401, 'UNAUTHENTICATED', message);
export const forbidden = (message: string = MESSAGES.forbidden) => new HttpError(403, 'FORBIDDEN', message);
export const accountDisabled = () => new HttpError(403, 'ACCOUNT_DISABLED', MESSAGES.accountDisabled);
export const notFound = (what = 'Resource') => new HttpError(404, 'NOT_FOUND', `${what} not found`);
/**
 * A 409. `field` names the request field the refusal is about (a taken name, an overlapping serial number): the
 * body's `errors` then carries the message for that field too, so a form shows it on the field.
 */
export const conflict = (message: string, field?: string) => refused(conflictRefusal(message, field));
export const invalidTransition = (action: string, status: string) =>
  refused(transitionRefusal(action, status));
export const rateLimited = (retryAfterSeconds: number) =>
  new HttpError(429, 'RATE_LIMITED', rateLimitedMessage(retryAfterSeconds), undefined, {
    'retry-after': String(retryAfterSeconds),
  });
