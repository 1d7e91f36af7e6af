// Whether the sidebar is collapsed to icons: the user's choice, remembered per browser (localStorage), expanded
// until they choose.
import { useCallback, useState } from 'react';

export const SIDEBAR_STORAGE_KEY = 'license-console.sidebar';

function readCollapsed(): boolean {
  try {
    return globalThis.localStorage?.getItem(SIDEBAR_STORAGE_KEY) === 'collapsed';
  } catch {
    return false;
  }
}

/** The sidebar's state and the toggle that flips and remembers it. */
export function useSidebarCollapsed(): [boolean, () => void] {
  const [isCollapsed, setCollapsed] = useState(readCollapsed);
  const toggle = useCallback(() => {
    setCollapsed((was) => {
      const next = !was;
      try {
        globalThis.localStorage?.setItem(SIDEBAR_STORAGE_KEY, next ? 'collapsed' : 'expanded');
      } catch {
        // Storage refused: the choice holds for this visit.
      }
      return next;
    });
  }, []);
  return [isCollapsed, toggle];
}
