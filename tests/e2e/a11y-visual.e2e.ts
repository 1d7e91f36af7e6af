// Every route and every modal at the console's five widths: through axe-core (no serious or critical
// violation), compared with its screenshot, and with nothing past the window's right edge.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  ACCESS_DENIED_TEXTS,
  ACCOUNT_TEXTS,
  ACTIVITY_TEXTS,
  API_TOKENS_TEXTS,
  WEBHOOKS_TEXTS,
  CERTIFICATES_TEXTS,
  CHANGE_PASSWORD_TEXTS,
  CLIENTS_TEXTS,
  DASHBOARD_TEXTS,
  NOT_FOUND_TEXTS,
  USERS_TEXTS,
  VALIDATE_LICENSE_TEXTS,
} from '../../src/contract';
import { Api, DAY_MS, TEST_PASSWORD } from './api';
import {
  bodyRows,
  dialog,
  expectNothingSticksOut,
  navigateTo,
  rowWith,
  pressAccountControl,
} from './console';
import { expect, expectNoSeriousA11yViolations, heading, signIn, test } from './fixtures';
import { E2E_ACCOUNTS } from './server-log';

/** The console's five widths, each at a usual height for it; 1440 is the window the other suites use (ADR 0022). */
const WIDTHS = {
  phone: { width: 390, height: 844 },
  tablet: { width: 768, height: 1024 },
  laptop: { width: 1024, height: 768 },
  desktop: { width: 1280, height: 800 },
  wide: { width: 1440, height: 900 },
} as const;

/** Fixed validity days, so the certificate list reads the same whatever day the tests run. */
const FIXED_FROM = Date.UTC(2026, 0, 1);
const FIXED_TO = Date.UTC(2031, 0, 1);

/** The same data on every run: names, counts and statuses; only creation times differ (and are masked). */
async function seed(request: APIRequestContext, now: number) {
  const owner = await Api.signIn(request);
  await owner.createUser('Ada Admin', 'admin');
  await owner.createUser('Eddie Editor', 'editor');
  const viewer = await owner.createUser('Vera Viewer', 'viewer');
  const northwind = await owner.createClient('Northwind Studios', {
    contactEmail: 'hello@northwind.test',
    contactPhone: '+1 555 0100',
  });
  const contoso = await owner.createClient('Contoso Films', { description: 'Feature films' });
  await owner.call('PUT', `/clients/${northwind.uuid}/users`, { userUuids: [viewer.uuid] });
  await owner.createCertificate(northwind, {
    serialNumber: 'NW-PENDING-0001',
    validFrom: FIXED_FROM,
    validTo: FIXED_TO,
    studioCount: 2,
    userCount: 10,
  });
  const active = await owner.createCertificate(northwind, {
    serialNumber: 'NW-ACTIVE-0002',
    validFrom: FIXED_FROM,
    validTo: FIXED_TO,
    userCount: 5,
  });
  await owner.activate(active);
  const distributed = await owner.createCertificate(contoso, {
    serialNumber: 'CF-DIST-0003',
    validFrom: FIXED_FROM,
    validTo: FIXED_TO,
  });
  await owner.activate(distributed);
  await owner.download(distributed);
  const revoked = await owner.createCertificate(contoso, {
    serialNumber: 'CF-REVOKED-0004',
    validFrom: FIXED_FROM,
    validTo: FIXED_TO,
  });
  await owner.activate(revoked);
  await owner.revoke(revoked, 'Replaced');
  // Ten days left on the page's clock: the expiring table's row and colour.
  const soon = await owner.createCertificate(
    contoso,
    { serialNumber: 'CF-SOON-0005', validFrom: now - DAY_MS, validTo: now + 10 * DAY_MS - 60 * 60 * 1000 },
    now,
  );
  await owner.activate(soon);
  return { viewer };
}

/** Dates like 'Nov 22, 2026', '11/22/2026, 10:04 AM' or '2026-11-22' (in activity descriptions): what differs from run to run. */
const DATE_PATTERN =
  /\b\d{4}-\d{2}-\d{2}\b|\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\w* \d{1,2}, \d{4}(,? \d{1,2}:\d{2}(:\d{2})?\s?(AM|PM)?)?|\b\d{1,2}\/\d{1,2}\/\d{4}(,? \d{1,2}:\d{2}(:\d{2})?\s?(AM|PM)?)?/g;

