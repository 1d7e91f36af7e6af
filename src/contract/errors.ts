import { z } from 'zod';
import { ERROR_CODES, invalidTransitionMessage } from './messages';

// The texts and codes live in messages.ts, which does not load zod: the console's first script reads them.
export * from './messages';

/** The one error body every failed call answers with. */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.enum(ERROR_CODES),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * A refusal a rule of the contract decides (certificate-rules.ts): the HTTP status and the error body. The server
 * throws it as its HttpError (src/server/errors.ts `refused`) and the mocks answer it as it is
 * (mocks/handlers/directory-common.ts `refusalResponse`), so both answer one refusal with one body.
 */
export type Refusal =
  | { status: 400; code: 'VALIDATION_FAILED'; message: string; errors: Record<string, string> }
  | { status: 409; code: 'CONFLICT'; message: string; errors?: Record<string, string> }
  | { status: 409; code: 'INVALID_TRANSITION'; message: string };

/** 400 with a message per field; the first field's message on top. */
export const fieldRefusal = (errors: Record<string, string>): Refusal => ({
  status: 400,
  code: 'VALIDATION_FAILED',
  message: Object.values(errors)[0] ?? 'Invalid request',
  errors,
});

/** 409 CONFLICT; `field` names the request field it is about, so a form shows the message on that field too. */
export const conflictRefusal = (message: string, field?: string): Refusal => ({
  status: 409,
  code: 'CONFLICT',
  message,
  ...(field ? { errors: { [field]: message } } : {}),
});

/** 409 INVALID_TRANSITION: a step the certificate's status (as readers see it) does not allow. */
export const transitionRefusal = (action: string, status: string): Refusal => ({
  status: 409,
  code: 'INVALID_TRANSITION',
  message: invalidTransitionMessage(action, status),
});

/** The first message for each field of a failed parse, keyed by field name: a form's field errors (docs/requirements.md#validation texts). */
export function fieldErrorsOf(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}
