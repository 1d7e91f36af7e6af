import { MAX_BULK_IDS, type BulkOutcome, type BulkResult } from '../../contract/bulk';
import { ERROR_CODES, type ErrorCode } from '../../contract/errors';
import type { ApiError } from '../api/api-error';
import { toDataError } from '../api/call-errors';

/** `ids` in pieces of at most `size` (MAX_BULK_IDS: what one bulk call accepts). */
export function chunksOf<T>(ids: readonly T[], size: number = MAX_BULK_IDS): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < ids.length; start += size) chunks.push(ids.slice(start, start + size));
  return chunks;
}

const codeOf = (error: ApiError): ErrorCode =>
  error.code && (ERROR_CODES as readonly string[]).includes(error.code) ? error.code : 'INTERNAL';

/**
 * Runs a bulk action over any number of ids: one call per MAX_BULK_IDS, one after the other (each row
 * runs in its own transaction on the server, so a second call at once would only compete for the same locks), and
 * one combined outcome in the order the ids were given. A call that fails as a whole (a 403, the network) does not
 * stop the others: its ids are reported failed with that call's message, under `fallback` when it has none.
 */
export async function runInChunks<Status>(
  ids: readonly string[],
  send: (chunk: string[]) => Promise<BulkOutcome<Status>>,
  {
    fallback,
    chunkSize = MAX_BULK_IDS,
    onProgress,
  }: { fallback: string; chunkSize?: number; onProgress?: (done: number, total: number) => void },
): Promise<BulkOutcome<Status>> {
  const results: BulkResult<Status>[] = [];
  let done = 0;
  for (const chunk of chunksOf(ids, chunkSize)) {
    try {
      results.push(...(await send(chunk)).results);
    } catch (caught) {
      const error = toDataError(caught, fallback);
      const failure = { code: codeOf(error), message: error.message };
      results.push(...chunk.map((id) => ({ id, ok: false, error: failure })));
    }
    done += chunk.length;
    onProgress?.(done, ids.length);
  }
  const succeeded = results.filter((result) => result.ok).length;
  return { results, succeeded, failed: results.length - succeeded };
}
