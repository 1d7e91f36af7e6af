import { describe, expect, it } from 'vitest';
import { daysAgo } from './expiry';

describe('daysAgo (UTC days)', () => {
  const noon = Date.UTC(2025, 0, 15, 12);
  it('counts calendar days back, not 24-hour blocks', () => {
    expect(daysAgo(noon - 3_600_000, noon)).toBe(0);
    expect(daysAgo(Date.UTC(2025, 0, 14, 23), Date.UTC(2025, 0, 15, 1))).toBe(1);
    expect(daysAgo(Date.UTC(2025, 0, 14, 0, 30), Date.UTC(2025, 0, 14, 23, 59))).toBe(0);
    expect(daysAgo(noon - 2.5 * 86_400_000, noon)).toBe(2);
  });
  it('never counts a time ahead of the clock as the past', () => {
    expect(daysAgo(noon + 86_400_000, noon)).toBe(0);
  });
});
