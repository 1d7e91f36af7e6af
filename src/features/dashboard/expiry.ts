import { DAY_MS } from '../../contract/constants';

/**
 * How many days ago `at` was, in UTC days (docs/requirements.md#entities: "a day" is a UTC day): 0 is 'Today', so
 * yesterday at 23:00 is '1 day ago' at 01:00 today.
 */
export function daysAgo(at: number, now: number): number {
  return Math.max(0, Math.floor(now / DAY_MS) - Math.floor(at / DAY_MS));
}
