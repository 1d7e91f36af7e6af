import useSWR from 'swr';
import { z } from 'zod';
import { SEARCH_LIMIT_DEFAULT, searchResultsSchema, type SearchResults } from '../../../contract/search';
import { COMMAND_PALETTE_TEXTS } from '../../../contract/texts/search';
import type { ApiClient } from '../../../lib/api';
import { withDataError } from '../../../lib/api/call-errors';
import { useApi } from '../../../lib/session';
import { searchKeys } from './keys';

const searchResponseSchema = z.object({ data: searchResultsSchema });

/**
 * `GET /search?q&limit`: certificates (by serial number or client name, or by id for a pasted UUID), clients and
 * users matching `q`, at most `limit` of each, in the server's order (src/contract/search.ts); `users` is empty for the
 * roles that may not list users. A failure is the server's message, else the palette's own text.
 */
export async function search(
  api: ApiClient,
  q: string,
  limit = SEARCH_LIMIT_DEFAULT,
): Promise<SearchResults> {
  return withDataError(
    COMMAND_PALETTE_TEXTS.failed,
    async () => (await api.get('/search', { query: { q, limit }, schema: searchResponseSchema })).data,
  );
}

/**
 * The results for `q` (already trimmed and debounced; none asked for while it is empty). The last answer stays on
 * screen while the next loads; an answer that comes back after the query moved on only fills the cache, so the
 * palette never shows the results of an older query.
 */
export function useSearch(q: string, limit = SEARCH_LIMIT_DEFAULT) {
  const api = useApi();
  return useSWR(q === '' ? null : searchKeys.results(q, limit), () => search(api, q, limit), {
    keepPreviousData: true,
    // A failed search says so in the palette, with Retry; it is not tried again behind the user's back.
    shouldRetryOnError: false,
    revalidateOnFocus: false,
  });
}
