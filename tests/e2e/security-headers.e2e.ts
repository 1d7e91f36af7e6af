// The Content Security Policy forbids inline scripts; the built console (every screen, a modal, a toast)
// and the API reference page must all still work under it in a real browser.
import { CERTIFICATES_TEXTS } from '../../src/contract';
import { dialog, navigateTo } from './console';
import { expect, signIn, test } from './fixtures';
import { E2E_ACCOUNTS } from './server-log';

// The theme switch sits in the top bar itself from 1360 px (src/ui/styles/breakpoints.ts).
test.use({ viewport: { width: 1440, height: 900 } });

test('the console and the API reference page work under the Content Security Policy', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply)/i.test(message.text()))
      violations.push(message.text());
  });
  page.on('pageerror', (error) => violations.push(`page error: ${error.message}`));
  // The browser's own report of every violation, whether or not it reaches the console.
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${location.pathname} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });

  const consolePage = await page.goto('/login');
  const policy = consolePage?.headers()['content-security-policy'] ?? '';
  const scriptSrc = policy.split(';').find((directive) => directive.trim().startsWith('script-src')) ?? '';
  expect(scriptSrc).toContain("'self'");
  expect(scriptSrc).not.toContain('unsafe-inline');
  expect(policy).toContain("frame-ancestors 'none'");
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();

  // Signed in: every screen, a modal and the dark theme (set by the kit at run time).
  await signIn(page, E2E_ACCOUNTS.owner.email, E2E_ACCOUNTS.owner.password);
  for (const screen of ['Users', 'Clients', 'Certificates', 'Dashboard'] as const)
    await navigateTo(page, screen);
  await navigateTo(page, 'Certificates');
  await page.getByRole('button', { name: CERTIFICATES_TEXTS.generate }).click();
  await expect(dialog(page, CERTIFICATES_TEXTS.form.createTitle)).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByText('Dark theme', { exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  const docs = await page.goto('/api/docs/');
  expect(docs?.status()).toBe(200);
  const docsPolicy = docs?.headers()['content-security-policy'] ?? '';
  expect(
    docsPolicy.split(';').find((directive) => directive.trim().startsWith('script-src')) ?? '',
  ).not.toContain('unsafe-inline');
  // Swagger UI rendered the OpenAPI document (its scripts ran).
  await expect(page.getByText('License Console API').first()).toBeVisible();
  await expect(page.getByText('/api/v1/auth/login').first()).toBeVisible();

  expect(violations).toEqual([]);
});
