// A page whose code does not load (a deploy replaced the files an open tab still asks for, or the connection
// dropped) shows the console's own notice inside the layout, whose navigation still works; a dialog whose code does
// not load closes with a toast and leaves the page as it was.
import type { Locator, Page } from '@playwright/test';
import {
  CERTIFICATES_BULK_TEXTS,
  CERTIFICATES_TEXTS,
  DASHBOARD_TEXTS,
  DIALOG_LOAD_ERROR_TEXTS,
  LAYOUT_TEXTS,
  PAGE_ERROR_TEXTS,
  SELECTION_TEXTS,
} from '../../src/contract';
import { Api } from './api';
import { dialog, expectToast, navigateTo, rowWith } from './console';
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

/** Whether the page asked for the date dialogs' code, from now on. */
function watchDateDialogs(page: Page) {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (DATE_DIALOGS_CHUNK.test(request.url())) asked.push(request.url());
  });
  return asked;
}

/** Points at a button; resolves once the date dialogs' code it asked for has arrived. */
async function hoverLoadsDateDialogs(page: Page, button: Locator) {
  await page.mouse.move(0, 0);
  const loaded = page.waitForResponse(DATE_DIALOGS_CHUNK);
  await button.hover();
  expect((await loaded).ok()).toBe(true);
}

test("pointing at a row's Renew, or at the bulk bar's, loads the dialog's code before the click", async ({
  page,
  request,
  now,
}) => {
  const owner = await Api.signIn(request);
  const client = await owner.createClient('Preloaded Pictures');
  await owner.activate(await owner.createCertificate(client, { serialNumber: 'PRELOAD-E2E' }, now));
  await signIn(page, E2E_ACCOUNTS.owner.email, E2E_ACCOUNTS.owner.password);
  await navigateTo(page, 'Certificates');
  const asked = watchDateDialogs(page);
  const row = () => rowWith(page, CERTIFICATES_TEXTS.tableLabel, 'PRELOAD-E2E');
  await expect(row()).toBeVisible();
  // The list itself draws no date field: nothing asked for its code yet.
  expect(asked).toEqual([]);

  const renew = row().getByRole('button', { name: CERTIFICATES_TEXTS.actions.renew });
  await hoverLoadsDateDialogs(page, renew);
  await renew.click();
  await expect(dialog(page, CERTIFICATES_TEXTS.renew.title)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog(page, CERTIFICATES_TEXTS.renew.title)).toHaveCount(0);

  // A new load of the page forgets the code; the bulk bar's Renew asks for it again.
  await page.reload();
  await expect(row()).toBeVisible();
  await row().getByRole('checkbox').locator('xpath=ancestor::label[1]').click();
  const bar = page.getByRole('region', { name: SELECTION_TEXTS.barLabel });
  const bulkRenew = bar.getByRole('button', { name: CERTIFICATES_BULK_TEXTS.actions.renew });
  await hoverLoadsDateDialogs(page, bulkRenew);
  await bulkRenew.click();
  await expect(dialog(page, CERTIFICATES_BULK_TEXTS.renewTitle)).toBeVisible();
});
