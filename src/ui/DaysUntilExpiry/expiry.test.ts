import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../contract/constants';
import { daysUntilExpiry, expiryLevel } from './expiry';

describe('expiryLevel (docs/requirements.md#screens thresholds)', () => {
  it.each([
    [-3, 'expired'],
    [0, 'expired'],
    [1, 'critical'],
    [7, 'critical'],
    [8, 'warning'],
    [30, 'warning'],
    [31, 'ok'],
  ])('%i days is %s', (days, level) => {
    expect(expiryLevel(days)).toBe(level);
  });
});

describe('daysUntilExpiry', () => {
  const now = Date.UTC(2026, 0, 15, 12);
  it('rounds part of a day up', () => {
    expect(daysUntilExpiry(now + 4 * DAY_MS + 1, now)).toBe(5);
    expect(daysUntilExpiry(now + 5 * DAY_MS, now)).toBe(5);
    expect(daysUntilExpiry(now + 1, now)).toBe(1);
  });
  it('is 0 or less once expired', () => {
    expect(daysUntilExpiry(now, now)).toBe(0);
    expect(daysUntilExpiry(now - DAY_MS, now)).toBe(-1);
  });
});
