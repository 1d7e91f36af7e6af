import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate, formatDateTime, formatDateTimeOr, formatDay } from './dates';
import { chooseTimeZone, onTimeZoneChange, timeZoneChoice } from './time-zone';

// Where the browser's zone matters a test sets TZ to Pacific/Kiritimati (UTC+14) before the first local format, so
// the browser's zone and UTC give other days.
const MOMENT = Date.UTC(2025, 0, 15, 12, 30);

describe('dates in the chosen time zone', () => {
  afterEach(() => chooseTimeZone('local'));

  it('names the zone after every time, and shows the UTC moment when UTC is chosen', () => {
    chooseTimeZone('utc');
    expect(timeZoneChoice()).toBe('utc');
    expect(formatDateTime(MOMENT)).toMatch(/Jan 15, 2025, 12:30\s?PM UTC$/);
    expect(formatDate(MOMENT)).toBe('Jan 15, 2025');
    expect(formatDateTimeOr(null, 'Never')).toBe('Never');
  });

  it("shows the browser's zone by default, named", () => {
    vi.stubEnv('TZ', 'Pacific/Kiritimati');
    chooseTimeZone('local');
    // 12:30 UTC is 02:30 the next day at UTC+14.
    expect(formatDateTime(MOMENT)).toMatch(/Jan 16, 2025, 2:30\s?AM GMT\+14$/);
    expect(formatDate(MOMENT)).toBe('Jan 16, 2025');
    vi.unstubAllEnvs();
  });

  it('keeps validity days in UTC whatever the choice', () => {
    vi.stubEnv('TZ', 'Pacific/Kiritimati');
    chooseTimeZone('local');
    expect(formatDay(Date.UTC(2025, 0, 15))).toBe('Jan 15, 2025');
    vi.unstubAllEnvs();
  });

  it('tells listeners of a new choice until they unsubscribe', () => {
    const listener = vi.fn();
    const unsubscribe = onTimeZoneChange(listener);
    chooseTimeZone('utc');
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    chooseTimeZone('local');
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
