// A page whose code does not load (a deploy replaced the files an open tab still asks for, or the connection
// dropped) shows the console's own notice inside the layout, whose navigation still works; a dialog whose code does
// not load closes with a toast and leaves the page as it was.
import type { Page } from '@playwright/test';
import {
  CERTIFICATES_TEXTS,
  DASHBOARD_TEXTS,
  DIALOG_LOAD_ERROR_TEXTS,
  LAYOUT_TEXTS,
  PAGE_ERROR_TEXTS,
} from '../../src/contract';
import { dialog, expectToast, navigateTo } from './console';
import { expect, heading, signIn, test } from './fixtures';
import { E2E_ACCOUNTS } from './server-log';

const { email, password } = E2E_ACCOUNTS.viewer;
const CERTIFICATES_CHUNK = /\/assets\/certificates-[\w-]+\.js$/;

/** Follows the top bar's Certificates link (navigateTo would wait for the page's heading, which does not come). */
const openCertificates = (page: Page) =>
  page
    .getByRole('navigation', { name: LAYOUT_TEXTS.mainNavigation })
    .getByRole('link', { name: 'Certificates', exact: true })
    .click();

test('a page whose code fails to load says so inside the layout, and the navigation still leads on', async ({
  page,
}) => {
  await signIn(page, email, password);
  await expect(heading(page, DASHBOARD_TEXTS.title)).toBeVisible();
  // The certificates page's own chunk (not the `certificate-…` ones the dashboard shares) fails to download.
  await page.route(CERTIFICATES_CHUNK, (route) => route.abort());

  await openCertificates(page);
  await expect(heading(page, PAGE_ERROR_TEXTS.title)).toBeVisible();
  await expect(page.getByText(PAGE_ERROR_TEXTS.message)).toBeVisible();
  await expect(page.getByRole('button', { name: PAGE_ERROR_TEXTS.reload })).toBeVisible();

  await navigateTo(page, 'Dashboard');
  await expect(heading(page, DASHBOARD_TEXTS.title)).toBeVisible();

  // Once the file can be fetched again, Reload brings the page back.
  await openCertificates(page);
  await expect(heading(page, PAGE_ERROR_TEXTS.title)).toBeVisible();
  await page.unroute(CERTIFICATES_CHUNK);
  await page.getByRole('button', { name: PAGE_ERROR_TEXTS.reload }).click();
  await expect(heading(page, CERTIFICATES_TEXTS.title)).toBeVisible();
});

// The certificate dialogs with date fields load when first opened (src/features/certificates/lazy-dialogs.tsx).
const DATE_DIALOGS_CHUNK = /\/assets\/date-dialogs-[\w-]+\.js$/;

test('a dialog whose code fails to load closes with a toast, the page stays, and pointing at its button loads it again', async ({
  page,
}) => {
  await signIn(page, E2E_ACCOUNTS.owner.email, E2E_ACCOUNTS.owner.password);
  await navigateTo(page, 'Certificates');
  await page.route(DATE_DIALOGS_CHUNK, (route) => route.abort());

  const create = page.getByRole('button', { name: CERTIFICATES_TEXTS.generate });
  await create.click();
  await expectToast(page, DIALOG_LOAD_ERROR_TEXTS.title, DIALOG_LOAD_ERROR_TEXTS.description);
  await expect(dialog(page, CERTIFICATES_TEXTS.form.createTitle)).toHaveCount(0);
  await expect(heading(page, CERTIFICATES_TEXTS.title)).toBeVisible();

  // The failed load is not kept: once the file can be fetched, pointing at the button loads the form's code (the
  // pointer leaves it first, as it rests there since the click), and the click opens it.
  await page.unroute(DATE_DIALOGS_CHUNK);
  await page.mouse.move(0, 0);
  const loaded = page.waitForResponse(DATE_DIALOGS_CHUNK);
  await create.hover();
  expect((await loaded).ok()).toBe(true);
  await create.click();
  await expect(dialog(page, CERTIFICATES_TEXTS.form.createTitle)).toBeVisible();
  await expect(page.getByRole('group', { name: CERTIFICATES_TEXTS.form.validFrom })).toBeVisible();
});
