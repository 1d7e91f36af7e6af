import { useEffect } from 'react';
import { PRODUCT_TITLE } from '../../contract/constants';

/** "SN-1002 · Certificates · License Console": the parts from the most particular, then the product. */
export const documentTitle = (...parts: string[]) => [...parts, PRODUCT_TITLE].join(' · ');

/**
 * Names the browser tab after the page shown, so tabs, history and bookmarks say which page and
 * which item they hold. Every page sets it on showing; nothing restores it, the next page sets its own.
 */
export function useDocumentTitle(...parts: string[]): void {
  const title = documentTitle(...parts);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
