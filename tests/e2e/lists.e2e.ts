// The lists that do real work, against the real server: sort and page size in the URL, selection across
// pages, a bulk revoke that partly fails, and the zip of selected licences.
import type { Locator, Page } from '@playwright/test';
import {
  CERTIFICATES_BULK_TEXTS as BULK,
  CERTIFICATES_TEXTS,
  PAGE_SIZE_TEXTS,
  SELECTION_TEXTS,
} from '../../src/contract';
import { Api } from './api';
import { expectToast } from './console';
import { expect, heading, signIn, test } from './fixtures';
import { E2E_ACCOUNTS } from './server-log';

const grid = (page: Page) => page.getByRole('grid', { name: CERTIFICATES_TEXTS.tableLabel });
const serials = (page: Page) => grid(page).getByRole('rowheader').allTextContents();
const bar = (page: Page) => page.getByRole('region', { name: SELECTION_TEXTS.barLabel });
/** Clicks a checkbox as a user does: on its box (the input itself is visually hidden inside its label). */
const tick = (checkbox: Locator) => checkbox.locator('xpath=ancestor::label[1]').click();

async function openCertificates(page: Page, path = '/certificates') {
  await signIn(page, E2E_ACCOUNTS.owner.email, E2E_ACCOUNTS.owner.password);
  await expect(heading(page, 'Dashboard')).toBeVisible();
  await page.goto(path);
  await expect(heading(page, CERTIFICATES_TEXTS.title)).toBeVisible();
}

test('a sorted list at 25 a page keeps its sort and size in the URL through a reload', async ({
  page,
  request,
}) => {
  const owner = await Api.signIn(request);
  const client = await owner.createClient('Sorting Studios');
  for (const n of [3, 1, 12, 7, 5, 9, 2, 11, 4, 10, 8, 6])
    await owner.createCertificate(client, { serialNumber: `SORT-${String(n).padStart(2, '0')}` });

  await openCertificates(page);
  await grid(page)
    .getByRole('columnheader', { name: /Serial Number/ })
    .click();
  await expect(page).toHaveURL(/sort=serialNumber&order=asc/);
  await expect
    .poll(() => serials(page))
    .toEqual(['01', '02', '03', '04', '05', '06', '07', '08', '09', '10'].map((n) => `SORT-${n}`));
  await grid(page)
    .getByRole('columnheader', { name: /Serial Number/ })
    .click();
  await expect(page).toHaveURL(/order=desc/);
  await page.getByRole('button', { name: new RegExp(PAGE_SIZE_TEXTS.label) }).click();
  await page.getByRole('option', { name: PAGE_SIZE_TEXTS.option(25) }).click();
  await expect(page).toHaveURL(/limit=25/);
  await expect.poll(async () => (await serials(page)).length).toBe(12);

  await page.reload();
  await expect
    .poll(() => serials(page))
    .toEqual(
      ['12', '11', '10', '09', '08', '07', '06', '05', '04', '03', '02', '01'].map((n) => `SORT-${n}`),
    );
  await expect(grid(page).getByRole('columnheader', { name: /Serial Number/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect(page.getByRole('button', { name: new RegExp(PAGE_SIZE_TEXTS.label) })).toContainText(
    PAGE_SIZE_TEXTS.option(25),
  );
});

test('every matching certificate selected across pages, revoked: the drafts fail, each named, one toast with the counts', async ({
  page,
  request,
}) => {
  const owner = await Api.signIn(request);
  const client = await owner.createClient('Bulk Films');
  // Oldest first: two drafts on page 2, ten active ones on page 1 (newest first).
  for (const n of [1, 2]) await owner.createCertificate(client, { serialNumber: `BULK-DRAFT-${n}` });
  for (let n = 1; n <= 10; n += 1)
    await owner.activate(await owner.createCertificate(client, { serialNumber: `BULK-LIVE-${n}` }));

  await openCertificates(page);
  await expect.poll(async () => (await serials(page)).length).toBe(10);
  await expect(page.getByLabel(CERTIFICATES_TEXTS.summaryLabel)).toContainText('12');
  await tick(grid(page).getByRole('checkbox', { name: /Select All/i }));
  await expect(bar(page).getByRole('status').first()).toHaveText(SELECTION_TEXTS.selected(10));
  await bar(page)
    .getByRole('button', { name: SELECTION_TEXTS.selectAllMatching(12) })
    .click();
  await expect(bar(page).getByText(SELECTION_TEXTS.allMatchingSelected(12))).toBeVisible();
  await bar(page).getByRole('button', { name: BULK.actions.revoke }).click();
  const dialog = page.getByRole('alertdialog', { name: BULK.revokeTitle });
  await dialog.getByRole('textbox', { name: CERTIFICATES_TEXTS.revoke.reason }).fill('Contract ended');
  await dialog.getByRole('button', { name: CERTIFICATES_TEXTS.revoke.confirm }).click();

  const outcome = SELECTION_TEXTS.outcome(BULK.done.revoke, 10, 2);
  await expectToast(page, SELECTION_TEXTS.toastPartlyFailed, outcome);
  await expect(bar(page).getByText(outcome)).toBeVisible();
  const failures = bar(page)
    .getByRole('list', { name: SELECTION_TEXTS.failedRowsLabel })
    .getByRole('listitem');
  await expect(failures).toHaveCount(2);
  await expect(failures.first()).toContainText(/BULK-DRAFT-\d|[0-9a-f-]{36}/);
  // The lists reloaded: page 1 now shows revoked certificates, and the counters say so.
  await expect(grid(page).getByRole('row', { name: /BULK-LIVE-10/ })).toContainText('REVOKED');
  await expect(bar(page).getByRole('status').first()).toHaveText(SELECTION_TEXTS.selected(2));
});

test('"Download selected licences" saves one zip holding each selected licence', async ({
  page,
  request,
}) => {
  const owner = await Api.signIn(request);
  const client = await owner.createClient('Zip Pictures');
  for (const n of [1, 2])
    await owner.activate(await owner.createCertificate(client, { serialNumber: `ZIP-${n}` }));

  await openCertificates(page);
  await tick(grid(page).getByRole('row', { name: /ZIP-1/ }).getByRole('checkbox'));
  await tick(grid(page).getByRole('row', { name: /ZIP-2/ }).getByRole('checkbox'));
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    bar(page).getByRole('button', { name: BULK.actions.download }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(BULK.zipFileName);
  const zip = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of zip) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
  // The central directory names each file in clear text, whatever the compression of their contents.
  expect(bytes.toString('latin1')).toContain('license-ZIP-1.json');
  expect(bytes.toString('latin1')).toContain('license-ZIP-2.json');
  await expectToast(page, BULK.downloaded);
  await expect(grid(page).getByRole('row', { name: /ZIP-1/ })).toContainText('DISTRIBUTED');
});
