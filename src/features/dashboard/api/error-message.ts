import { ApiError } from '../../../app/api';

/**
 * The text a failed call shows (spec §8): the server's message when it sent one (or the client's
 * own, such as the network error), otherwise the call's fallback.
 */
export function errorMessageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError && (error.code !== undefined || error.status === 0)) return error.message;
  return fallback;
}

/** An error carrying the text to show, for SWR's `error`. */
export function failure(error: unknown, fallback: string): Error {
  return new Error(errorMessageOf(error, fallback), { cause: error });
}
