import { preload, type Key } from 'swr';

/**
 * Starts a screen's call before the screen asks for it (SWR's `preload`): the screen's hook, asking under the same
 * key, takes this answer or its error instead of calling again. Until then a failure is not an unhandled rejection;
 * it is the screen's to show.
 */
export function startEarly(key: Key, fetcher: () => Promise<unknown>): void {
  preload(key, fetcher).catch(() => undefined);
}
