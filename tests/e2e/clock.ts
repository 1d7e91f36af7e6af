/** The time the pages see (Playwright's page.clock), so dates on screen do not depend on the day the tests run. */
export const MOCK_FIXED_NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
