// The Content Security Policy forbids inline scripts; the built console and the API reference page must
// both still work under it in a real browser.
import { expect, test } from './fixtures';

test('the console and the API reference page work under the Content Security Policy', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply)/i.test(message.text())) violations.push(message.text());
  });
  page.on('pageerror', (error) => violations.push(`page error: ${error.message}`));

  const consolePage = await page.goto('/login');
  const policy = consolePage?.headers()['content-security-policy'] ?? '';
  const scriptSrc = policy.split(';').find((directive) => directive.trim().startsWith('script-src')) ?? '';
  expect(scriptSrc).toContain("'self'");
  expect(scriptSrc).not.toContain('unsafe-inline');
  expect(policy).toContain("frame-ancestors 'none'");
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();

  const docs = await page.goto('/api/docs/');
  expect(docs?.status()).toBe(200);
  const docsPolicy = docs?.headers()['content-security-policy'] ?? '';
  expect(docsPolicy.split(';').find((directive) => directive.trim().startsWith('script-src')) ?? '').not.toContain('unsafe-inline');
  // Swagger UI rendered the OpenAPI document (its scripts ran).
  await expect(page.getByText('License Console API').first()).toBeVisible();
  await expect(page.getByText('/api/v1/auth/login').first()).toBeVisible();

  expect(violations).toEqual([]);
});
