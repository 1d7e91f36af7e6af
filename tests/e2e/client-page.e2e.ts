// A client's own page, /clients/{id}: opened from the clients list and from a link after sign-in, it
// shows the client's details, only its certificates (filtered as on the certificates screen), its users and the
// activity about it; an unknown id is Not Found, and axe finds nothing serious.
import { CERTIFICATES_TEXTS, CLIENTS_TEXTS, NOT_FOUND_TEXTS, PRODUCT_TITLE } from '../../src/contract';
import { Api } from './api';
import { navigateTo, rowWith } from './console';
import { expect, expectNoSeriousA11yViolations, heading, submitSignIn, test } from './fixtures';
import { E2E_ACCOUNTS } from './server-log';

const { email, password } = E2E_ACCOUNTS.owner;

test("a client's page shows its details, its own certificates with filters, its users and its activity", async ({
  page,
  request,
}) => {
  const owner = await Api.signIn(request);
  const client = await owner.createClient('Paged Pictures', { contactEmail: 'desk@paged.test' });
  const other = await owner.createClient('Other Pictures');
  const user = await owner.createUser('Cleo Client', 'editor');
  await owner.call('PUT', `/clients/${client.uuid}/users`, { userUuids: [user.uuid] });
  const live = await owner.createCertificate(client, { serialNumber: 'PAGED-LIVE-1' });
  await owner.activate(live);
  await owner.createCertificate(client, { serialNumber: 'PAGED-DRAFT-2' });
  await owner.createCertificate(other, { serialNumber: 'OTHER-3' });
  const link = `/clients/${client.uuid}`;

  // A link from a ticket, signed out: the sign-in, then the client.
  await page.goto(link);
  await submitSignIn(page, email, password);
  await expect(heading(page, 'Paged Pictures')).toBeVisible();
  await expect(page).toHaveURL(link);
  await expect(page).toHaveTitle(`Paged Pictures · Clients · ${PRODUCT_TITLE}`);
  await expect(page.getByRole('region', { name: CLIENTS_TEXTS.detail.detailsHeading })).toContainText(
    'desk@paged.test',
  );

  // Its certificates only, filtered by status in the page's address.
  const certificates = page.getByRole('grid', { name: CERTIFICATES_TEXTS.tableLabel });
  await expect(rowWith(page, CERTIFICATES_TEXTS.tableLabel, 'PAGED-LIVE-1')).toBeVisible();
  await expect(rowWith(page, CERTIFICATES_TEXTS.tableLabel, 'PAGED-DRAFT-2')).toBeVisible();
  await expect(certificates).not.toContainText('OTHER-3');
  await page.goto(`${link}?status=pending`);
  await expect(rowWith(page, CERTIFICATES_TEXTS.tableLabel, 'PAGED-DRAFT-2')).toBeVisible();
  await expect(certificates).not.toContainText('PAGED-LIVE-1');

  // Its user, and what happened to it and its certificates.
  await expect(page.getByRole('region', { name: CLIENTS_TEXTS.detail.usersHeading })).toContainText(
    'Cleo Client',
  );
  const activity = page.getByRole('grid', { name: CLIENTS_TEXTS.detail.activityLabel('Paged Pictures') });
  await expect(activity).toContainText('Certificate PAGED-LIVE-1');
  await expect(activity).not.toContainText('OTHER-3');
  await expectNoSeriousA11yViolations(page, "the client's page");

  // From the list's name.
  await navigateTo(page, 'Clients');
  await rowWith(page, CLIENTS_TEXTS.tableLabel, 'Paged Pictures')
    .getByRole('link', { name: 'Paged Pictures' })
    .click();
  await expect(heading(page, 'Paged Pictures')).toBeVisible();

  // An id nobody has.
  await page.goto('/clients/00000000-0000-4000-8000-000000000000');
  await expect(heading(page, NOT_FOUND_TEXTS.title)).toBeVisible();
});
