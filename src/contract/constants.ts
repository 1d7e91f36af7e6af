// Business constants of docs/requirements.md#constants and the API conventions (docs/architecture.md), defined once for server, console, mocks and tests.

/** Default page size for users, clients and certificates lists. */
export const DEFAULT_PAGE_SIZE = 10;
/** Largest page a list call accepts. */
export const MAX_PAGE_SIZE = 100;
/** Pickers (assign users, certificate client) load up to this many records. */
export const PICKER_PAGE_SIZE = 100;
/** Access token cookie lifetime in minutes. */
export const ACCESS_TOKEN_COOKIE_MINUTES = 15;
/** Auto-refresh timer in milliseconds (10 minutes). */
export const AUTO_REFRESH_MS = 10 * 60 * 1000;
/** Dashboard stats cache lifetime in milliseconds (5 minutes). */
export const DASHBOARD_STATS_CACHE_MS = 5 * 60 * 1000;
/** Dashboard stats retry delay after a fetch-type error. */
export const DASHBOARD_STATS_RETRY_MS = 1000;
/** Expiration timeframe options in days, and the default. */
export const EXPIRATION_DAY_OPTIONS = [7, 15, 30, 60, 90] as const;
export const DEFAULT_EXPIRATION_DAYS = 30;
/** The colour thresholds of docs/requirements.md#screens. */
export const EXPIRY_RED_DAYS = 7;
export const EXPIRY_YELLOW_DAYS = 30;
/** Activity log paging. */
export const ACTIVITY_PAGE_SIZE = 10;
export const RECENT_ACTIVITY_ROWS = 5;
/** Users search debounce in milliseconds. */
export const USERS_SEARCH_DEBOUNCE_MS = 300;
/** Toast default duration in milliseconds. */
export const TOAST_DURATION_MS = 2000;
/** How long a toast offering Undo stays: long enough to read it and change one's mind. */
export const UNDO_TOAST_DURATION_MS = 8000;
/** New certificate defaults. */
export const DEFAULT_STUDIO_COUNT = 1;
export const DEFAULT_USER_COUNT = 1;
export const MIN_STUDIO_COUNT = 1;
export const MIN_USER_COUNT = 1;
export const MAX_SEAT_COUNT = 100_000;
/** Config fallback API base. */
export const DEFAULT_API_BASE = '/api/v1';
/** Passwords: OWASP-style length bounds. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** One day in milliseconds (a UTC day). */
export const DAY_MS = 24 * 60 * 60 * 1000;
/** Product title (top bar and page title). */
export const PRODUCT_TITLE = 'License Console';
