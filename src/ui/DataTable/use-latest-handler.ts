import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * One function for the component's life that calls the latest `handler` it was given. A table hands its handlers to
 * a memoised grid: a page that makes new ones at every render (a router's setter changes with each navigation) must
 * not make it draw its rows again (DataTable). Called from events only, after the render that made it.
 */
export function useLatestHandler<Args extends unknown[]>(
  handler: (...args: Args) => void,
): (...args: Args) => void {
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  return useCallback((...args: Args) => latest.current(...args), []);
}
