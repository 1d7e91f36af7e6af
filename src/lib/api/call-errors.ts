import { ApiError } from './api-error';

/**
 * Whether a failure carries a message worth showing: the server's (the API client sets `code`
 * only from a server error body or its own auth failures) or the client's own network error
 * (status 0). Otherwise (an HTML 502, an answer of the wrong shape) the call's own text is shown.
 */
const hasOwnMessage = (error: ApiError) => error.code !== undefined || error.status === 0;

/** docs/requirements.md#error-texts for data calls: the server's message when it sent one, otherwise the call's own text. */
export function toDataError(caught: unknown, fallback: string): ApiError {
  if (caught instanceof ApiError) {
    return new ApiError(hasOwnMessage(caught) ? caught.message : fallback, {
      status: caught.status,
      code: caught.code,
      fieldErrors: caught.fieldErrors,
    });
  }
  return new ApiError(fallback, { status: 0 });
}

/** The message of a failed call that is not a fallback text, if any (a toast shows it instead of its own words). */
export function serverMessageOf(caught: unknown): string | undefined {
  return caught instanceof ApiError && hasOwnMessage(caught) ? caught.message : undefined;
}

/**
 * docs/requirements.md#error-texts for a failed change: a destructive toast titled `title` that says the
 * server's message when it sent one, otherwise `fallback`. Every screen's failure toast is this one.
 */
export const failureToast = (caught: unknown, title: string, fallback: string) => ({
  type: 'destructive' as const,
  title,
  description: serverMessageOf(caught) ?? fallback,
});

/** The field errors of a 400 answer, keyed by form field. */
export function fieldErrorsOfCall(caught: unknown): Record<string, string> {
  return caught instanceof ApiError ? caught.fieldErrors : {};
}

/** Runs a call; a failure becomes the ApiError of `toDataError` (the server's message, else `fallback`). */
export async function withDataError<T>(fallback: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (caught) {
    throw toDataError(caught, fallback);
  }
}

/**
 * A 409 CONFLICT without field errors (the serial-number overlap rule) put on `field`, the one the form lets the
 * user change to resolve it; any other failure as it was.
 */
export function conflictOnField(caught: unknown, field: string): unknown {
  if (
    caught instanceof ApiError &&
    caught.code === 'CONFLICT' &&
    Object.keys(caught.fieldErrors).length === 0
  )
    return new ApiError(caught.message, {
      status: caught.status,
      code: caught.code,
      fieldErrors: { [field]: caught.message },
    });
  return caught;
}