/**
 * Writes every date on the page as the same placeholder (keeping the layout independent of the day's
 * text width) and returns the elements holding one, to be masked in the screenshot. Date fields, which forms fill
 * with today, show one day too: a baseline taken on the 25th must not fail on the 26th.
 */
async function normaliseDates(page: Page): Promise<Locator[]> {
  await page.evaluate((source) => {
    // A date field's segments (react-aria's DateSegment, one text each) show 01/01/2000.
    const fixed: Record<string, string> = { month: '01', day: '01', year: '2000' };
    for (const segment of document.querySelectorAll<HTMLElement>('[data-type]')) {
      const text = fixed[segment.dataset.type ?? ''];
      if (text && !segment.hasAttribute('data-placeholder')) segment.textContent = text;
    }
    const pattern = new RegExp(source, 'g');
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      if (pattern.test(text)) {
        node.textContent = text.replace(pattern, 'Jan 01, 2000');
        node.parentElement?.setAttribute('data-e2e-date', '');
      }
      pattern.lastIndex = 0;
    }
  }, DATE_PATTERN.source);
  return [page.locator('[data-e2e-date]')];
}

/** Axe, the right edge and the screenshot at each of the console's five widths. */
async function checkRoute(page: Page, name: string, ready: () => Promise<void>) {
  for (const [size, viewport] of Object.entries(WIDTHS)) {
    await test.step(`${name} at ${size} width`, async () => {
      await page.setViewportSize(viewport);
      await ready();
      await expectNoSeriousA11yViolations(page, `${name} (${size})`);
      await expectNothingSticksOut(page, `${name} (${size})`);
      // Dates, and a licence's signing key id (a new key for every test server).
      const mask = [
        ...(await normaliseDates(page)),
        page.locator('dd').filter({ hasText: /^[0-9a-f]{16}$/ }),
      ];
      await expect(page).toHaveScreenshot(`${name}-${size}.png`, { fullPage: true, mask });
    });
  }
  await page.setViewportSize(WIDTHS.wide);
}

// The tests of this file share no data (each has its own server), so both workers can take them: the routes in
// small groups, each well inside its own timeout, and the modals beside them. The modals' test (seventeen dialogs at
// five widths) takes about 50 s; on a machine 2.5 times slower (a clean run on 2026-11-28) it reached 120 s.
test.describe.configure({ mode: 'parallel', timeout: 240_000 });

/** The seeded data, the owner signed in on the dashboard. */
async function signedInAsOwner(page: Page, request: APIRequestContext, now: number) {
  const seeded = await seed(request, now);
  await signIn(page, E2E_ACCOUNTS.owner.email, E2E_ACCOUNTS.owner.password);
  await expect(heading(page, DASHBOARD_TEXTS.title)).toBeVisible();
  return seeded;
}

test('sign-in and the dashboard pass axe and match their screenshots at the five widths', async ({
  page,
  request,
  now,
}) => {
  await seed(request, now);
  await page.goto('/login');
  await checkRoute(page, 'sign-in', async () => {
    await expect(heading(page, 'Sign In')).toBeVisible();
  });

  await signIn(page, E2E_ACCOUNTS.owner.email, E2E_ACCOUNTS.owner.password);
  await expect(heading(page, DASHBOARD_TEXTS.title)).toBeVisible();
  await checkRoute(page, 'dashboard', async () => {
    await expect(bodyRows(page, DASHBOARD_TEXTS.recentActivity)).toHaveCount(5);
    await expect(bodyRows(page, DASHBOARD_TEXTS.expiring)).toHaveCount(1);
    await expect(page.getByRole('region', { name: DASHBOARD_TEXTS.statsLabel })).toContainText('2');
  });
});

