import { useCallback } from 'react';
import { useSWRConfig, type ScopedMutator } from 'swr';
import { useApi } from '../session';
import type { ApiClient } from './api-client';
import { withDataError } from './call-errors';
import { useRevalidateAreas, type CacheArea } from './revalidate';

/** One change the console makes through the API (create, update, delete, a lifecycle step). */
export interface Mutation<A extends unknown[], R> {
  /** The call itself, with the session's API client. */
  call: (api: ApiClient, ...args: A) => Promise<R>;
  /** The text of a failure whose answer carries no message of its own (docs/requirements.md#error-texts). */
  fallback: string;
  /** The areas whose cached queries show what the change touches: reloaded once it is done. */
  reloads: readonly CacheArea[];
  /** After a success and before the reload, e.g. to put the answer in the cache (it is the new state). */
  onSuccess?: (mutate: ScopedMutator, result: R, ...args: A) => Promise<unknown>;
}

/**
 * The one way a screen changes data: runs the call; a failure becomes the ApiError of `toDataError`
 * (the server's message, else `fallback`), which the screen's toast shows through `serverMessageOf`;
 * then reloads the `reloads` areas, after a failure too, since the server may have changed the row in
 * between (a 409 because someone else moved it). Define `mutation` once at module level, so the
 * returned function keeps its identity across renders.
 */
export function useMutation<A extends unknown[], R>(mutation: Mutation<A, R>): (...args: A) => Promise<R> {
  const api = useApi();
  const { mutate } = useSWRConfig();
  const revalidate = useRevalidateAreas(...mutation.reloads);
  return useCallback(
    async (...args: A): Promise<R> => {
      try {
        const result = await withDataError(mutation.fallback, () => mutation.call(api, ...args));
        await mutation.onSuccess?.(mutate, result, ...args);
        return result;
      } finally {
        void revalidate();
      }
    },
    [api, mutate, mutation, revalidate],
  );
}
