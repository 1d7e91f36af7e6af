// The shell at the console's widths: the sidebar (a drawer when narrow), the user always in the top bar, the
// breadcrumb back to the list as it was, and the keyboard's ways to move.
import { CERTIFICATES_TEXTS, COMMAND_PALETTE_TEXTS, LAYOUT_TEXTS, NAV_ITEMS } from '../../src/contract';
import { Api, TEST_PASSWORD } from './api';
import { navigation, rowWith } from './console';
import { expect, heading, signIn, test } from './fixtures';
import { E2E_ACCOUNTS } from './server-log';

const EVERY_SECTION = NAV_ITEMS.map((item) => item.label);

test('the owner has every section in the sidebar and the user, role and Logout in the top bar at every width', async ({
  page,
}) => {
  await signIn(page, E2E_ACCOUNTS.owner.email, E2E_ACCOUNTS.owner.password);
  await expect(heading(page, 'Dashboard')).toBeVisible();
  const banner = page.getByRole('banner');
  for (const width of [1024, 1280, 1440]) {
    await test.step(`at ${width} px`, async () => {
      await page.setViewportSize({ width, height: 800 });
      const links = navigation(page).getByRole('link');
      await expect(links).toHaveText(EVERY_SECTION);
      for (const link of await links.all()) await expect(link).toBeVisible();
      await expect(navigation(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(banner.getByText(E2E_ACCOUNTS.owner.name, { exact: true })).toBeVisible();
      await expect(banner.getByText('OWNER', { exact: true })).toBeVisible();
      await expect(banner.getByRole('button', { name: LAYOUT_TEXTS.logout })).toBeVisible();
    });
  }
  await test.step('at 768 px the same top bar, the pages in the drawer', async () => {
    await page.setViewportSize({ width: 768, height: 1024 });
    await expect(banner.getByText(E2E_ACCOUNTS.owner.name, { exact: true })).toBeVisible();
    await expect(banner.getByRole('button', { name: LAYOUT_TEXTS.logout })).toBeVisible();
    await expect(navigation(page)).toHaveCount(0);
  });
  await test.step('at 390 px nothing scrolls sideways and the drawer lists every section', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const menu = banner.getByRole('button', { name: LAYOUT_TEXTS.menu, exact: true });
    await menu.click();
    const drawer = page.getByRole('dialog', { name: LAYOUT_TEXTS.menu });
    await expect(drawer.getByRole('link')).toHaveText(EVERY_SECTION);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(menu).toBeFocused();
  });
  await test.step('Logout returns to the sign-in page', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await banner.getByRole('button', { name: LAYOUT_TEXTS.logout }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test('the collapsed sidebar is remembered, and the breadcrumb returns to the list with its filters', async ({
  page,
  request,
}) => {
  const owner = await Api.signIn(request);
  const client = await owner.createClient('Breadcrumb Films');
  const certificate = await owner.createCertificate(client, { serialNumber: 'CRUMB-0001' });
  await owner.activate(certificate);

  await signIn(page, E2E_ACCOUNTS.owner.email, E2E_ACCOUNTS.owner.password);
  await expect(heading(page, 'Dashboard')).toBeVisible();
  await navigation(page).getByRole('button', { name: LAYOUT_TEXTS.collapseNavigation }).click();
  await page.reload();
  const expand = navigation(page).getByRole('button', { name: LAYOUT_TEXTS.expandNavigation });
  await expect(expand).toBeVisible();
  await expect(navigation(page).getByRole('link', { name: 'Certificates' })).toBeVisible();
  await expand.click();

  await page.goto('/certificates?status=active&search=CRUMB&sort=serialNumber&order=desc');
  const row = rowWith(page, CERTIFICATES_TEXTS.tableLabel, 'CRUMB-0001');
  await row.getByRole('link', { name: 'CRUMB-0001' }).click();
  await expect(heading(page, 'CRUMB-0001')).toBeVisible();
  const trail = page.getByRole('navigation', { name: LAYOUT_TEXTS.breadcrumbs });
  await expect(trail.getByRole('link', { name: 'CRUMB-0001' })).toHaveAttribute('aria-current', 'page');
  await trail.getByRole('link', { name: CERTIFICATES_TEXTS.title }).click();
  await expect(page).toHaveURL(
    (url) =>
      url.pathname === '/certificates' &&
      url.searchParams.get('status') === 'active' &&
      url.searchParams.get('search') === 'CRUMB' &&
      url.searchParams.get('sort') === 'serialNumber' &&
      url.searchParams.get('order') === 'desc',
  );
  await expect(row).toBeVisible();
});

test('g then c goes to Certificates, / focuses its search, ? lists the shortcuts', async ({ page }) => {
  await signIn(page, E2E_ACCOUNTS.owner.email, E2E_ACCOUNTS.owner.password);
  await expect(heading(page, 'Dashboard')).toBeVisible();
  await page.keyboard.press('g');
  await page.keyboard.press('c');
  await expect(heading(page, CERTIFICATES_TEXTS.title)).toBeVisible();
  await page.keyboard.press('/');
  await expect(page.getByRole('main').getByRole('searchbox')).toBeFocused();
  await page.keyboard.type('g?');
  await expect(page.getByRole('main').getByRole('searchbox')).toHaveValue('g?');
  await page.getByRole('main').getByRole('searchbox').blur();
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
});

test('Ctrl+K, part of a serial number and Enter open that certificate; a viewer finds no users', async ({
  page,
  request,
}) => {
  const owner = await Api.signIn(request);
  const client = await owner.createClient('Palette Pictures');
  await owner.createCertificate(client, { serialNumber: 'PAL-7731-AA' });
  const viewer = await owner.createUser('Palette Viewer', 'viewer');
  await owner.createUser('Palette Editor', 'editor');

  const palette = page.getByRole('dialog', { name: COMMAND_PALETTE_TEXTS.title });
  const field = palette.getByRole('textbox', { name: COMMAND_PALETTE_TEXTS.inputLabel });
  await signIn(page, E2E_ACCOUNTS.owner.email, E2E_ACCOUNTS.owner.password);
  await expect(heading(page, 'Dashboard')).toBeVisible();
  await page.keyboard.press('Control+k');
  await expect(field).toBeFocused();
  await field.pressSequentially('7731');
  const option = palette.getByRole('option', { name: /PAL-7731-AA/ });
  await expect(option).toBeVisible();
  // The best match is active as soon as it shows: Enter alone opens it.
  await expect(field).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id')) ?? '');
  await page.keyboard.press('Enter');
  await expect(heading(page, 'PAL-7731-AA')).toBeVisible();

  await test.step('an owner finds staff by name', async () => {
    await page.keyboard.press('Control+k');
    await field.pressSequentially('Palette');
    await expect(palette.getByRole('group', { name: COMMAND_PALETTE_TEXTS.groups.users })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(palette).toBeHidden();
  });

  await test.step('a viewer finds the client, and no users', async () => {
    await page.getByRole('banner').getByRole('button', { name: LAYOUT_TEXTS.logout }).click();
    await signIn(page, viewer.email, TEST_PASSWORD);
    await expect(heading(page, 'Dashboard')).toBeVisible();
    await page.keyboard.press('Control+k');
    await field.pressSequentially('Palette');
    await expect(palette.getByRole('option', { name: /^Palette Pictures/ })).toBeVisible();
    await expect(palette.getByRole('group', { name: COMMAND_PALETTE_TEXTS.groups.users })).toHaveCount(0);
    await expect(palette.getByRole('option', { name: /Palette Viewer/ })).toHaveCount(0);
  });
});