test('users and a user page pass axe and match their screenshots at the five widths', async ({
  page,
  request,
  now,
}) => {
  const { viewer } = await signedInAsOwner(page, request, now);
  await navigateTo(page, 'Users');
  await checkRoute(page, 'users', async () => {
    await expect(bodyRows(page, USERS_TEXTS.tableLabel)).toHaveCount(5);
  });

  // A user's own page, opened from their name: details, the client assigned to them, and what they did
  // (Vera signs in once, through the API, so her activity has a row).
  await Api.signIn(request, viewer.email, TEST_PASSWORD);
  await rowWith(page, USERS_TEXTS.tableLabel, 'Vera Viewer')
    .getByRole('link', { name: 'Vera Viewer' })
    .click();
  await checkRoute(page, 'user-page', async () => {
    await expect(heading(page, 'Vera Viewer')).toBeVisible();
    await expect(bodyRows(page, USERS_TEXTS.clientsTitle('Vera Viewer'))).toHaveCount(1);
    await expect(bodyRows(page, ACTIVITY_TEXTS.feed.tableLabel)).toHaveCount(1);
  });
});

test('clients and a client page pass axe and match their screenshots at the five widths', async ({
  page,
  request,
  now,
}) => {
  await signedInAsOwner(page, request, now);
  await navigateTo(page, 'Clients');
  await checkRoute(page, 'clients', async () => {
    await expect(bodyRows(page, CLIENTS_TEXTS.tableLabel)).toHaveCount(2);
  });

  // A client's own page, opened from its name: details, its certificates, its user and its activity.
  await rowWith(page, CLIENTS_TEXTS.tableLabel, 'Northwind Studios')
    .getByRole('link', { name: 'Northwind Studios' })
    .click();
  await checkRoute(page, 'client-page', async () => {
    await expect(heading(page, 'Northwind Studios')).toBeVisible();
    await expect(bodyRows(page, CERTIFICATES_TEXTS.tableLabel)).toHaveCount(2);
    await expect(page.getByRole('region', { name: CLIENTS_TEXTS.detail.usersHeading })).toContainText(
      'Vera Viewer',
    );
    await expect(bodyRows(page, CLIENTS_TEXTS.detail.activityLabel('Northwind Studios'))).toHaveCount(5);
  });
});

test('certificates and a certificate page pass axe and match their screenshots at the five widths', async ({
  page,
  request,
  now,
}) => {
  await signedInAsOwner(page, request, now);
  await navigateTo(page, 'Certificates');
  await checkRoute(page, 'certificates', async () => {
    await expect(bodyRows(page, CERTIFICATES_TEXTS.tableLabel)).toHaveCount(5);
  });

  // A certificate's own page, opened from its serial number.
  await rowWith(page, CERTIFICATES_TEXTS.tableLabel, 'NW-ACTIVE-0002')
    .getByRole('link', { name: 'NW-ACTIVE-0002' })
    .click();
  await checkRoute(page, 'certificate-page', async () => {
    await expect(heading(page, 'NW-ACTIVE-0002')).toBeVisible();
    await expect(
      page
        .getByRole('list', { name: CERTIFICATES_TEXTS.history.title('NW-ACTIVE-0002') })
        .getByRole('listitem'),
    ).toHaveCount(2);
  });
});

test('API tokens, webhooks and the account page pass axe and match their screenshots at the five widths', async ({
  page,
  request,
  now,
}) => {
  await signedInAsOwner(page, request, now);
  await navigateTo(page, 'API tokens');
  await checkRoute(page, 'api-tokens', async () => {
    await expect(page.getByText(API_TOKENS_TEXTS.empty)).toBeVisible();
  });

  await navigateTo(page, 'Webhooks');
  await checkRoute(page, 'webhooks', async () => {
    await expect(page.getByText(WEBHOOKS_TEXTS.empty)).toBeVisible();
  });

  await pressAccountControl(page, 'Account');
  await checkRoute(page, 'account', async () => {
    await expect(heading(page, ACCOUNT_TEXTS.title)).toBeVisible();
    await expect(page.getByRole('list', { name: ACCOUNT_TEXTS.sessionsLabel })).toContainText(
      ACCOUNT_TEXTS.thisDevice,
    );
  });
});

