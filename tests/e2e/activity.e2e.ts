// The audit log: an admin revokes a certificate, finds exactly that change on the Activity page by
// actor and action, and follows the row to the certificate's own page and its history.
import type { Page } from '@playwright/test';
import { ACTIVITY_TEXTS, CERTIFICATES_TEXTS } from '../../src/contract';
import { Api, TEST_PASSWORD } from './api';
import { chooseOption, dialog, expectToast, navigateTo, navigation, rowWith } from './console';
import { expect, heading, signIn, test } from './fixtures';

/** The body rows of the log (the rows with a row header). */
const logRows = (page: Page) =>
  page
    .getByRole('grid', { name: ACTIVITY_TEXTS.tableLabel })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader') });

test('an admin revokes a certificate, filters the activity log by actor and action, sees exactly that row and opens the certificate page', async ({
  page,
  request,
}) => {
  const owner = await Api.signIn(request);
  const admin = await owner.createUser('Ada Auditor', 'admin');
  const client = await owner.createClient('Audit Pictures');
  const mine = await owner.createCertificate(client, { serialNumber: 'AUDIT-ADMIN-1' });
  const noise = await owner.createCertificate(client, { serialNumber: 'AUDIT-OWNER-1' });
  for (const certificate of [mine, noise]) await owner.activate(certificate);
  // The same action by another actor, which the actor filter must leave out.
  await owner.revoke(noise, 'Replaced');

  await signIn(page, admin.email, TEST_PASSWORD);
  await navigation(page).getByRole('link', { name: 'Certificates', exact: true }).click();
  await expect(heading(page, CERTIFICATES_TEXTS.title)).toBeVisible();
  await rowWith(page, CERTIFICATES_TEXTS.tableLabel, mine.serialNumber)
    .getByRole('button', { name: CERTIFICATES_TEXTS.actions.revoke })
    .click();
  const revoke = dialog(page, CERTIFICATES_TEXTS.revoke.title);
  await revoke.getByRole('textbox', { name: CERTIFICATES_TEXTS.revoke.reason }).fill('Machine stolen');
  await revoke.getByRole('button', { name: CERTIFICATES_TEXTS.revoke.confirm, exact: true }).click();
  await expectToast(
    page,
    CERTIFICATES_TEXTS.toasts.revoked,
    CERTIFICATES_TEXTS.toasts.revokedDescription(mine.serialNumber),
  );

  await navigateTo(page, 'Activity');
  await expect(heading(page, ACTIVITY_TEXTS.title)).toBeVisible();
  // The whole log shows both revocations (and everything else) before the filters.
  await expect(logRows(page).filter({ hasText: 'AUDIT-OWNER-1' }).first()).toBeVisible();

  await chooseOption(page, page, `${ACTIVITY_TEXTS.filters.actor}$`, admin.name);
  await chooseOption(page, page, `${ACTIVITY_TEXTS.filters.action}$`, 'Certificate revoked');
  await expect(page).toHaveURL(/\/activity\?actorId=[0-9a-f-]{36}&action=certificate\.revoked$/);
  await expect(logRows(page)).toHaveCount(1);
  const row = logRows(page).first();
  await expect(row).toContainText(admin.name);
  await expect(row).toContainText('Certificate revoked');
  await expect(row.getByRole('rowheader')).toContainText(`Certificate ${mine.serialNumber}`);
  await expect(page.getByText(/^Showing/)).toHaveCount(0);

  // The row links to the certificate's own page, whose history has the revocation and its reason.
  await row.getByRole('link', { name: new RegExp(`^${ACTIVITY_TEXTS.about.certificate}:`) }).click();
  await expect(heading(page, mine.serialNumber)).toBeVisible();
  await expect(page).toHaveURL(`/certificates/${mine.uuid}`);
  const history = page.getByRole('list', { name: CERTIFICATES_TEXTS.history.title(mine.serialNumber) });
  await expect(history.getByRole('listitem').filter({ hasText: 'Machine stolen' })).toBeVisible();
});
