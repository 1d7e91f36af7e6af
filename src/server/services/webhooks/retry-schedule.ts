// When a failed delivery is tried again: the default schedule (after an immediate first attempt: 5 s, 5 min,
// 30 min, 2 h, 5 h, 10 h, 10 h: eight attempts over about a day), or WEBHOOK_RETRY_SCHEDULE's list of seconds.
// Each wait has up to 10 % of jitter, so endpoints failing together are not retried in lockstep.
export const DEFAULT_RETRY_SCHEDULE_SECONDS: readonly number[] = [5, 300, 1800, 7200, 18_000, 36_000, 36_000];
const JITTER = 0.1;

/** The wait in ms before attempt `attempt + 1` after attempt `attempt` failed, or null when none is left. */
export function retryDelayMs(
  schedule: readonly number[],
  attempt: number,
  random: () => number = Math.random,
): number | null {
  const seconds = schedule[attempt - 1];
  if (seconds === undefined) return null;
  const ms = seconds * 1000;
  return Math.round(ms + ms * JITTER * random());
}
