import { z } from 'zod';
import { ERROR_CODES } from './messages';

// The texts and codes live in messages.ts, which does not load zod: the console's first script reads them.
export * from './messages';

/** The one error body every failed call answers with. */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.enum(ERROR_CODES),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

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
