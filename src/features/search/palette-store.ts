// Which search launcher's palette is open, and the one Ctrl+K / ⌘K listener that opens it. Module state, not React
// state: the shell may mount more than one launcher (a full one and a compact one for narrow windows), and still one
// palette opens at a time, from whichever launcher shows, and a second Ctrl+K while it is open opens nothing.
import { useEffect, useState, useSyncExternalStore, type RefObject } from 'react';

interface Launcher {
  id: symbol;
  /** Whether the launcher is on screen now (a hidden one is not the one the shortcut belongs to). */
  isShown: () => boolean;
}

let openBy: symbol | null = null;
const listeners = new Set<() => void>();
const launchers: Launcher[] = [];

const emit = () => {
  for (const listener of listeners) listener();
};

/** Opens the palette of launcher `id`, unless one is open already. */
function openPalette(id: symbol): void {
  if (openBy !== null) return;
  openBy = id;
  emit();
}

function closePalette(id: symbol): void {
  if (openBy !== id) return;
  openBy = null;
  emit();
}

/** Whether this is the platform's palette shortcut: ⌘K on Apple's systems, Ctrl+K elsewhere. */
export function isPaletteShortcut(event: KeyboardEvent, onApple = isApplePlatform()): boolean {
  if (event.altKey || event.shiftKey) return false;
  if (onApple ? !event.metaKey || event.ctrlKey : !event.ctrlKey || event.metaKey) return false;
  // `code` for keyboard layouts whose K key types another letter (Cyrillic, Greek).
  return event.key.toLowerCase() === 'k' || (!/^[a-z]$/i.test(event.key) && event.code === 'KeyK');
}

/** Whether the console runs on macOS or iOS, whose shortcut is ⌘K. */
export function isApplePlatform(): boolean {
  const nav = globalThis.navigator as (Navigator & { userAgentData?: { platform?: string } }) | undefined;
  return /mac|iphone|ipad/i.test(nav?.userAgentData?.platform || nav?.platform || '');
}

/**
 * The shortcut, heard on the window in the capture phase: before any field or widget sees the key (react-aria's
 * fields stop the propagation of the keys they handle), so it works while typing anywhere, dialogs included. The
 * browser's own Ctrl+K (its search bar) is prevented.
 */
function onKeyDown(event: KeyboardEvent): void {
  if (event.defaultPrevented || event.repeat || !isPaletteShortcut(event)) return;
  event.preventDefault();
  if (openBy !== null) return;
  const launcher = [...launchers].reverse().find((candidate) => candidate.isShown()) ?? launchers.at(-1);
  if (launcher) openPalette(launcher.id);
}

function register(launcher: Launcher): () => void {
  launchers.push(launcher);
  if (launchers.length === 1) window.addEventListener('keydown', onKeyDown, true);
  return () => {
    launchers.splice(launchers.indexOf(launcher), 1);
    if (launchers.length === 0) window.removeEventListener('keydown', onKeyDown, true);
    closePalette(launcher.id);
  };
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const getOpenBy = () => openBy;

/** Whether an element is on screen: a launcher the layout hides at this width is not. */
const isOnScreen = (element: HTMLElement | null) =>
  element !== null && (element.checkVisibility?.() ?? element.offsetParent !== null);

/**
 * A launcher's part: the shortcut listens while it is mounted, `isOpen` says whether its palette is the open one.
 * `ref` is the launcher's element, which tells the shortcut whether this launcher is the one on screen.
 */
export function usePaletteLauncher(ref: RefObject<HTMLElement | null>) {
  const [id] = useState(() => Symbol('search launcher'));
  useEffect(() => register({ id, isShown: () => isOnScreen(ref.current) }), [id, ref]);
  const isOpen = useSyncExternalStore(subscribe, getOpenBy) === id;
  return { isOpen, open: () => openPalette(id), close: () => closePalette(id) };
}
