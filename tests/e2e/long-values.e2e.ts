// Values as long as real ones (docs/adr/0019): company names and e-mail addresses of sixty characters,
// 20-character serial numbers, licences for hundreds of studios. The other suites' data is short, and it was the
// bench's data that showed tables scrolling sideways between the five widths. Every list and detail page, at the five
// widths and the ones between them where a table changes its layout: nothing past the window's edge, and no table
// scrolling sideways in its box. No screenshots: what is checked is the geometry, at many widths.
import type { Page } from '@playwright/test';
import {
  ACTIVITY_TEXTS,
  API_TOKENS_TEXTS,
  CERTIFICATES_TEXTS,
  CLIENTS_TEXTS,
  DASHBOARD_TEXTS,
  USERS_TEXTS,
  WEBHOOKS_TEXTS,
} from '../../src/contract';
import { certificatePath, clientPath, userPath } from '../../src/lib/routing/entity-paths';
import { Api, DAY_MS } from './api';
import { bodyRows, dialog, expectNothingSticksOut, rowWith } from './console';
import { expect, heading, signIn, test } from './fixtures';
import { E2E_ACCOUNTS } from './server-log';

/** The five widths, and those where a table changes its layout (cards below about 760 px of box, buttons at 1,190). */
const WIDTHS = [390, 600, 768, 850, 900, 1024, 1100, 1180, 1280, 1440];

const NORTHWIND = 'Northwind Post-Production and Visual Effects Studios International';
const CONTOSO = 'Contoso Feature Films and Episodic Television Distribution Group';
const MAXIMILIANA = 'Maximiliana Wolfeschlegelsteinhausen-Bergerdorff';
const HOOK_URL =
  'https://hooks.northwind-postproduction-studios.example/licence-console/v2/events/certificates';
const TOKEN_NAME = 'Northwind render farm licence sync (production, eu-west-2 cluster)';
const SERIALS = [
  'SN-11CFFEAA-E67B70DC',
  'SN-415C60EB-A79F391B',
  'SN-2F9CD301-0B727E6D',
  'SN-F5ABEA1D-88A49E1C',
];

test.describe.configure({ timeout: 240_000 });

/** Each page, once ready, at every width. */
async function checkAtEveryWidth(page: Page, name: string, ready: () => Promise<void>) {
  for (const width of WIDTHS) {
    await test.step(`${name} at ${width} px`, async () => {
      await page.setViewportSize({ width, height: 900 });
      await ready();
      await expectNothingSticksOut(page, `${name} (${width} px)`);
    });
  }
}

/** A dialog opened at 1,440 px (where every row button shows beside the sidebar), then checked at every width, and closed. */
async function checkDialogAtEveryWidth(page: Page, title: string, open: () => Promise<void>) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await open();
  const modal = dialog(page, title);
  await expect(modal).toBeVisible();
  await checkAtEveryWidth(page, `the '${title}' dialog`, () => expect(modal).toBeVisible());
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
}

/** A seeding call that must succeed, so a refused one fails here and not later as a page that never gets ready. */
async function succeeds(answer: Promise<{ status: number; body: unknown }>) {
  const { status, body } = await answer;
  expect(status, JSON.stringify(body)).toBeLessThan(300);
}

