import { ApiError } from '../../../app/api';

/** A failed certificate call: the text to show (spec §8) and the server's field errors, if any. */
export class CertificateCallError extends Error {
  override readonly name = 'CertificateCallError';
  readonly fieldErrors: Record<string, string>;
  readonly status: number;

  constructor(message: string, { fieldErrors = {}, status = 0, cause }: { fieldErrors?: Record<string, string>; status?: number; cause?: unknown }) {
    super(message, { cause });
    this.fieldErrors = fieldErrors;
    this.status = status;
  }
}

/** The server's message when it sent one (or the client's own, e.g. the network error), else `fallback`. */
export function callError(error: unknown, fallback: string): CertificateCallError {
  if (error instanceof ApiError) {
    const hasOwnMessage = error.code !== undefined || error.status === 0;
    return new CertificateCallError(hasOwnMessage ? error.message : fallback, { fieldErrors: error.fieldErrors, status: error.status, cause: error });
  }
  return new CertificateCallError(fallback, { cause: error });
}

/** Runs a call and turns its failure into the text of spec §8. */
export async function withFallback<T>(fallback: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw callError(error, fallback);
  }
}
