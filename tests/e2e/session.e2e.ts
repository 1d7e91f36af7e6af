// Sessions: short-lived access tokens refreshed behind the scenes, accounts disabled elsewhere, and logout.
import type { Page } from '@playwright/test';
import { CERTIFICATES_TEXTS, CLIENTS_TEXTS } from '../../src/contract';
import { Api, TEST_PASSWORD } from './api';
import {
  navigateTo,
  navigation,
  refreshCookieOf,
  rowWith,
  SIGN_IN_URL,
  pressAccountControl,
} from './console';
import { expect, heading, signIn, test } from './fixtures';
import { E2E_ACCOUNTS } from './server-log';

const TTL_SECONDS = 2;

/** Waits (real time: the server's clock) until access tokens issued before now have expired. */
const outliveAccessToken = (page: Page) => page.waitForTimeout((TTL_SECONDS + 1) * 1000);

test.describe('with access tokens that live two seconds', () => {
  test.use({ serverEnv: { ACCESS_TOKEN_TTL_SECONDS: String(TTL_SECONDS) } });

  test('the console refreshes the expired token and carries on, and Logout ends the session on the server', async ({
    page,
    request,
  }) => {
    const owner = await Api.signIn(request);
    await owner.createClient('Refresh Pictures');
    const refreshes: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/v1/auth/refresh')) refreshes.push(response.status());
    });

    await signIn(page, E2E_ACCOUNTS.owner.email, E2E_ACCOUNTS.owner.password);
    await expect(heading(page, 'Dashboard')).toBeVisible();
    // The refresh token is out of the page's reach: an HttpOnly cookie sent only to the auth routes.
    const firstCookie = await refreshCookieOf(page);
    expect(firstCookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v1/auth' });
    expect(await page.evaluate(() => JSON.stringify({ ...sessionStorage }) + document.cookie)).not.toContain(
      firstCookie?.value,
    );

    await outliveAccessToken(page);
    await navigateTo(page, 'Clients');
    await expect(rowWith(page, CLIENTS_TEXTS.tableLabel, 'Refresh Pictures')).toBeVisible();
    await expect(page).toHaveURL(/\/clients$/);
    expect(
      refreshes.filter((status) => status === 200).length,
      'successful refreshes',
    ).toBeGreaterThanOrEqual(1);
    // Refresh tokens rotate on every use.
    const rotated = (await refreshCookieOf(page))?.value;
    expect(rotated).toBeTruthy();
    expect(rotated).not.toBe(firstCookie?.value);

    // And again, on another screen, with no error on the way.
    await outliveAccessToken(page);
    await navigateTo(page, 'Certificates');
    await expect(page.getByRole('grid', { name: CERTIFICATES_TEXTS.tableLabel })).toBeVisible();
    await expect(page.getByText(/Authentication failed/)).toHaveCount(0);
    expect(
      refreshes.every((status) => status === 200),
      `refresh answers ${refreshes.join(', ')}`,
    ).toBe(true);

    // Logout: the session ends on the server, which clears the cookie; its access token stops at once.
    const refreshToken = (await refreshCookieOf(page))?.value;
    const accessCookie = (await page.context().cookies()).find((cookie) => cookie.name === 'accessToken');
    expect(accessCookie, 'the access-token cookie').toBeTruthy();
    await pressAccountControl(page, 'Logout');
    await expect(page).toHaveURL(/\/login$/);
    expect(await refreshCookieOf(page)).toBeUndefined();
    expect((await request.post('/api/v1/auth/refresh', { data: { refreshToken } })).status()).toBe(401);
    const afterLogout = await request.get('/api/v1/clients', {
      headers: { Authorization: `Bearer ${decodeURIComponent(accessCookie?.value ?? '')}` },
    });
    expect(afterLogout.status()).toBe(401);
    await page.goto('/certificates');
    await expect(page).toHaveURL(SIGN_IN_URL);
  });
});

test('a user disabled elsewhere is sent to /login by their next call', async ({ page, request }) => {
  const owner = await Api.signIn(request);
  const editor = await owner.createUser('Dora Disabled', 'editor');
  await signIn(page, editor.email, TEST_PASSWORD);
  await expect(heading(page, 'Dashboard')).toBeVisible();
  await navigateTo(page, 'Clients');

  await owner.setUserActive(editor, false);
  await navigation(page).getByRole('link', { name: 'Certificates' }).click();
  await expect(page).toHaveURL(SIGN_IN_URL);
  await expect(heading(page, 'Sign In')).toBeVisible();
  expect(await refreshCookieOf(page)).toBeUndefined();
});
