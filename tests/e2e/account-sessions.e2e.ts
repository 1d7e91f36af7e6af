// Where am I signed in: the Account page lists a person's sessions and ends one, which signs that
// browser out at its next call; an admin signs a colleague out everywhere from the users table.
import type { Page } from '@playwright/test';
import {
  ACCOUNT_TEXTS,
  ACCOUNT_TOASTS,
  USER_SESSIONS_TEXTS,
  USER_SESSIONS_TOASTS,
  USERS_TEXTS,
} from '../../src/contract';
import { Api, TEST_PASSWORD } from './api';
import {
  dialog,
  expectToast,
  navigateTo,
  navigation,
  rowWith,
  SIGN_IN_URL,
  pressAccountControl,
} from './console';
import { expect, heading, signIn, test } from './fixtures';
import { E2E_ACCOUNTS } from './server-log';

const sessionCards = (page: Page) =>
  page.getByRole('list', { name: ACCOUNT_TEXTS.sessionsLabel }).getByRole('listitem');

test('ending a session on the Account page signs that browser out at its next call', async ({
  page,
  browser,
  baseURL,
}) => {
  const { email, password } = E2E_ACCOUNTS.owner;
  const laptop = await (
    await browser.newContext({
      baseURL,
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
    })
  ).newPage();
  await signIn(laptop, email, password);
  await expect(heading(laptop, 'Dashboard')).toBeVisible();

  await signIn(page, email, password);
  await pressAccountControl(page, 'Account');
  await expect(heading(page, ACCOUNT_TEXTS.title)).toBeVisible();
  await expect(sessionCards(page)).toHaveCount(2);
  const here = sessionCards(page).filter({ hasText: ACCOUNT_TEXTS.thisDevice });
  await expect(here.getByRole('button', { name: ACCOUNT_TEXTS.signOut })).toHaveCount(0);
  const lostLaptop = sessionCards(page).filter({ hasText: 'Firefox on Linux' });
  await lostLaptop.getByRole('button', { name: ACCOUNT_TEXTS.signOut }).click();
  await expectToast(page, ACCOUNT_TOASTS.sessionEnded.title);
  await expect(sessionCards(page)).toHaveCount(1);
  await expect(page.getByText(ACCOUNT_TEXTS.onlyThisDevice)).toBeVisible();

  // The laptop's next call is refused, its refresh too: it lands on the sign-in page.
  await navigation(laptop).getByRole('link', { name: 'Clients' }).click();
  await expect(laptop).toHaveURL(SIGN_IN_URL);
  await expect(heading(laptop, 'Sign In')).toBeVisible();
  // This browser carries on.
  await navigateTo(page, 'Certificates');
});

test('an admin signs a colleague out everywhere from the users table', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  const owner = await Api.signIn(request);
  const editor = await owner.createUser('Evan Everywhere', 'editor');
  const editorPage = await (await browser.newContext({ baseURL })).newPage();
  await signIn(editorPage, editor.email, TEST_PASSWORD);
  await expect(heading(editorPage, 'Dashboard')).toBeVisible();

  await signIn(page, E2E_ACCOUNTS.owner.email, E2E_ACCOUNTS.owner.password);
  await navigateTo(page, 'Users');
  await rowWith(page, USERS_TEXTS.tableLabel, editor.email)
    .getByRole('button', { name: USER_SESSIONS_TEXTS.signOutEverywhere })
    .click();
  const confirm = dialog(page, USER_SESSIONS_TEXTS.confirmTitle);
  await expect(confirm).toContainText(USER_SESSIONS_TEXTS.confirm(editor.name));
  await confirm.getByRole('button', { name: USER_SESSIONS_TEXTS.signOutEverywhere }).click();
  await expectToast(
    page,
    USER_SESSIONS_TOASTS.signedOut.title,
    USER_SESSIONS_TOASTS.signedOut.description(editor.name),
  );

  await navigation(editorPage).getByRole('link', { name: 'Clients' }).click();
  await expect(editorPage).toHaveURL(SIGN_IN_URL);
  // Signing in again works: the account is not disabled.
  await signIn(editorPage, editor.email, TEST_PASSWORD);
  await expect(heading(editorPage, 'Dashboard')).toBeVisible();
});
