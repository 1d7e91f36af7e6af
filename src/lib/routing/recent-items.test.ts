import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  forgetRecentItems,
  readRecentItems,
  rememberOpened,
  RECENT_ITEMS_MAX,
  type RecentItem,
} from './recent-items';

const uuid = (n: number) => `30000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('recent items', () => {
  const stored = new Map<string, string>();
  beforeEach(() =>
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
      removeItem: (key: string) => void stored.delete(key),
    }),
  );
  afterEach(() => {
    stored.clear();
    vi.unstubAllGlobals();
  });

  const item = (n: number): RecentItem => ({ kind: 'certificate', uuid: uuid(n), label: `SN-${n}` });

  it('keeps the last eight opened, newest first, each once, per user', () => {
    for (let n = 1; n <= 10; n += 1) rememberOpened('ada', item(n));
    rememberOpened('ada', item(7));
    expect(readRecentItems('ada').map((recent) => recent.label)).toEqual(
      ['SN-7', 'SN-10', 'SN-9', 'SN-8', 'SN-6', 'SN-5', 'SN-4', 'SN-3'].slice(0, RECENT_ITEMS_MAX),
    );
    expect(readRecentItems('bob')).toEqual([]);
    forgetRecentItems('ada');
    expect(readRecentItems('ada')).toEqual([]);
  });

  it('reads nothing from what it did not write', () => {
    stored.set('lc.recent.ada', '{"not":"a list"}');
    expect(readRecentItems('ada')).toEqual([]);
    stored.set('lc.recent.ada', JSON.stringify([{ kind: 'page', uuid: 'x', label: 'y' }, item(1), 'junk']));
    expect(readRecentItems('ada')).toEqual([item(1)]);
    stored.set('lc.recent.ada', '{');
    expect(readRecentItems('ada')).toEqual([]);
  });
});
