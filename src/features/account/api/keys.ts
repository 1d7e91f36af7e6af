/**
 * SWR keys of the Account page. Its sessions belong to no shared cache area (src/lib/api/revalidate.ts): no other
 * screen shows them, so the page reloads them itself after each change.
 */
export const accountKeys = {
  sessions: () => ['account', 'sessions'] as const,
  preferences: () => ['account', 'preferences'] as const,
  mfa: () => ['account', 'mfa'] as const,
};
