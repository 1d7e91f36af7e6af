import { useCallback } from 'react';
import { useSWRConfig } from 'swr';

/**
 * The first element of every SWR key, one per area of the console. A change made in one area reloads
 * the areas that show it too (a new client changes the dashboard's 'Total Clients', an activation the
 * clients' certificate counts), so nothing on screen lags behind the user's own action.
 */
export const CACHE_AREAS = {
  dashboard: 'dashboard',
  certificates: 'certificates',
  clients: 'clients',
  users: 'users',
  apiTokens: 'api-tokens',
  webhooks: 'webhooks',
} as const;
export type CacheArea = (typeof CACHE_AREAS)[keyof typeof CACHE_AREAS];

/** Whether an SWR key belongs to one of `areas`. */
const isKeyOf =
  (areas: readonly CacheArea[]) =>
  (key: unknown): boolean =>
    Array.isArray(key) && areas.includes(key[0] as CacheArea);

/** A function reloading every cached query of `areas` (docs/requirements.md#certificate-lifecycle: after create, update or delete, lists are reloaded). */
export function useRevalidateAreas(...areas: CacheArea[]): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  const list = areas.join(',');
  return useCallback(() => mutate(isKeyOf(list.split(',') as CacheArea[])), [mutate, list]);
}
