// Keeping a licence going: a renewal from the dashboard's Expiring Certificates, whose new file the
// repository's own offline verifier (`license-console verify`, what a licensed machine's vendor runs) accepts with
// the new end, while the file handed out before still verifies until its own end; and a transfer from the
// certificates page, whose two histories link to each other.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import {
  describeDay,
  CERTIFICATES_TEXTS,
  DASHBOARD_TEXTS,
  extendValidTo,
  publicKeysResponseSchema,
  type LicenseFileBody,
} from '../../src/contract';
import { Api, DAY_MS } from './api';
import { dialog, expectToast, navigateTo, rowWith } from './console';
import { expect, heading, signIn, test } from './fixtures';
import { E2E_ACCOUNTS } from './server-log';

const TEXTS = CERTIFICATES_TEXTS;

/** The verdict of `license-console verify --json` on a file, with the server's published keys. */
async function verifyOffline(page: Page, licensePath: string, serialNumber: string) {
  const keysResponse = await page.request.get('/api/v1/licensing/public-keys');
  const { keys } = publicKeysResponseSchema.parse(await keysResponse.json()).data;
  const keyArgs = keys.flatMap((key, index) => {
    const path = join(test.info().outputDir, `public-${index}.pem`);
    writeFileSync(path, key.publicKeyPem);
    return ['--public-key', path];
  });
  const output = execFileSync(
    process.execPath,
    ['bin/license-console.js', 'verify', licensePath, ...keyArgs, '--serial-number', serialNumber, '--json'],
    { encoding: 'utf8' },
  );
  return JSON.parse(output) as {
    valid: boolean;
    code: string;
    claims: { validTo: number; userCount: number };
  };
}

test('renew from the dashboard, download the new file, verify it offline', async ({ page, request, now }) => {
  const owner = await Api.signIn(request);
  const client = await owner.createClient('Renewal Studios');
  const serialNumber = 'RN-0001-E2E';
  const certificate = await owner.createCertificate(
    client,
    { serialNumber, validTo: now + 10 * DAY_MS, userCount: 10 },
    now,
  );
  await owner.activate(certificate);
  // The file a machine already holds: downloaded before the renewal (the certificate is distributed).
  const before = await owner.call('POST', `/certificates/${certificate.uuid}/download`);
  mkdirSync(test.info().outputDir, { recursive: true });
  const oldPath = join(test.info().outputDir, 'license-before.json');
  writeFileSync(oldPath, JSON.stringify(before.body));
  const renewedEnd = extendValidTo(certificate.validTo, 12);

  await signIn(page, E2E_ACCOUNTS.owner.email, E2E_ACCOUNTS.owner.password);
  await expect(heading(page, DASHBOARD_TEXTS.title)).toBeVisible();
  const row = rowWith(page, DASHBOARD_TEXTS.expiring, serialNumber);
  await expect(row).toContainText(DASHBOARD_TEXTS.distributedBadge);
  await expect(row.getByRole('link', { name: serialNumber })).toHaveAttribute(
    'href',
    `/certificates/${certificate.uuid}`,
  );

  await test.step('renew by a year after the confirmation', async () => {
    await row.getByRole('button', { name: DASHBOARD_TEXTS.renewLabel(serialNumber) }).click();
    const confirm = dialog(page, DASHBOARD_TEXTS.renewTitle);
    await expect(confirm).toContainText(`${serialNumber} by one year`);
    // The end before and after: "Its end moves from Dec 5, 2026 to Dec 5, 2027".
    await expect(confirm).toContainText(/Its end moves from \w{3} \d{1,2}, \d{4} to \w{3} \d{1,2}, \d{4}/);
    await confirm.getByRole('button', { name: DASHBOARD_TEXTS.renewConfirm }).click();
    await expectToast(page, DASHBOARD_TEXTS.renewed);
    // A year on, it is no longer expiring within 30 days.
    await expect(row).toHaveCount(0);
  });

  let newPath = '';
  await test.step('download the new file from the certificates list', async () => {
    // Where the row's serial number linked to before it left the expiring list.
    await page.goto(`/certificates?search=${serialNumber}`);
    const listed = rowWith(page, TEXTS.tableLabel, serialNumber);
    await expect(listed).toContainText('ACTIVE');
    const downloaded = page.waitForEvent('download');
    await listed.getByRole('button', { name: TEXTS.actions.download }).click();
    const download = await downloaded;
    newPath = join(test.info().outputDir, download.suggestedFilename());
    await download.saveAs(newPath);
    await expect(listed).toContainText('DISTRIBUTED');
  });

  await test.step('the new file verifies offline with the new end; the old one still verifies', async () => {
    const license = JSON.parse(readFileSync(newPath, 'utf8')) as LicenseFileBody;
    expect(license.validTo).toBe(renewedEnd);
    const renewed = await verifyOffline(page, newPath, serialNumber);
    expect(renewed).toMatchObject({ valid: true, code: 'VALID' });
    expect(renewed.claims.validTo).toBe(renewedEnd);
    const old = await verifyOffline(page, oldPath, serialNumber);
    expect(old).toMatchObject({ valid: true, code: 'VALID' });
    expect(old.claims.validTo).toBe(certificate.validTo);
  });

  await test.step('History names the change', async () => {
    await rowWith(page, TEXTS.tableLabel, serialNumber)
      .getByRole('button', { name: TEXTS.actions.history })
      .click();
    const history = dialog(page, TEXTS.history.title(serialNumber));
    const day = describeDay;
    // The arrow of the stored text is drawn as an icon and read as "to" (src/ui/ChangeText).
    await expect(history).toContainText(
      `Renewed: Valid to ${day(certificate.validTo)} to ${day(renewedEnd)}`,
    );
  });
});

