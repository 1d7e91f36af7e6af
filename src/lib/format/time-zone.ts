// Which time zone the console shows times in: the browser's own, or UTC, chosen on the Account page
// and kept in this browser's local storage. Validity days are UTC calendar days whatever is chosen.

export type TimeZoneChoice = 'local' | 'utc';

/** Where this browser keeps the choice. */
export const TIME_ZONE_STORAGE_KEY = 'license-console.time-zone';

const readStored = (): TimeZoneChoice => {
  try {
    return globalThis.localStorage?.getItem(TIME_ZONE_STORAGE_KEY) === 'utc' ? 'utc' : 'local';
  } catch {
    // Storage refused (a locked-down browser): the browser's own zone.
    return 'local';
  }
};

let choice: TimeZoneChoice | null = null;
const listeners = new Set<() => void>();

/** The zone times are shown in now. */
export function timeZoneChoice(): TimeZoneChoice {
  choice ??= readStored();
  return choice;
}

/** The IANA zone name to format with: `undefined` is the browser's own. */
export const timeZoneOf = (value: TimeZoneChoice): string | undefined =>
  value === 'utc' ? 'UTC' : undefined;

/** The browser's own zone, named for the Account page's choice (e.g. 'Europe/Paris'). */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Keeps a new choice in this browser and tells whoever shows times. */
export function chooseTimeZone(value: TimeZoneChoice): void {
  choice = value;
  try {
    globalThis.localStorage?.setItem(TIME_ZONE_STORAGE_KEY, value);
  } catch {
    // Kept for this visit only.
  }
  for (const listener of listeners) listener();
}

/** Calls `listener` after each choice (here, or in another tab of this browser); returns the unsubscribe. */
export function onTimeZoneChange(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== TIME_ZONE_STORAGE_KEY) return;
    choice = readStored();
    listener();
  };
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}
