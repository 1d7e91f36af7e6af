import { useCallback, useContext } from 'react';
import { UNSAFE_DataRouterContext, useLocation, useSearchParams, type NavigateOptions } from 'react-router';

/** A change of the query string, made from the query as the URL holds it now. */
export type SearchParamsChange = (latest: URLSearchParams) => URLSearchParams;

/**
 * `useSearchParams`, except that a change starts from the URL as it is now, not as the page last drew it.
 *
 * React Router draws a navigation in a transition, and an urgent update (a menu opening) starts that drawing again;
 * until it commits, the page and react-router's own functional `setSearchParams` still see the previous query. A
 * second change made in that time (sort by a column, then at once pick a page size) was computed from the old query
 * and undid the first: on a slow machine the list lost its new order. The data router's state already holds the URL
 * the first change wrote, so each change builds on that. Outside a data router (a story's plain MemoryRouter), or
 * when the router is already on another page (a link pressed a moment before), it falls back to the drawn query.
 */
export function useLatestSearchParams() {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const change = useCallback(
    (next: SearchParamsChange, options?: NavigateOptions) => {
      const live = router?.state.location;
      const latest = new URLSearchParams(live?.pathname === pathname ? live.search : params);
      setParams(next(latest), options);
    },
    [router, pathname, params, setParams],
  );
  return [params, change] as const;
}
