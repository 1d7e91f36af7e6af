import { describe, expect, it } from 'vitest';
import { daysAgo, expiryTone } from './expiry';

describe('expiryTone', () => {
  it.each([
    [-3, 'red'],
    [0, 'red'],
    [7, 'red'],
    [8, 'yellow'],
    [30, 'yellow'],
    [31, 'green'],
  ] as const)('%i days is %s', (days, tone) => expect(expiryTone(days)).toBe(tone));
});

describe('daysAgo', () => {
  const now = Date.UTC(2025, 0, 15, 12);
  it('counts whole days back', () => {
    expect(daysAgo(now - 3_600_000, now)).toBe(0);
    expect(daysAgo(now - 86_400_000, now)).toBe(1);
    expect(daysAgo(now - 2.5 * 86_400_000, now)).toBe(2);
  });
});
