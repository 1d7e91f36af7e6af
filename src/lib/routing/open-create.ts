// A list page's create dialog opened from elsewhere (the command palette's actions "Generate New Certificate", "Add
// New Client", "Add New User"): the address asks for it with `?new=1`. The page opens the dialog once and takes the
// request out of the address (replacing the entry), so Back, a reload or a shared link does not open it again.
import { useEffect, useRef } from 'react';
import { useLatestSearchParams } from './use-latest-search-params';

/** The query parameter that asks a list page for its create dialog. */
export const CREATE_PARAM = 'new';

/** The address of the list page at `listPath` with its create dialog open. */
export const withCreateDialog = (listPath: string) => `${listPath}?${CREATE_PARAM}=1`;

/**
 * Opens the page's create dialog (`open`) when the address asks for it and the user may create here (`mayCreate`,
 * the check that shows the page's own button), then removes the request from the address. `isEnabled` false (a list
 * shown inside another page) leaves the address alone.
 */
export function useCreateFromAddress(open: () => void, mayCreate: boolean, isEnabled = true): void {
  const [params, setParams] = useLatestSearchParams();
  const isRequested = isEnabled && params.has(CREATE_PARAM);
  const openRef = useRef(open);
  useEffect(() => {
    openRef.current = open;
  });
  useEffect(() => {
    if (!isRequested) return;
    if (mayCreate) openRef.current();
    setParams(
      (latest) => {
        const next = new URLSearchParams(latest);
        next.delete(CREATE_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [isRequested, mayCreate, setParams]);
}
