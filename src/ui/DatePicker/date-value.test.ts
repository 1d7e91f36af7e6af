import { describe, expect, it } from 'vitest';
import { toCalendarDate, toDateString, toEpochMs } from './date-value';

describe('DatePicker values', () => {
  it('reads epoch milliseconds as their UTC day, whatever the hour', () => {
    expect(toCalendarDate(Date.UTC(2026, 0, 15, 23, 59))?.toString()).toBe('2026-01-15');
    expect(toCalendarDate(Date.UTC(2026, 0, 15, 0, 0))?.toString()).toBe('2026-01-15');
  });

  it("reads 'YYYY-MM-DD' strings and rejects anything else", () => {
    expect(toCalendarDate('2027-02-28')?.toString()).toBe('2027-02-28');
    expect(toCalendarDate('28/02/2027')).toBeNull();
    expect(toCalendarDate('')).toBeNull();
    expect(toCalendarDate(null)).toBeNull();
    expect(toCalendarDate(Number.NaN)).toBeNull();
  });

  it('gives midnight UTC and the date string back', () => {
    const day = { year: 2026, month: 3, day: 9 };
    expect(toEpochMs(day)).toBe(Date.UTC(2026, 2, 9));
    expect(new Date(toEpochMs(day)).toISOString()).toBe('2026-03-09T00:00:00.000Z');
    expect(toDateString(day)).toBe('2026-03-09');
  });

  it('round-trips', () => {
    const ms = Date.UTC(2030, 11, 31);
    const date = toCalendarDate(ms);
    expect(date && toEpochMs(date)).toBe(ms);
    expect(date && toDateString(date)).toBe('2030-12-31');
  });
});
