import { DAY_MS, EXPIRY_RED_DAYS, EXPIRY_YELLOW_DAYS } from '../../contract/constants';

export type ExpiryLevel = 'expired' | 'critical' | 'warning' | 'ok';

/** Whole days left until `validTo`, rounded up (docs/requirements.md#entities); 0 or less means expired. */
export function daysUntilExpiry(validTo: number, now: number = Date.now()): number {
  return Math.ceil((validTo - now) / DAY_MS);
}

/** docs/requirements.md#screens: red at 7 or fewer days, yellow at 30 or fewer, green otherwise; 'Expired' at 0 or less. */
export function expiryLevel(days: number): ExpiryLevel {
  if (days <= 0) return 'expired';
  if (days <= EXPIRY_RED_DAYS) return 'critical';
  if (days <= EXPIRY_YELLOW_DAYS) return 'warning';
  return 'ok';
}
