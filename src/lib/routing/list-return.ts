// Where a detail page's breadcrumb leads back to: the list as the user left it (filters, sort, page), not the bare
// list. Each list's last address is kept per tab (sessionStorage, so a second tab keeps its own), written as the
// shell sees the location change.
import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** The lists a detail page belongs to. */
export const RETURNABLE_LISTS = ['/certificates', '/clients', '/users'] as const;
export type ReturnableList = (typeof RETURNABLE_LISTS)[number];

const storageKey = (list: ReturnableList) => `license-console.list-return:${list}`;

function tabStorage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

const isReturnableList = (pathname: string): pathname is ReturnableList =>
  (RETURNABLE_LISTS as readonly string[]).includes(pathname);

/** The list's address as last seen in this tab, or the bare list. */
export function listReturnPath(list: ReturnableList): string {
  try {
    const stored = tabStorage()?.getItem(storageKey(list));
    // Only an address of that very list: nothing stored can send the user elsewhere.
    return stored?.startsWith(`${list}?`) ? stored : list;
  } catch {
    return list;
  }
}

/** Remembers the list's address (with its query) whenever the location is one of the lists. */
export function useRememberListLocations(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (!isReturnableList(pathname)) return;
    try {
      tabStorage()?.setItem(storageKey(pathname), `${pathname}${search}`);
    } catch {
      // Storage refused: the breadcrumb leads to the bare list.
    }
  }, [pathname, search]);
}
