// The dashboard's numbers against data the test made, its links, and a certificate about to expire.
import type { Locator } from '@playwright/test';
import { CERTIFICATES_TEXTS, DASHBOARD_TEXTS, type CertificateStatus } from '../../src/contract';
import { Api, DAY_MS } from './api';
import { bodyRows, navigateTo } from './console';
import { expect, heading, signIn, test } from './fixtures';
import { E2E_ACCOUNTS } from './server-log';

test('the dashboard counts what was made, each card and overview row opens the filtered list, and a certificate expiring in 5 days shows red', async ({
  page,
  request,
}) => {
  const owner = await Api.signIn(request);
  const [alpha, beta] = [await owner.createClient('Alpha Media'), await owner.createClient('Beta Games')];
  await owner.createClient('Gamma Labs');

  // One that expires within seconds, then is expired by the time the page loads.
  const shortLived = await owner.createCertificate(alpha, {
    serialNumber: 'DASH-EXPIRED-1',
    validTo: Date.now() + 1500,
  });
  await owner.activate(shortLived);
  const pending = await owner.createCertificate(alpha, { serialNumber: 'DASH-PENDING-1' });
  const active = await owner.createCertificate(beta, { serialNumber: 'DASH-ACTIVE-1' });
  await owner.activate(active);
  const distributed = await owner.createCertificate(beta, { serialNumber: 'DASH-DIST-1' });
  await owner.activate(distributed);
  await owner.download(distributed);
  const revoked = await owner.createCertificate(beta, { serialNumber: 'DASH-REVOKED-1' });
  await owner.activate(revoked);
  await owner.revoke(revoked, 'Lost machine');
  expect(pending.status).toBe('pending');
  await expect.poll(() => Date.now()).toBeGreaterThan(shortLived.validTo);

  // The page's clock is fixed now; the last certificate ends 5 days (less an hour) from it.
  const now = Date.now();
  await page.clock.setFixedTime(now);
  const expiring = await owner.createCertificate(
    alpha,
    { serialNumber: 'DASH-SOON-1', validTo: now + 5 * DAY_MS - 60 * 60 * 1000 },
    now,
  );
  await owner.activate(expiring);

  await signIn(page, E2E_ACCOUNTS.owner.email, E2E_ACCOUNTS.owner.password);
  await expect(heading(page, DASHBOARD_TEXTS.title)).toBeVisible();

  const stats = page.getByRole('region', { name: DASHBOARD_TEXTS.statsLabel });
  await expect(stats.getByText(DASHBOARD_TEXTS.totalClients).locator('..')).toHaveText(
    `${DASHBOARD_TEXTS.totalClients}3`,
  );
  const cards: [string, number, CertificateStatus][] = [
    [DASHBOARD_TEXTS.activeCerts, 2, 'active'],
    [DASHBOARD_TEXTS.distributedCerts, 1, 'distributed'],
    [DASHBOARD_TEXTS.expiredCerts, 1, 'expired'],
  ];
  for (const [label, count] of cards)
    await expect(stats.getByRole('link', { name: new RegExp(`${label}\\s*${count}$`) })).toBeVisible();

  const overview = page.getByRole('region', { name: DASHBOARD_TEXTS.overview });
  const overviewCounts: [CertificateStatus, number][] = [
    ['pending', 1],
    ['active', 2],
    ['distributed', 1],
    ['expired', 1],
    ['revoked', 1],
  ];
  for (const [status, count] of overviewCounts) {
    await expect(
      overview.getByRole('link', {
        name: new RegExp(`^${DASHBOARD_TEXTS.overviewRows[status]}\\s*${count}$`),
      }),
    ).toBeVisible();
  }

  // Recent activity: the newest five, all of today.
  const activity = bodyRows(page, DASHBOARD_TEXTS.recentActivity);
  await expect(activity).toHaveCount(5);
  await expect(activity.filter({ hasText: DASHBOARD_TEXTS.today })).toHaveCount(5);
  await expect(activity.first()).toContainText(E2E_ACCOUNTS.owner.name);

  // The certificate ending in 5 days: red, '5 days', ACTIVE.
  const soon = bodyRows(page, DASHBOARD_TEXTS.expiring).filter({ hasText: 'DASH-SOON-1' });
  await expect(soon).toContainText('Alpha Media');
  // The days cell says '5 days' (and, to screen readers, that it expires very soon), in red with a shape beside it.
  const days = soon.locator('span[data-level]');
  await expect(days).toHaveText(new RegExp(`^${DASHBOARD_TEXTS.days(5)}\\b`));
  await expect(days).toHaveAttribute('data-level', 'critical');
  const [red, green, blue] = await days.evaluate((element) =>
    (getComputedStyle(element).color.match(/\d+(\.\d+)?/g) ?? []).map(Number),
  );
  expect(red, 'the red channel of the 5-day colour').toBeGreaterThan(1.5 * Math.max(green ?? 0, blue ?? 0));
  await expect(soon).toContainText(DASHBOARD_TEXTS.activeBadge);
  // The one with a year to go is not in the 30-day window, and the search narrows the table.
  await expect(bodyRows(page, DASHBOARD_TEXTS.expiring).filter({ hasText: 'DASH-ACTIVE-1' })).toHaveCount(0);
  await page.getByRole('searchbox', { name: DASHBOARD_TEXTS.expiringSearch }).fill('no-such-serial');
  await expect(page.getByText(DASHBOARD_TEXTS.noExpiringMatch)).toBeVisible();
  await page.getByRole('searchbox', { name: DASHBOARD_TEXTS.expiringSearch }).fill('alpha');
  await expect(soon).toBeVisible();

  // Every counter link lands on the list filtered by its status, showing exactly those certificates.
  const expectedRows: Record<CertificateStatus, string[]> = {
    pending: ['DASH-PENDING-1'],
    active: ['DASH-ACTIVE-1', 'DASH-SOON-1'],
    distributed: ['DASH-DIST-1'],
    expired: ['DASH-EXPIRED-1'],
    revoked: ['DASH-REVOKED-1'],
  };
  const targets: [Locator, CertificateStatus][] = [
    ...cards.map(([label, , status]): [Locator, CertificateStatus] => [
      stats.getByRole('link', { name: new RegExp(`^${label}`) }),
      status,
    ]),
    ...overviewCounts.map(([status]): [Locator, CertificateStatus] => [
      overview.getByRole('link', { name: new RegExp(`^${DASHBOARD_TEXTS.overviewRows[status]}`) }),
      status,
    ]),
  ];
  for (const [link, status] of targets) {
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/certificates\\?status=${status}$`));
    await expect(heading(page, CERTIFICATES_TEXTS.title)).toBeVisible();
    const rows = bodyRows(page, CERTIFICATES_TEXTS.tableLabel);
    await expect(rows).toHaveCount(expectedRows[status].length);
    for (const serial of expectedRows[status]) await expect(rows.filter({ hasText: serial })).toHaveCount(1);
    await navigateTo(page, 'Dashboard');
  }
});
