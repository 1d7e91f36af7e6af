import type { ApiClient } from '../lib/api';
import { isStartUpPath, type StartUpPath } from './start-up-pages';

/** A page's start-up calls, given the address's query string. */
type Prefetch = (api: ApiClient, search: string) => void;

/**
 * Pages whose first calls start at start-up, beside the session's validation, instead of once the page has drawn:
 * by path, the page's prefetch, which comes in the page's own chunk (already on its way).
 */
const PREFETCHES: Record<StartUpPath, () => Promise<Prefetch>> = {
  '/': async () => (await import('../features/dashboard')).prefetchDashboard,
  '/certificates': async () => (await import('../features/certificates')).prefetchCertificates,
};

/** Starts the first calls of the page at `location`, if it has any; a failure is the page's to show. */
export function prefetchPageData(
  { pathname, search }: Pick<Location, 'pathname' | 'search'>,
  api: ApiClient,
): void {
  if (isStartUpPath(pathname))
    PREFETCHES[pathname]().then(
      (prefetch) => prefetch(api, search),
      () => undefined,
    );
}
