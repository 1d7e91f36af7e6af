import { EXPIRY_RED_DAYS, EXPIRY_YELLOW_DAYS } from '../../contract/constants';

export type ExpiryTone = 'red' | 'yellow' | 'green';

/** Spec §2: red at 7 days or fewer, yellow at 30 or fewer, otherwise green. */
export function expiryTone(daysUntilExpiry: number): ExpiryTone {
  if (daysUntilExpiry <= EXPIRY_RED_DAYS) return 'red';
  if (daysUntilExpiry <= EXPIRY_YELLOW_DAYS) return 'yellow';
  return 'green';
}

/** Days since `at`, counted in whole days: 0 is 'Today'. */
export function daysAgo(at: number, now: number): number {
  return Math.max(0, Math.floor((now - at) / 86_400_000));
}
