// What a page opened cold waits for: the sign-in card draws before the forms' code and the kit's shared
// chunk arrive, and the dashboard's and the certificates list's first calls go out beside the session's validation,
// each once, instead of after the page has drawn; and those two pages' code is fetched beside the entry, not after it.
import type { Page } from '@playwright/test';
import { CERTIFICATES_TEXTS, DASHBOARD_TEXTS, SIGN_IN_TEXTS } from '../../src/contract';
import { expect, heading, signIn, test } from './fixtures';
import { E2E_ACCOUNTS } from './server-log';

const { email, password } = E2E_ACCOUNTS.viewer;
const SETTLED = { timeout: 20_000 };

/**
 * Reloads `path` signed in, with the session's validation held until the page's first call (`firstCall`, a path
 * under /api/v1) has been asked for: a page that waited for the validation would never ask. The bound only ends the
 * wait when the page is broken, so that the test fails on its assertion rather than on a timeout. Answers whether the
 * call went out first, and every call under /api/v1 of the page's own (`ownCalls`) made until the page has settled.
 * The bound is long, so a slow machine never reaches it while the page works; the page's heading is waited for
 * longer still (`SETTLED`), so a broken page fails on `askedBeforeValidation`, not on the heading.
 */
async function reloadWithValidationHeld(page: Page, path: string, firstCall: string, ownCalls: RegExp) {
  await signIn(page, email, password);
  await expect(heading(page, DASHBOARD_TEXTS.title)).toBeVisible();
  await page.goto(path);
  // The calls of this load are over before the ones of the reload are counted.
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  await page.waitForLoadState('networkidle');

  const calls: string[] = [];
  let firstAsked = () => {};
  const firstRequested = new Promise<void>((resolve) => (firstAsked = resolve));
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (ownCalls.test(pathname)) calls.push(pathname);
    if (pathname === `/api/v1${firstCall}`) firstAsked();
  });
  let askedBeforeValidation = false;
  await page.route('**/api/v1/auth/validate', async (route) => {
    askedBeforeValidation = await Promise.race([
      firstRequested.then(() => true),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), 10_000)),
    ]);
    await route.continue();
  });
  await page.reload();
  return { calls, askedBeforeValidation: () => askedBeforeValidation };
}

test("opening the dashboard asks for its three calls beside the session's validation, and once each", async ({
  page,
}) => {
  const started = await reloadWithValidationHeld(page, '/', '/dashboard/stats', /^\/api\/v1\/dashboard\//);
  await expect(heading(page, DASHBOARD_TEXTS.title)).toBeVisible(SETTLED);
  // Each panel has its answer (a call made twice would still be loading here).
  await expect(page.getByText(DASHBOARD_TEXTS.totalClients).locator('..')).toHaveText(/\d$/);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  expect(started.askedBeforeValidation()).toBe(true);
  // The page's hooks took the start-up answers: no call twice.
  expect(started.calls.sort()).toEqual([
    '/api/v1/dashboard/activity',
    '/api/v1/dashboard/certificate-expiration',
    '/api/v1/dashboard/stats',
  ]);
});

test("opening a certificates list asks for the page its address names beside the session's validation, once", async ({
  page,
}) => {
  const listed: URLSearchParams[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/v1/certificates') listed.push(url.searchParams);
  });
  const started = await reloadWithValidationHeld(
    page,
    '/certificates?status=active&sort=serialNumber&order=desc',
    '/certificates',
    /^\/api\/v1\/certificates$/,
  );
  await expect(heading(page, CERTIFICATES_TEXTS.title)).toBeVisible(SETTLED);
  await expect(page.getByRole('grid', { name: CERTIFICATES_TEXTS.tableLabel })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  expect(started.askedBeforeValidation()).toBe(true);
  expect(started.calls).toEqual(['/api/v1/certificates']);
  // The list the address names, asked for as the page itself would have.
  const query = listed.at(-1);
  expect(query?.get('status')).toBe('active');
  expect([query?.get('sort'), query?.get('order'), query?.get('page')]).toEqual([
    'serialNumber',
    'desc',
    '1',
  ]);
});

test('the sign-in card draws before the forms and the shared code have arrived', async ({ page }) => {
  // The kit's shared chunk is held until the card is on screen.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/shared-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/login');
  await expect(heading(page, SIGN_IN_TEXTS.heading)).toBeVisible();
  await expect(page.getByText(SIGN_IN_TEXTS.subtitle)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: SIGN_IN_TEXTS.loadingMethods })).toBeAttached();
  await expect(page.getByRole('textbox', { name: SIGN_IN_TEXTS.emailLabel })).toHaveCount(0);

  release();
  await expect(page.getByRole('textbox', { name: SIGN_IN_TEXTS.emailLabel })).toBeVisible();
  await page.unroute(/\/assets\/shared-[\w-]+\.js$/);
  await signIn(page, email, password);
  await expect(heading(page, DASHBOARD_TEXTS.title)).toBeVisible();
});

test("the dashboard's and the certificates page's code is fetched beside the entry, and the sign-in page's is not", async ({
  page,
}) => {
  const ENTRY = /\/assets\/console-[\w-]+\.js$/;
  for (const [path, pageCode] of [
    ['/', /\/assets\/dashboard-[\w-]+\.js$/],
    ['/certificates?status=active', /\/assets\/certificates-[\w-]+\.js$/],
  ] as const) {
    // The entry is held: a page's code the HTML does not name is only asked for once the entry has run.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(ENTRY, async (route) => {
      await released;
      await route.continue();
    });
    const askedBesideEntry = page.waitForRequest(pageCode, { timeout: 10_000 }).then(
      () => true,
      () => false,
    );
    const opened = page.goto(path);
    expect(await askedBesideEntry, path).toBe(true);
    release();
    await opened;
    await page.unroute(ENTRY);
    // Signed out, the page goes on to sign-in once the entry has run: it is the console, not a page of its own.
    await expect(heading(page, SIGN_IN_TEXTS.heading)).toBeVisible();
  }
  // The sign-in card must not share the slow link with code it does not need (the test above).
  const signInHtml = await (await page.request.get('/login')).text();
  expect(signInHtml).not.toMatch(/modulepreload[^>]*\/assets\/shared-/);
  expect(signInHtml).toContain('<div id="root">');
});
