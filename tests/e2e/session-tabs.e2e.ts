// One session for every tab of a browser, and deep links that survive the sign-in
// (docs/adr/0008-refresh-cookie-and-sessions.md).
import { CERTIFICATES_TEXTS } from '../../src/contract';
import { navigateTo, refreshCookieOf, SIGN_IN_URL, pressAccountControl } from './console';
import { expect, heading, signIn, submitSignIn, test } from './fixtures';
import { E2E_ACCOUNTS } from './server-log';

const { email, password } = E2E_ACCOUNTS.owner;
const DEEP_LINK = '/certificates?status=expired&page=2';

test('a deep link opened signed out returns there after the sign-in', async ({ page }) => {
  await page.goto(DEEP_LINK);
  await expect(page).toHaveURL(`/login?next=${encodeURIComponent(DEEP_LINK)}`);
  await submitSignIn(page, email, password);
  await expect(heading(page, 'Certificates')).toBeVisible();
  await expect(page).toHaveURL(DEEP_LINK);

  // A `next` that leaves the console is ignored.
  await pressAccountControl(page, 'Logout');
  await page.goto('/login?next=%2F%2Fevil.example%2Fphish');
  await submitSignIn(page, email, password);
  await expect(heading(page, 'Dashboard')).toBeVisible();
  await expect(page).toHaveURL('/');
});

test('a visitor with no session costs no failing request', async ({ page }) => {
  // No session call (refresh, validate) without a session; the sign-in page asks only which sign-in methods the
  // server offers (GET /auth/methods), and that call succeeds.
  const authCalls: string[] = [];
  const failures: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/auth/') && !request.url().endsWith('/api/v1/auth/methods'))
      authCalls.push(request.url());
  });
  page.on('response', (response) => {
    if (response.url().includes('/api/v1/') && !response.ok()) failures.push(response.url());
  });
  await page.goto('/clients');
  await expect(heading(page, 'Sign In')).toBeVisible();
  expect(authCalls).toEqual([]);
  expect(failures).toEqual([]);
});

test('a second tab opened on a deep link is signed in and stays there; Logout in one signs both out', async ({
  page,
}) => {
  await signIn(page, email, password);
  await expect(heading(page, 'Dashboard')).toBeVisible();

  const second = await page.context().newPage();
  await second.goto(DEEP_LINK);
  await expect(heading(second, 'Certificates')).toBeVisible();
  await expect(second).toHaveURL(DEEP_LINK);
  await expect(second.getByRole('grid', { name: CERTIFICATES_TEXTS.tableLabel })).toBeVisible();

  await pressAccountControl(page, 'Logout');
  await expect(heading(page, 'Sign In')).toBeVisible();
  // The other tab hears it at once and keeps its place for the next sign-in.
  await expect(heading(second, 'Sign In')).toBeVisible();
  await expect(second).toHaveURL(SIGN_IN_URL);
  expect(await refreshCookieOf(page)).toBeUndefined();

  // Signing in in one tab signs the other in too.
  await signIn(page, email, password);
  await expect(heading(page, 'Dashboard')).toBeVisible();
  await expect(heading(second, 'Certificates')).toBeVisible();
});

test('two tabs reloading at once, both needing a refresh, stay signed in', async ({ page }) => {
  await signIn(page, email, password);
  await expect(heading(page, 'Dashboard')).toBeVisible();
  const second = await page.context().newPage();
  await second.goto('/clients');
  await expect(heading(second, 'Clients')).toBeVisible();

  const refreshes: number[] = [];
  for (const tab of [page, second])
    tab.on('response', (response) => {
      if (response.url().endsWith('/api/v1/auth/refresh')) refreshes.push(response.status());
    });
  // Without an access token, both tabs must refresh on load; the refresh cookie rotates on every use.
  await page.context().clearCookies({ name: 'accessToken' });
  await Promise.all([page.reload(), second.reload()]);
  await expect(heading(page, 'Dashboard')).toBeVisible();
  await expect(heading(second, 'Clients')).toBeVisible();
  expect(refreshes.length).toBeGreaterThanOrEqual(1);
  expect(
    refreshes.every((status) => status === 200),
    `refresh answers ${refreshes.join(', ')}`,
  ).toBe(true);

  // And they carry on working.
  await navigateTo(page, 'Certificates');
  await navigateTo(second, 'Dashboard');
});
