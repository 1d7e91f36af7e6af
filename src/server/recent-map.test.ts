import { describe, expect, it } from 'vitest';
import { createRecentMap } from './recent-map';

describe('recent map', () => {
  it('keeps at most its size, the recently used first', () => {
    const recent = createRecentMap<string, number>(4);
    for (const [index, key] of ['a', 'b', 'c', 'd'].entries()) recent.set(key, index);
    // 'a' is read again: it stays when the older half goes.
    expect(recent.get('a')).toBe(0);
    recent.set('e', 4);
    recent.set('f', 5);
    expect(recent.size).toBeLessThanOrEqual(4);
    expect(recent.get('a')).toBe(0);
    expect(recent.get('b')).toBeUndefined();
  });
});
