// The console's single-key shortcuts (`?`, `/`, `g` then a letter): what each does and when a key press is one.
// Ctrl+K / ⌘K belongs to the search (src/features/search), which answers it from anywhere, fields included.
import { useEffect, useRef } from 'react';

/** `g` then one of these letters goes to the page (as the role allows): d, c, l (cLients), u. */
export const GO_TO_KEYS = { d: '/', c: '/certificates', l: '/clients', u: '/users' } as const;
export type GoToKey = keyof typeof GO_TO_KEYS;

/** How long after `g` its letter may follow. */
const SEQUENCE_MS = 1500;

/** A press typed into something that takes text (a field, an editable element, a combobox): never a shortcut. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type);
  }
  const role = target.getAttribute('role');
  return role === 'textbox' || role === 'combobox' || role === 'searchbox' || role === 'spinbutton';
}

/** Whether a dialog, a menu or another overlay is open: shortcuts wait until it closes. */
export const isOverlayOpen = (doc: Document = document) =>
  doc.querySelector('[role="dialog"], [role="alertdialog"][aria-modal="true"], [role="menu"]') !== null;

export interface ShortcutHandlers {
  showShortcuts: () => void;
  focusListSearch: () => void;
  goTo: (key: GoToKey) => void;
}

/** Listens for the shortcuts on the whole document while mounted. */
export function useShortcuts(handlers: ShortcutHandlers): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    let pendingGoSince: number | null = null;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTypingTarget(event.target) || isOverlayOpen()) {
        pendingGoSince = null;
        return;
      }
      const now = event.timeStamp;
      if (pendingGoSince !== null && now - pendingGoSince <= SEQUENCE_MS && event.key in GO_TO_KEYS) {
        pendingGoSince = null;
        event.preventDefault();
        latest.current.goTo(event.key as GoToKey);
        return;
      }
      pendingGoSince = null;
      if (event.key === 'g') {
        pendingGoSince = now;
      } else if (event.key === '?') {
        event.preventDefault();
        latest.current.showShortcuts();
      } else if (event.key === '/') {
        event.preventDefault();
        latest.current.focusListSearch();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}

/** Focuses the current page's list search (its first search field), if it has one; `true` when it did. */
export function focusListSearch(doc: Document = document): boolean {
  const field = doc.querySelector<HTMLInputElement>('main input[type="search"]');
  if (!field) return false;
  field.focus();
  field.select();
  return true;
}