test('every list and page stays within its width with real-length names, addresses and serial numbers', async ({
  page,
  request,
  now,
}) => {
  const owner = await Api.signIn(request);
  const editor = await owner.createUser(
    MAXIMILIANA,
    'editor',
    'maximiliana.wolfeschlegelsteinhausen@northwind-postproduction-studios.example',
  );
  const northwind = await owner.createClient(NORTHWIND, {
    contactEmail: 'licensing.department@northwind-postproduction-studios.example',
    contactPhone: '+44 20 7946 0958 ext. 4021',
    description:
      'Feature film and episodic post-production, colour grading and visual effects in three cities',
  });
  const contoso = await owner.createClient(CONTOSO, {
    contactEmail: 'software.licences@contoso-feature-films-distribution.example',
  });
  await succeeds(owner.call('PUT', `/clients/${northwind.uuid}/users`, { userUuids: [editor.uuid] }));
  const big = { studioCount: 120, userCount: 2500 };
  await owner.createCertificate(northwind, { serialNumber: SERIALS[0]!, ...big }, now);
  const active = await owner.createCertificate(northwind, { serialNumber: SERIALS[1]!, ...big }, now);
  await owner.activate(active);
  const distributed = await owner.createCertificate(contoso, { serialNumber: SERIALS[2]!, ...big }, now);
  await owner.activate(distributed);
  await owner.download(distributed);
  // Ten days left: a row of the dashboard's expiring table.
  const soon = await owner.createCertificate(
    contoso,
    { serialNumber: SERIALS[3]!, validFrom: now - DAY_MS, validTo: now + 10 * DAY_MS, ...big },
    now,
  );
  await owner.activate(soon);
  await succeeds(
    owner.call('POST', '/webhooks', {
      url: HOOK_URL,
      events: ['certificate.revoked', 'certificate.expiring'],
      description: 'Tells the render farm scheduler when a studio licence is revoked or about to expire',
    }),
  );
  await succeeds(owner.call('POST', '/api-tokens', { name: TOKEN_NAME, role: 'viewer' }));

  await signIn(page, E2E_ACCOUNTS.owner.email, E2E_ACCOUNTS.owner.password);
  await expect(heading(page, DASHBOARD_TEXTS.title)).toBeVisible();
  await checkAtEveryWidth(page, 'dashboard', async () => {
    await expect(bodyRows(page, DASHBOARD_TEXTS.expiring)).toHaveCount(1);
    await expect(bodyRows(page, DASHBOARD_TEXTS.recentActivity)).toHaveCount(5);
  });

  const pages: [string, string, () => Promise<void>][] = [
    ['users', '/users', () => expect(rowWith(page, USERS_TEXTS.tableLabel, MAXIMILIANA)).toBeVisible()],
    ['clients', '/clients', () => expect(bodyRows(page, CLIENTS_TEXTS.tableLabel)).toHaveCount(2)],
    [
      'certificates',
      '/certificates',
      async () => {
        await expect(bodyRows(page, CERTIFICATES_TEXTS.tableLabel)).toHaveCount(SERIALS.length);
        // Seat counts as a person reads them, with the thousands marked.
        await expect(rowWith(page, CERTIFICATES_TEXTS.tableLabel, SERIALS[1]!)).toContainText(
          '120 studios, 2,500 users',
        );
      },
    ],
    ['activity', '/activity', () => expect(bodyRows(page, ACTIVITY_TEXTS.tableLabel).first()).toBeVisible()],
    [
      'client page',
      clientPath(northwind.uuid),
      () => expect(bodyRows(page, CERTIFICATES_TEXTS.tableLabel)).toHaveCount(2),
    ],
    ['webhooks', '/webhooks', () => expect(rowWith(page, WEBHOOKS_TEXTS.tableLabel, HOOK_URL)).toBeVisible()],
    [
      'API tokens',
      '/api-tokens',
      () => expect(rowWith(page, API_TOKENS_TEXTS.tableLabel, TOKEN_NAME)).toBeVisible(),
    ],
    [
      'certificate page',
      certificatePath(active.uuid),
      () => expect(heading(page, SERIALS[1]!)).toBeVisible(),
    ],
    ['user page', userPath(editor.uuid), () => expect(heading(page, MAXIMILIANA)).toBeVisible()],
  ];
  for (const [name, path, ready] of pages) {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(path);
    await checkAtEveryWidth(page, name, ready);
  }

  // Dialogs that show the long values: a user's clients, a client's users, a delete question naming a client, a
  // certificate's history.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/users');
  await checkDialogAtEveryWidth(page, USERS_TEXTS.clientsTitle(MAXIMILIANA), () =>
    rowWith(page, USERS_TEXTS.tableLabel, MAXIMILIANA)
      .getByRole('button', { name: USERS_TEXTS.clients, exact: true })
      .click(),
  );
  await page.goto('/clients');
  const northwindRow = rowWith(page, CLIENTS_TEXTS.tableLabel, NORTHWIND);
  await checkDialogAtEveryWidth(page, CLIENTS_TEXTS.assignTitle(NORTHWIND), () =>
    northwindRow.getByRole('button', { name: CLIENTS_TEXTS.users, exact: true }).click(),
  );
  await checkDialogAtEveryWidth(page, CLIENTS_TEXTS.deleteTitle(NORTHWIND), () =>
    northwindRow.getByRole('button', { name: CLIENTS_TEXTS.delete, exact: true }).click(),
  );
  await page.goto('/certificates');
  await checkDialogAtEveryWidth(page, CERTIFICATES_TEXTS.history.title(SERIALS[1]!), () =>
    rowWith(page, CERTIFICATES_TEXTS.tableLabel, SERIALS[1]!)
      .getByRole('button', { name: CERTIFICATES_TEXTS.actions.history, exact: true })
      .click(),
  );
});
