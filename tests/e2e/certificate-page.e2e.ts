// A certificate's own page, /certificates/{id}: a link from a ticket opens it signed in and after the
// sign-in, the list's serial numbers lead to it, an unknown id is Not Found, and axe finds nothing serious.
import {
  CERTIFICATES_TEXTS,
  LICENSE_CHECK_TEXTS,
  NOT_FOUND_TEXTS,
  PRODUCT_TITLE,
  VALIDATE_LICENSE_TEXTS,
} from '../../src/contract';
import { Api } from './api';
import { navigateTo, rowWith } from './console';
import { expect, expectNoSeriousA11yViolations, heading, submitSignIn, test } from './fixtures';
import { E2E_ACCOUNTS } from './server-log';

const { email, password } = E2E_ACCOUNTS.owner;

test('a certificate page opens from a link signed out and signed in, from the list, and says Not Found for an unknown id', async ({
  page,
  request,
}) => {
  const owner = await Api.signIn(request);
  const client = await owner.createClient('Linked Pictures');
  const certificate = await owner.createCertificate(client, { serialNumber: 'LINK-0001' });
  await owner.activate(certificate);
  const link = `/certificates/${certificate.uuid}`;

  // Signed out: the sign-in, then the certificate.
  await page.goto(link);
  await expect(page).toHaveURL(`/login?next=${encodeURIComponent(link)}`);
  await submitSignIn(page, email, password);
  await expect(heading(page, 'LINK-0001')).toBeVisible();
  await expect(page).toHaveURL(link);
  await expect(page).toHaveTitle(`LINK-0001 · Certificates · ${PRODUCT_TITLE}`);
  const details = page.getByRole('region', { name: CERTIFICATES_TEXTS.detail.detailsHeading });
  await expect(details).toContainText('ACTIVE');
  await expect(details).toContainText('Linked Pictures');
  const history = page.getByRole('list', { name: CERTIFICATES_TEXTS.history.title('LINK-0001') });
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await expectNoSeriousA11yViolations(page, 'the certificate page');

  // Signed in: straight there, and from the list's serial number.
  await page.goto(link);
  await expect(heading(page, 'LINK-0001')).toBeVisible();
  await navigateTo(page, 'Certificates');
  await rowWith(page, CERTIFICATES_TEXTS.tableLabel, 'LINK-0001')
    .getByRole('link', { name: 'LINK-0001' })
    .click();
  await expect(heading(page, 'LINK-0001')).toBeVisible();
  await expect(page).toHaveURL(link);

  // An id nobody has.
  await page.goto('/certificates/00000000-0000-4000-8000-000000000000');
  await expect(heading(page, NOT_FOUND_TEXTS.title)).toBeVisible();
  // Nor is an address that cannot be an id.
  await page.goto('/certificates/not-an-id');
  await expect(heading(page, NOT_FOUND_TEXTS.title)).toBeVisible();
});

test("validating a certificate's licence from its page answers VALID and records nothing: Last Used stays Never", async ({
  page,
  request,
}) => {
  const owner = await Api.signIn(request);
  const client = await owner.createClient('Checked Pictures');
  const certificate = await owner.createCertificate(client, { serialNumber: 'CHECK-0001' });
  await owner.activate(certificate);
  const recordsBefore = await owner.call('GET', `/certificates/${certificate.uuid}/records`);

  // The link, then the sign-in, which returns to it (going there before the sign-in settles would race it).
  await page.goto(`/certificates/${certificate.uuid}`);
  await submitSignIn(page, email, password);
  await expect(heading(page, 'CHECK-0001')).toBeVisible();
  const license = page.getByRole('region', { name: CERTIFICATES_TEXTS.detail.licenseHeading });
  await license.getByRole('button', { name: CERTIFICATES_TEXTS.detail.validateLicense }).click();
  const verdict = license.getByRole('status', { name: VALIDATE_LICENSE_TEXTS.verdict });
  await expect(verdict).toContainText(`${VALIDATE_LICENSE_TEXTS.validTitle}: VALID`);
  await expect(verdict).toContainText(LICENSE_CHECK_TEXTS.VALID);

  // Nothing recorded, on the server and on the page after a reload: no use, no download, the status unchanged.
  const after = await owner.call('GET', `/certificates/${certificate.uuid}`);
  expect(after.body).toMatchObject({ data: { status: 'active', lastUsedAt: null } });
  expect(await owner.call('GET', `/certificates/${certificate.uuid}/records`)).toEqual(recordsBefore);
  await page.reload();
  const details = page.getByRole('region', { name: CERTIFICATES_TEXTS.detail.detailsHeading });
  await expect(details).toContainText(CERTIFICATES_TEXTS.never);
});
