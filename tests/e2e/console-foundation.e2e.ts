import type { Page } from '@playwright/test';
import { ACCESS_DENIED_TEXTS, CHANGE_PASSWORD_TEXTS, MESSAGES, PRODUCT_TITLE } from '../../src/contract';
import { expect, signIn, test } from './fixtures';
import { refreshCookieOf } from './console';
import { E2E_ACCOUNTS } from './server-log';

const { owner, viewer } = E2E_ACCOUNTS;
const NEW_OWNER_PASSWORD = 'Changed-Owner-Password-2';

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

// The whole top bar on one line (from 1360 px, src/ui/styles/breakpoints.ts): the user's name, role and controls.
test.use({ viewport: { width: 1440, height: 900 } });

test('the bootstrap owner signs in, sees the top bar, changes the password, signs in with it and logs out for good', async ({
  page,
  request,
}) => {
  await signIn(page, owner.email, owner.password);
  await expect(heading(page, 'Dashboard')).toBeVisible();
  await expect(page).toHaveURL('/');
  const topBar = page.getByRole('banner');
  await expect(topBar).toContainText(PRODUCT_TITLE);
  await expect(topBar.getByText(owner.name, { exact: true })).toBeVisible();
  await expect(topBar.getByText('OWNER', { exact: true })).toBeVisible();
  // Each tab names its page.
  await expect(page).toHaveTitle(`Dashboard · ${PRODUCT_TITLE}`);

  // Change the password in the dialog on the Account page.
  await topBar.getByRole('link', { name: 'Account' }).click();
  await page.getByRole('button', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: CHANGE_PASSWORD_TEXTS.title });
  await dialog.getByLabel(CHANGE_PASSWORD_TEXTS.currentPasswordLabel, { exact: true }).fill(owner.password);
  await dialog.getByLabel(CHANGE_PASSWORD_TEXTS.newPasswordLabel, { exact: true }).fill(NEW_OWNER_PASSWORD);
  await dialog
    .getByLabel(CHANGE_PASSWORD_TEXTS.confirmPasswordLabel, { exact: true })
    .fill(NEW_OWNER_PASSWORD);
  await dialog.getByRole('button', { name: CHANGE_PASSWORD_TEXTS.submit }).click();
  await expect(page.getByText(CHANGE_PASSWORD_TEXTS.successTitle)).toBeVisible();
  await expect(dialog).toBeHidden();

  // The session survived the change; log out and back in with the new password.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/login');
  await signIn(page, owner.email, owner.password);
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.invalidCredentials);
  await signIn(page, owner.email, NEW_OWNER_PASSWORD);
  await expect(heading(page, 'Dashboard')).toBeVisible();

  // Logout ends the session on the server: the refresh token it had is refused afterwards.
  const refreshToken = (await refreshCookieOf(page))?.value;
  expect(refreshToken).toBeTruthy();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(heading(page, 'Sign In')).toBeVisible();
  await expect(page).toHaveURL('/login');
  expect(await refreshCookieOf(page)).toBeUndefined();
  const refresh = await request.post('/api/v1/auth/refresh', { data: { refreshToken } });
  expect(refresh.status()).toBe(401);

  // Signed out, the console sends every page back to the sign-in screen.
  await page.goto('/clients');
  await expect(page).toHaveURL('/login?next=%2Fclients');
});

test('a viewer is refused /users, and both Access Denied buttons work', async ({ page }) => {
  await signIn(page, viewer.email, viewer.password);
  await expect(heading(page, 'Dashboard')).toBeVisible();
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(navigation.getByRole('link')).toHaveText(['Dashboard', 'Clients', 'Certificates']);
  await expect(page.getByRole('banner').getByText('VIEWER', { exact: true })).toBeVisible();

  await navigation.getByRole('link', { name: 'Clients' }).click();
  await expect(heading(page, 'Clients')).toBeVisible();

  // Typed into the address bar: the route itself is guarded.
  await page.goto('/users');
  await expect(heading(page, ACCESS_DENIED_TEXTS.title)).toBeVisible();
  await expect(page.getByText(ACCESS_DENIED_TEXTS.message)).toBeVisible();
  await expect(heading(page, 'Users')).toHaveCount(0);

  await page.getByRole('button', { name: ACCESS_DENIED_TEXTS.goBack }).click();
  await expect(page).toHaveURL('/clients');
  await expect(heading(page, 'Clients')).toBeVisible();

  await page.goto('/users');
  await expect(heading(page, ACCESS_DENIED_TEXTS.title)).toBeVisible();
  await page.getByRole('button', { name: ACCESS_DENIED_TEXTS.goToDashboard }).click();
  await expect(page).toHaveURL('/');
  await expect(heading(page, 'Dashboard')).toBeVisible();
});
