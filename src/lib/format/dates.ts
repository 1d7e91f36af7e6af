// Dates and times as the console shows them, in the browser's locale (docs/requirements.md#entities).
// One formatter per kind, made once: every screen that shows the same kind of date shows it alike.

// Validity bounds are calendar days (midnight UTC), and expiry instants are shown as the UTC day they
// fall on: in UTC, so no time zone moves them a day.
const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
// Creation dates of clients and assignments: the local calendar day, e.g. 'Jan 14, 2025'.
const dateFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
// Moments (last login, last use, history records): local day and time, e.g. 'Jan 14, 2025, 12:00 PM'.
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A UTC calendar day (validity bounds, expiry dates). */
export const formatDay = (epochMs: number) => dayFormat.format(epochMs);

/** A local calendar day (when a client or an assignment was created). */
export const formatDate = (epochMs: number) => dateFormat.format(epochMs);

/** A local moment, to the minute. */
export const formatDateTime = (epochMs: number) => dateTimeFormat.format(epochMs);

/** A moment that may never have happened (last login, last use): `never` then, the moment otherwise. */
export const formatDateTimeOr = (epochMs: number | null, never: string) =>
  epochMs === null ? never : formatDateTime(epochMs);
