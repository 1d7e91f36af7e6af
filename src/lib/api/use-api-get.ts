import useSWR, { type Key } from 'swr';
import type { z } from 'zod';
import { useApi } from '../session';
import { withDataError } from './call-errors';

/**
 * The one way a screen reads one thing from the API: SWR under `key` (null while it is not wanted) for `GET path`,
 * whose answer's `data` is parsed with `schema`; a failure becomes the ApiError of `toDataError` (the server's
 * message, else `fallback`), which the screen shows.
 */
export function useApiGet<T>(key: Key, path: string, schema: z.ZodType<{ data: T }>, fallback: string) {
  const api = useApi();
  return useSWR(key, () => withDataError(fallback, async () => (await api.get(path, { schema })).data));
}
