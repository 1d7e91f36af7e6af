import type { ApiClient } from '../lib/api';

/**
 * Pages whose first calls start at start-up, beside the session's validation, instead of once the page has drawn
 * (issue 23): by path, the page's prefetch, which comes in the page's own chunk (already on its way).
 */
const PREFETCHES: Record<string, () => Promise<(api: ApiClient) => void>> = {
  '/': async () => (await import('../features/dashboard')).prefetchDashboard,
};

/** Starts the first calls of the page at `path`, if it has any; a failure is the page's to show. */
export function prefetchPageData(path: string, api: ApiClient): void {
  const load = PREFETCHES[path];
  if (load)
    load().then(
      (prefetch) => prefetch(api),
      () => undefined,
    );
}
