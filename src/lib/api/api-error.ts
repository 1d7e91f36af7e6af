import type { ErrorCode } from '../../contract/messages';
import { errorSchemas } from './answer-schemas';

/** A failed call: `message` is what the console shows (docs/requirements.md#error-texts). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ErrorCode | undefined;
  /** Field errors of a VALIDATION_FAILED answer, keyed by field name. */
  readonly fieldErrors: Record<string, string>;

  constructor(
    message: string,
    options: { status: number; code?: ErrorCode; fieldErrors?: Record<string, string> },
  ) {
    super(message);
    this.status = options.status;
    this.code = options.code;
    this.fieldErrors = options.fieldErrors ?? {};
  }
}

/** The server's error body when the response carries one, else null. */
export async function readErrorBody(response: Response) {
  try {
    const [body, { errorBodySchema }] = await Promise.all([response.json(), errorSchemas()]);
    const parsed = errorBodySchema.safeParse(body);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Other errors use the server message or 'HTTP {status}: {text}' (docs/requirements.md#error-texts, generic client). */
export async function apiErrorFromResponse(response: Response): Promise<ApiError> {
  const body = await readErrorBody(response);
  const message = body?.message || `HTTP ${response.status}: ${response.statusText}`;
  return new ApiError(message, { status: response.status, code: body?.code, fieldErrors: body?.errors });
}
