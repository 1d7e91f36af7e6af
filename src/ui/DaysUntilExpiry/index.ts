export { DaysUntilExpiry } from './DaysUntilExpiry';
export { daysUntilExpiry, expiryLevel, type ExpiryLevel } from './expiry';