test('not found and access denied pass axe and match their screenshots at the five widths', async ({
  page,
  request,
  now,
}) => {
  const { viewer } = await signedInAsOwner(page, request, now);
  await page.goto('/no-such-page');
  await checkRoute(page, 'not-found', async () => {
    await expect(heading(page, NOT_FOUND_TEXTS.title)).toBeVisible();
  });

  await pressAccountControl(page, 'Logout');
  await signIn(page, viewer.email, TEST_PASSWORD);
  await expect(heading(page, DASHBOARD_TEXTS.title)).toBeVisible();
  await page.goto('/users');
  await checkRoute(page, 'access-denied', async () => {
    await expect(heading(page, ACCESS_DENIED_TEXTS.title)).toBeVisible();
  });
});

/**
 * A file name for a dialog's screenshots: its title in lower case, words joined by dashes, the core noun spelled as
 * the code spells it (ADR 0020).
 */
const slug = (title: string) =>
  title
    .toLowerCase()
    .replace(/licence/g, 'license')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * The widths at which a dialog's own layout differs: a sheet below 640 px, a dialog with little room beside it at
 * 768, and the dialog at its full width (480 px, or 960 for a large one) from 1024 up. At 1024 and 1440 only the page
 * behind the overlay differs from 1280, and the route screenshots above already hold that page at those widths.
 */
const MODAL_SCREENSHOT_WIDTHS: readonly (keyof typeof WIDTHS)[] = ['phone', 'tablet', 'desktop'];

/**
 * Opens a modal, checks it with axe, checks that nothing is past the right edge at the five widths, compares it with
 * its screenshot where its layout differs (`MODAL_SCREENSHOT_WIDTHS`), and closes it with Escape.
 */
async function checkModal(
  page: Page,
  title: string,
  open: () => Promise<void>,
  ready?: (modal: Locator) => Promise<void>,
) {
  await test.step(`the '${title}' modal`, async () => {
    await open();
    const modal = dialog(page, title);
    await expect(modal).toBeVisible();
    if (ready) await ready(modal);
    await expectNoSeriousA11yViolations(page, `the '${title}' modal`);
    for (const [size, viewport] of Object.entries(WIDTHS)) {
      await page.setViewportSize(viewport);
      await expectNothingSticksOut(page, `the '${title}' modal (${size})`);
      if (!MODAL_SCREENSHOT_WIDTHS.includes(size as keyof typeof WIDTHS)) continue;
      await normaliseDates(page);
      // Only the modal's own dates are masked: a mask is painted over everything, so the page's dates behind the
      // overlay (the same placeholder text already) would hide part of the modal under test.
      const mask = [modal.locator('[data-e2e-date]')];
      await expect(page).toHaveScreenshot(`modal-${slug(title)}-${size}.png`, { mask });
    }
    await page.setViewportSize(WIDTHS.wide);
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
  });
}

