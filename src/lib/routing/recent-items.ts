// The items a user opened last (certificates, clients, users), kept in this browser per user id, newest first: what
// the command palette (src/features/search) offers before anything is typed. Here, not in the search feature, since
// the detail pages of three other features count their item as opened (`useRememberOpened`), and a feature never
// imports another. Small and free of any schema library (a stored list is read field by field): it may load with the
// console's first screen.
import { useEffect } from 'react';

/** Something the palette can open again: its detail page is found from `kind` and `uuid`. */
export interface RecentItem {
  kind: 'certificate' | 'client' | 'user';
  uuid: string;
  /** What it is called: a serial number, a client's or a user's name. */
  label: string;
  /** A second line: a certificate's client, a user's e-mail address. */
  detail?: string;
}

/** How many are kept and offered. */
export const RECENT_ITEMS_MAX = 8;

const KINDS: readonly RecentItem['kind'][] = ['certificate', 'client', 'user'];

const storageKey = (userId: string) => `lc.recent.${userId}`;

/** A stored entry, if it is one. */
function asRecentItem(value: unknown): RecentItem | null {
  if (typeof value !== 'object' || value === null) return null;
  const { kind, uuid, label, detail } = value as Record<string, unknown>;
  if (!KINDS.includes(kind as RecentItem['kind']) || typeof uuid !== 'string' || typeof label !== 'string')
    return null;
  return {
    kind: kind as RecentItem['kind'],
    uuid,
    label,
    ...(typeof detail === 'string' && detail !== '' ? { detail } : {}),
  };
}

/** The user's recent items, newest first; none when storage is missing, refused or holds something else. */
export function readRecentItems(userId: string): RecentItem[] {
  try {
    const parsed: unknown = JSON.parse(globalThis.localStorage?.getItem(storageKey(userId)) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed
      .map(asRecentItem)
      .filter((item): item is RecentItem => item !== null)
      .slice(0, RECENT_ITEMS_MAX);
  } catch {
    return [];
  }
}

/** Puts `item` first in the user's recent items (once: an earlier entry of it goes), keeping the last eight. */
export function rememberOpened(userId: string, item: RecentItem): void {
  const entry = asRecentItem(item);
  if (!entry) return;
  const rest = readRecentItems(userId).filter(
    (other) => !(other.kind === entry.kind && other.uuid === entry.uuid),
  );
  try {
    globalThis.localStorage?.setItem(
      storageKey(userId),
      JSON.stringify([entry, ...rest].slice(0, RECENT_ITEMS_MAX)),
    );
  } catch {
    // Storage refused (privacy settings, full): the palette only forgets.
  }
}

/** Forgets the user's recent items in this browser. */
export function forgetRecentItems(userId: string): void {
  try {
    globalThis.localStorage?.removeItem(storageKey(userId));
  } catch {
    // Nothing was kept, then.
  }
}

/**
 * For a detail page: counts its item as opened by the signed-in user (`userId`), so the palette offers it again.
 * Pass `null` (or no user) while the item is loading; it is remembered once it is there, and again when what the
 * palette shows of it (its label or detail) changes.
 */
export function useRememberOpened(
  userId: string | null | undefined,
  item: RecentItem | null | undefined,
): void {
  const kind = item?.kind;
  const uuid = item?.uuid;
  const label = item?.label;
  const detail = item?.detail;
  useEffect(() => {
    if (!userId || !kind || !uuid || label === undefined) return;
    rememberOpened(userId, { kind, uuid, label, ...(detail ? { detail } : {}) });
  }, [userId, kind, uuid, label, detail]);
}
