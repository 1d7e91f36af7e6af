// A staff user's own page, /users/{id}: an admin opens it from the users list and sees the user's
// details, assigned clients and what they did; a link from a ticket opens it signed in and after the sign-in; an
// unknown id is Not Found; an editor gets Access Denied; and axe finds nothing serious.
import {
  ACCESS_DENIED_TEXTS,
  ACTIVITY_TEXTS,
  NOT_FOUND_TEXTS,
  PRODUCT_TITLE,
  USERS_TEXTS,
} from '../../src/contract';
import { clientPath, userPath } from '../../src/lib/routing/entity-paths';
import { Api, TEST_PASSWORD } from './api';
import { navigateTo, rowWith, pressAccountControl } from './console';
import { expect, expectNoSeriousA11yViolations, heading, submitSignIn, test } from './fixtures';

test('an admin opens a user page from the list and from a link, signed out and in; unknown ids are Not Found, editors are denied', async ({
  page,
  request,
}) => {
  const owner = await Api.signIn(request);
  const admin = await owner.createUser('Ada Admin', 'admin');
  const edith = await owner.createUser('Edith Editor', 'editor');
  const client = await owner.createClient('Page Pictures');
  await owner.call('PUT', `/users/${edith.uuid}/clients`, { clientUuids: [client.uuid] });
  // Something Edith did herself: she signs in and adds a client.
  const asEdith = await Api.signIn(request, edith.email, TEST_PASSWORD);
  await asEdith.createClient('Edith Films');
  const link = userPath(edith.uuid);

  // Signed out: the sign-in, then the user's page.
  await page.goto(link);
  await expect(page).toHaveURL(`/login?next=${encodeURIComponent(link)}`);
  await submitSignIn(page, admin.email, TEST_PASSWORD);
  await expect(heading(page, edith.name)).toBeVisible();
  await expect(page).toHaveURL(link);
  await expect(page).toHaveTitle(`${edith.name} · ${USERS_TEXTS.title} · ${PRODUCT_TITLE}`);

  // Signed in: from the list's name.
  await navigateTo(page, 'Users');
  await rowWith(page, USERS_TEXTS.tableLabel, edith.email).getByRole('link', { name: edith.name }).click();
  await expect(heading(page, edith.name)).toBeVisible();
  await expect(page).toHaveURL(link);

  const details = page.getByRole('region', { name: USERS_TEXTS.detail.detailsHeading });
  await expect(details).toContainText(edith.email);
  await expect(details).toContainText('EDITOR');
  await expect(details).toContainText('Active');
  const clients = page.getByRole('grid', { name: USERS_TEXTS.clientsTitle(edith.name) });
  await expect(clients.getByRole('link', { name: 'Page Pictures' })).toHaveAttribute(
    'href',
    clientPath(client.uuid),
  );
  const activity = page.getByRole('grid', { name: ACTIVITY_TEXTS.feed.tableLabel });
  await expect(activity.getByRole('row').filter({ hasText: 'Created client Edith Films' })).toBeVisible();
  await expect(
    activity
      .getByRole('row')
      .filter({ hasText: `${edith.name} signed in` })
      .first(),
  ).toBeVisible();
  // Only what Edith did: not the owner's creating her or assigning her client.
  await expect(activity.getByRole('row').filter({ hasText: 'Page Pictures' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'the user page');

  // Signed in: straight there from a link.
  await page.goto(link);
  await expect(heading(page, edith.name)).toBeVisible();

  // An id nobody has, and an address that cannot be an id.
  await page.goto(userPath('00000000-0000-4000-8000-000000000000'));
  await expect(heading(page, NOT_FOUND_TEXTS.title)).toBeVisible();
  await page.goto(userPath('not-an-id'));
  await expect(heading(page, NOT_FOUND_TEXTS.title)).toBeVisible();

  // An editor may not open anyone's page, their own included.
  await pressAccountControl(page, 'Logout');
  await expect(page).toHaveURL(/\/login/);
  await submitSignIn(page, edith.email, TEST_PASSWORD);
  await expect(heading(page, 'Dashboard')).toBeVisible();
  await page.goto(link);
  await expect(heading(page, ACCESS_DENIED_TEXTS.title)).toBeVisible();
  await expect(heading(page, edith.name)).toHaveCount(0);
});