test('every modal passes axe, fits the five widths and matches its screenshots', async ({
  page,
  request,
  now,
}) => {
  await seed(request, now);
  await signIn(page, E2E_ACCOUNTS.owner.email, E2E_ACCOUNTS.owner.password);
  await expect(heading(page, DASHBOARD_TEXTS.title)).toBeVisible();

  await pressAccountControl(page, 'Account');
  await checkModal(page, CHANGE_PASSWORD_TEXTS.title, () =>
    page.getByRole('button', { name: CHANGE_PASSWORD_TEXTS.title }).click(),
  );

  await navigateTo(page, 'API tokens');
  await checkModal(page, API_TOKENS_TEXTS.createTitle, () =>
    page.getByRole('button', { name: API_TOKENS_TEXTS.create }).click(),
  );

  await navigateTo(page, 'Users');
  const editorRow = rowWith(page, USERS_TEXTS.tableLabel, 'Eddie Editor');
  const viewerRow = rowWith(page, USERS_TEXTS.tableLabel, 'Vera Viewer');
  await checkModal(page, USERS_TEXTS.addTitle, () =>
    page.getByRole('button', { name: USERS_TEXTS.addUser }).click(),
  );
  await checkModal(page, USERS_TEXTS.editTitle, () =>
    editorRow.getByRole('button', { name: USERS_TEXTS.edit, exact: true }).click(),
  );
  await checkModal(
    page,
    USERS_TEXTS.clientsTitle('Vera Viewer'),
    () => viewerRow.getByRole('button', { name: USERS_TEXTS.clients, exact: true }).click(),
    async (modal) => {
      await expect(modal).toContainText('Northwind Studios');
    },
  );
  await checkModal(
    page,
    USERS_TEXTS.clientsTitle('Eddie Editor'),
    () => editorRow.getByRole('button', { name: USERS_TEXTS.clients, exact: true }).click(),
    async (modal) => {
      await expect(modal).toContainText(USERS_TEXTS.noClients('Eddie Editor'));
    },
  );
  await checkModal(page, USERS_TEXTS.deleteTitle('Eddie Editor'), () =>
    editorRow.getByRole('button', { name: USERS_TEXTS.delete, exact: true }).click(),
  );

  await navigateTo(page, 'Clients');
  const clientRow = rowWith(page, CLIENTS_TEXTS.tableLabel, 'Northwind Studios');
  await checkModal(page, CLIENTS_TEXTS.addTitle, () =>
    page.getByRole('button', { name: CLIENTS_TEXTS.addClient }).click(),
  );
  await checkModal(page, CLIENTS_TEXTS.editTitle, () =>
    clientRow.getByRole('button', { name: CLIENTS_TEXTS.edit, exact: true }).click(),
  );
  await checkModal(
    page,
    CLIENTS_TEXTS.assignTitle('Northwind Studios'),
    () => clientRow.getByRole('button', { name: CLIENTS_TEXTS.users, exact: true }).click(),
    async (modal) => {
      await expect(modal.getByRole('checkbox').first()).toBeVisible();
    },
  );
  await checkModal(page, CLIENTS_TEXTS.deleteTitle('Northwind Studios'), () =>
    clientRow.getByRole('button', { name: CLIENTS_TEXTS.delete, exact: true }).click(),
  );

  await navigateTo(page, 'Certificates');
  const pendingRow = rowWith(page, CERTIFICATES_TEXTS.tableLabel, 'NW-PENDING-0001');
  const activeRow = rowWith(page, CERTIFICATES_TEXTS.tableLabel, 'NW-ACTIVE-0002');
  await checkModal(page, CERTIFICATES_TEXTS.form.createTitle, () =>
    page.getByRole('button', { name: CERTIFICATES_TEXTS.generate }).click(),
  );
  await checkModal(page, CERTIFICATES_TEXTS.form.editTitle, () =>
    pendingRow.getByRole('button', { name: CERTIFICATES_TEXTS.actions.edit, exact: true }).click(),
  );
  await checkModal(page, CERTIFICATES_TEXTS.delete.title('NW-PENDING-0001'), () =>
    pendingRow.getByRole('button', { name: CERTIFICATES_TEXTS.actions.delete, exact: true }).click(),
  );
  await checkModal(page, CERTIFICATES_TEXTS.revoke.title, () =>
    activeRow.getByRole('button', { name: CERTIFICATES_TEXTS.actions.revoke, exact: true }).click(),
  );
  await checkModal(
    page,
    CERTIFICATES_TEXTS.history.title('NW-ACTIVE-0002'),
    () => activeRow.getByRole('button', { name: CERTIFICATES_TEXTS.actions.history, exact: true }).click(),
    async (modal) => {
      await expect(
        modal
          .getByRole('row')
          .filter({ hasText: /activated/i })
          .first(),
      ).toBeVisible();
    },
  );
  await checkModal(
    page,
    VALIDATE_LICENSE_TEXTS.title,
    () => page.getByRole('button', { name: CERTIFICATES_TEXTS.validateLicense }).click(),
    async (modal) => {
      // With a verdict shown, which is part of the dialog too.
      await modal
        .getByRole('textbox', { name: VALIDATE_LICENSE_TEXTS.license })
        .fill('{"format":"license-certificate/v1"}');
      await modal.getByRole('button', { name: VALIDATE_LICENSE_TEXTS.validate }).click();
      await expect(modal.getByRole('status', { name: VALIDATE_LICENSE_TEXTS.verdict })).toContainText(
        VALIDATE_LICENSE_TEXTS.invalidTitle,
      );
    },
  );
});
