// Two-factor sign-in: a user sets up an authenticator from the Account page and signs in with its codes
// and a recovery code; owners require codes of everyone, and a user without them enrols at their next sign-in. The
// codes are computed here from the key the console shows, as an authenticator app would.
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import {
  AUTHENTICATOR_TEXTS,
  MFA_ACCOUNT_TEXTS,
  MFA_SIGN_IN_TEXTS,
  SETTINGS_TEXTS,
  SETTINGS_TOASTS,
  SIGN_IN_MESSAGES,
} from '../../src/contract';
import { Api, TEST_PASSWORD } from './api';
import { expectToast, navigateTo, pressAccountControl } from './console';
import { expect, heading, signIn, test } from './fixtures';
import { E2E_ACCOUNTS } from './server-log';

/** The authenticator app: the code for the step `stepsAhead` from now (the server accepts one step either side). */
function codeFor(secret: string, stepsAhead = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

/** Reads the key the set-up shows, as a person would type it into their app. */
async function shownSecret(page: Page): Promise<string> {
  return ((await page.getByTestId('authenticator-secret').textContent()) ?? '').replace(/\s/g, '');
}

/** The recovery codes on screen. */
async function shownRecoveryCodes(page: Page): Promise<string[]> {
  const list = page.getByRole('list', { name: AUTHENTICATOR_TEXTS.recoveryListLabel });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  return list.getByRole('listitem').allTextContents();
}

const codeField = (page: Page) => page.getByRole('textbox', { name: MFA_SIGN_IN_TEXTS.codeLabel });

async function signOut(page: Page) {
  await pressAccountControl(page, 'Logout');
  await expect(heading(page, 'Sign In')).toBeVisible();
}

test('a user turns codes on from the Account page, then signs in with a recovery code once and with the app', async ({
  page,
}) => {
  const { email, password } = E2E_ACCOUNTS.owner;
  await signIn(page, email, password);
  await expect(heading(page, 'Dashboard')).toBeVisible();
  await pressAccountControl(page, 'Account');
  await page.getByRole('button', { name: MFA_ACCOUNT_TEXTS.setUp }).click();
  // The current password first: a session alone does not add an authenticator.
  await page.getByLabel(MFA_ACCOUNT_TEXTS.passwordLabel).fill(password);
  await page.getByRole('button', { name: MFA_ACCOUNT_TEXTS.continue }).click();
  await expect(page.getByRole('img', { name: AUTHENTICATOR_TEXTS.qrLabel })).toBeVisible();
  const secret = await shownSecret(page);
  await page.getByRole('textbox', { name: AUTHENTICATOR_TEXTS.codeLabel }).fill(codeFor(secret));
  await page.getByRole('button', { name: AUTHENTICATOR_TEXTS.confirm }).click();
  const recoveryCodes = await shownRecoveryCodes(page);
  await page.getByRole('button', { name: MFA_ACCOUNT_TEXTS.done }).click();
  await expect(page.getByTestId('mfa-summary')).toContainText(MFA_ACCOUNT_TEXTS.recoveryLeft(10));

  // A recovery code signs in once.
  await signOut(page);
  await signIn(page, email, password);
  await expect(heading(page, MFA_SIGN_IN_TEXTS.heading)).toBeVisible();
  await codeField(page).fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: MFA_SIGN_IN_TEXTS.submit }).click();
  await expect(heading(page, 'Dashboard')).toBeVisible();

  await signOut(page);
  await signIn(page, email, password);
  await codeField(page).fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: MFA_SIGN_IN_TEXTS.submit }).click();
  await expect(page.getByRole('alert')).toContainText(SIGN_IN_MESSAGES.invalidMfaCode);
  // The app's next code (the one used at set-up is spent).
  await codeField(page).fill(codeFor(secret, 1));
  await page.getByRole('button', { name: MFA_SIGN_IN_TEXTS.submit }).click();
  await expect(heading(page, 'Dashboard')).toBeVisible();
  await pressAccountControl(page, 'Account');
  await expect(page.getByTestId('mfa-summary')).toContainText(MFA_ACCOUNT_TEXTS.recoveryLeft(9));
});

test('when owners require codes, a user without them sets up an authenticator at their next sign-in', async ({
  page,
  request,
}) => {
  const owner = await Api.signIn(request);
  const editor = await owner.createUser('Enid Editor', 'editor');

  await signIn(page, E2E_ACCOUNTS.owner.email, E2E_ACCOUNTS.owner.password);
  await navigateTo(page, 'Settings');
  await page.getByText(SETTINGS_TEXTS.mfaRequired, { exact: true }).click();
  await expectToast(page, SETTINGS_TOASTS.mfaRequiredOn.title, SETTINGS_TOASTS.mfaRequiredOn.description);
  await signOut(page);

  await signIn(page, editor.email, TEST_PASSWORD);
  await expect(heading(page, MFA_SIGN_IN_TEXTS.enrolHeading)).toBeVisible();
  const secret = await shownSecret(page);
  await page.getByRole('textbox', { name: AUTHENTICATOR_TEXTS.codeLabel }).fill(codeFor(secret));
  await page.getByRole('button', { name: AUTHENTICATOR_TEXTS.confirm }).click();
  await shownRecoveryCodes(page);
  await page.getByRole('button', { name: MFA_SIGN_IN_TEXTS.continue }).click();
  await expect(heading(page, 'Dashboard')).toBeVisible();
  // Required: the Account page offers no way to turn them off.
  await pressAccountControl(page, 'Account');
  await expect(page.getByTestId('mfa-summary')).toContainText(MFA_ACCOUNT_TEXTS.required);
  await expect(page.getByRole('button', { name: MFA_ACCOUNT_TEXTS.turnOff })).toHaveCount(0);
});
