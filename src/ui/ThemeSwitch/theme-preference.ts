import { THEME_NAMES, type ThemeName } from '../theme-tokens';

/** Where the chosen theme is remembered (localStorage). */
export const THEME_STORAGE_KEY = 'license-console.theme';

type ThemeStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** localStorage, or nothing where it is missing or refused (private windows, blocked storage). */
function defaultStorage(): ThemeStorage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

const isThemeName = (value: unknown): value is ThemeName => THEME_NAMES.includes(value as ThemeName);

/** The remembered choice, or null when none was made (or storage cannot be read). */
export function readStoredTheme(storage: ThemeStorage | undefined = defaultStorage()): ThemeName | null {
  try {
    const value = storage?.getItem(THEME_STORAGE_KEY);
    return isThemeName(value) ? value : null;
  } catch {
    return null;
  }
}

/** Remembers the choice; a storage that refuses only means it is not remembered. */
export function storeTheme(theme: ThemeName, storage: ThemeStorage | undefined = defaultStorage()): void {
  try {
    storage?.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Nothing to do: the theme still applies for this visit.
  }
}

/** The theme the system asks for when the user has not chosen. */
function systemTheme(): ThemeName {
  return globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** The theme showing now: the `data-theme` on `<html>`, else the system's. */
export function currentTheme(
  root: HTMLElement | undefined = globalThis.document?.documentElement,
): ThemeName {
  const value = root?.getAttribute('data-theme');
  return isThemeName(value) ? value : systemTheme();
}

const listeners = new Set<() => void>();

/** Shows `theme` (theme.css.ts keys the variables on `<html data-theme>`) and tells the subscribers. */
export function applyTheme(
  theme: ThemeName,
  root: HTMLElement | undefined = globalThis.document?.documentElement,
): void {
  root?.setAttribute('data-theme', theme);
  for (const listener of listeners) listener();
}

/** The user's choice: shown now and remembered for the next visit. */
export function chooseTheme(theme: ThemeName): void {
  storeTheme(theme);
  applyTheme(theme);
}

/** For `useSyncExternalStore`: called whenever the theme changes through `applyTheme`. */
export function subscribeToTheme(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Applies the remembered choice. The kit calls it when it loads, before React renders anything;
 * with no choice remembered the CSS follows `prefers-color-scheme` by itself.
 */
export function applyStoredTheme(root: HTMLElement | undefined = globalThis.document?.documentElement): void {
  const stored = readStoredTheme();
  if (stored) applyTheme(stored, root);
}

/**
 * The same as `applyStoredTheme`, as a classic inline script for `index.html`'s `<head>`, which runs
 * before the first paint (the module bundle may run after it): no flash of the other theme.
 */
export const THEME_BOOT_SCRIPT = `try{var t=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});if(t==='light'||t==='dark')document.documentElement.setAttribute('data-theme',t)}catch(e){}`;
