import { CalendarDate } from '@internationalized/date';
import type { DateValue } from 'react-aria-components';

/**
 * The DatePicker's value on the way in: epoch milliseconds (read as their UTC calendar day, the
 * API's day) or a 'YYYY-MM-DD' date string.
 */
export type DateInput = number | string;

const DATE_STRING = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The calendar day of a value, or null for an empty or unreadable one. */
export function toCalendarDate(value: DateInput | null | undefined): CalendarDate | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    const date = new Date(value);
    return new CalendarDate(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
  }
  const match = DATE_STRING.exec(value);
  if (!match) return null;
  return new CalendarDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** Midnight UTC of a calendar day, in epoch milliseconds (what the API takes). */
export function toEpochMs(date: Pick<DateValue, 'year' | 'month' | 'day'>): number {
  return Date.UTC(date.year, date.month - 1, date.day);
}

/** A calendar day as 'YYYY-MM-DD'. */
export function toDateString(date: Pick<DateValue, 'year' | 'month' | 'day'>): string {
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;
}
