import { test as base, expect, type Page } from '@playwright/test';
import { MOCK_FIXED_NOW } from './clock';
import { lastServerLogLines } from './server-log';

/**
 * Every test: the server started by global-setup as base URL, a fixed clock in the page, and on
 * failure the page's accessibility snapshot and the server's last 50 log lines in the output.
 */
export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads which fixtures a fixture needs from this pattern; this one needs none.
  baseURL: async ({}, use) => {
    const baseUrl = process.env.E2E_BASE_URL;
    if (!baseUrl) throw new Error('E2E_BASE_URL is not set: run through `npx playwright test` (global-setup starts the server)');
    await use(baseUrl);
  },
  page: async ({ page }, use, testInfo) => {
    await page.clock.setFixedTime(MOCK_FIXED_NOW);
    await use(page);
    if (testInfo.status !== testInfo.expectedStatus) {
      const snapshot = await page
        .locator('body')
        .ariaSnapshot({ timeout: 2000 })
        .catch((error: unknown) => `(no snapshot: ${String(error)})`);
      console.log(
        [
          `--- ${testInfo.title}: page ${page.url()} ---`,
          snapshot,
          '--- last 50 server log lines ---',
          lastServerLogLines(),
          '---',
        ].join('\n'),
      );
    }
  },
});

export { expect };

/** Signs in through the Sign-in screen. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}
