// Dates as the console shows them, in the browser's locale (docs/requirements.md#entities).

// Validity bounds are calendar days (midnight UTC): shown in UTC so no time zone moves them a day.
const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const formatDay = (epochMs: number) => dayFormat.format(epochMs);
export const formatDateTime = (epochMs: number) => dateTimeFormat.format(epochMs);