test('transfer from the certificates page: the old certificate is revoked, the new one active, histories linked', async ({
  page,
  request,
  now,
}) => {
  const owner = await Api.signIn(request);
  const client = await owner.createClient('Moving Pictures');
  const certificate = await owner.createCertificate(client, { serialNumber: 'TR-OLD-E2E' }, now);
  await owner.activate(certificate);

  await signIn(page, E2E_ACCOUNTS.owner.email, E2E_ACCOUNTS.owner.password);
  await expect(heading(page, DASHBOARD_TEXTS.title)).toBeVisible();
  await navigateTo(page, 'Certificates');
  await rowWith(page, TEXTS.tableLabel, 'TR-OLD-E2E')
    .getByRole('button', { name: TEXTS.actions.transfer })
    .click();
  const transfer = dialog(page, TEXTS.transfer.title);
  await transfer.getByRole('textbox', { name: TEXTS.transfer.serialNumber }).fill('TR-NEW-E2E');
  await transfer.getByRole('textbox', { name: TEXTS.transfer.reason }).fill('Motherboard replaced');
  await transfer.getByRole('button', { name: TEXTS.transfer.confirm }).click();
  await expectToast(
    page,
    TEXTS.toasts.transferred,
    TEXTS.toasts.transferredDescription('TR-OLD-E2E', 'TR-NEW-E2E'),
  );
  await expect(rowWith(page, TEXTS.tableLabel, 'TR-NEW-E2E')).toContainText('ACTIVE');
  await expect(rowWith(page, TEXTS.tableLabel, 'TR-OLD-E2E')).toContainText('REVOKED');

  await rowWith(page, TEXTS.tableLabel, 'TR-OLD-E2E')
    .getByRole('button', { name: TEXTS.actions.history })
    .click();
  const oldHistory = dialog(page, TEXTS.history.title('TR-OLD-E2E'));
  await expect(oldHistory).toContainText(
    'Certificate revoked: Transferred to TR-NEW-E2E: Motherboard replaced',
  );
  await oldHistory.getByRole('link', { name: TEXTS.history.transferredTo('TR-NEW-E2E') }).click();
  const newHistory = dialog(page, TEXTS.history.title('TR-NEW-E2E'));
  await expect(newHistory).toContainText('Transferred from TR-OLD-E2E');
  await expect(
    newHistory.getByRole('link', { name: TEXTS.history.transferredFrom('TR-OLD-E2E') }),
  ).toBeVisible();
});
