// Dates and times as the console shows them, in the browser's locale (docs/requirements.md#entities): the one
// formatter every screen uses. Moments are shown in the zone chosen on the Account page (the
// browser's or UTC, src/lib/format/time-zone.ts) with the zone named; validity days are UTC calendar days.
import { timeZoneChoice, timeZoneOf, type TimeZoneChoice } from './time-zone';

// Validity bounds are calendar days (midnight UTC), and expiry instants are shown as the UTC day they
// fall on: in UTC, so no time zone moves them a day.
const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

/** The formatters of one zone choice, made once each. */
const formatsByZone = new Map<TimeZoneChoice, { date: Intl.DateTimeFormat; dateTime: Intl.DateTimeFormat }>();

function formatsFor(choice: TimeZoneChoice) {
  let formats = formatsByZone.get(choice);
  if (!formats) {
    const timeZone = timeZoneOf(choice);
    formats = {
      // Creation dates of clients and assignments, e.g. 'Jan 14, 2025'.
      date: new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric', timeZone }),
      // Moments (last login, last use, history records), e.g. 'Jan 14, 2025, 12:00 PM UTC'.
      dateTime: new Intl.DateTimeFormat(undefined, {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZoneName: 'short',
        timeZone,
      }),
    };
    formatsByZone.set(choice, formats);
  }
  return formats;
}

/** A UTC calendar day (validity bounds, expiry dates). */
export const formatDay = (epochMs: number) => dayFormat.format(epochMs);

/** A calendar day in the chosen zone (when a client or an assignment was created). */
export const formatDate = (epochMs: number) => formatsFor(timeZoneChoice()).date.format(epochMs);

/** A moment to the minute, in the chosen zone, the zone named. */
export const formatDateTime = (epochMs: number) => formatsFor(timeZoneChoice()).dateTime.format(epochMs);

/** A moment that may never have happened (last login, last use): `never` then, the moment otherwise. */
export const formatDateTimeOr = (epochMs: number | null, never: string) =>
  epochMs === null ? never : formatDateTime(epochMs);
