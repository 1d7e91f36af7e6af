// The console as it is deployed: reached by a company host name (not `localhost`, which browsers treat as
// secure and so hid a white page), over plain HTTP and over HTTPS with the server's own TLS. Each journey
// runs in a fresh browser, so no HSTS memory from one run can upgrade another.
import { chromium, type Browser, type Page, type Response } from '@playwright/test';
import { PRODUCT_TITLE } from '../../src/contract/constants';
import { CHROMIUM_ARGS, chromiumLaunchOptions } from '../../scripts/chromium.mjs';
import { ON_THE_SUITES_MACHINE } from '../support/server-process';
import { throwawayCertificate } from '../support/tls';
import { expect, heading, test } from './fixtures';
import { E2E_ACCOUNTS } from './server-log';

const HTTP_HOST = 'licences.test';
const HTTPS_HOST = 'secure.licences.test';
/** The dashboard's JavaScript over the wire before compression was served: about 935 KiB. */
const UNCOMPRESSED_DASHBOARD_JS_BYTES = 935 * 1024;

/** A fresh Chromium that resolves the test host names to this machine (and, for HTTPS only, accepts the throwaway certificate). */
async function browserFor(host: string, tls: boolean): Promise<Browser> {
  const args = [
    ...CHROMIUM_ARGS,
    `--host-resolver-rules=MAP ${host} 127.0.0.1`,
    ...(tls ? ['--ignore-certificate-errors'] : []),
  ];
  return chromium.launch({ ...chromiumLaunchOptions(), args });
}

interface Journey {
  document: Response;
  failures: string[];
  scripts: Response[];
  scriptBytes: number;
  page: Page;
}

/** Opens the console at `origin`, signs the owner in and waits for the dashboard, recording every request. */
async function signInAt(browser: Browser, origin: string): Promise<Journey> {
  const context = await browser.newContext({ locale: 'en-US', timezoneId: 'UTC' });
  const page = await context.newPage();
  const failures: string[] = [];
  const scripts: Response[] = [];
  page.on('requestfailed', (request) =>
    failures.push(`${request.url()}: ${request.failure()?.errorText ?? 'failed'}`),
  );
  page.on('response', (response) => {
    if (response.status() >= 400) failures.push(`${response.url()}: ${response.status()}`);
    if (response.request().resourceType() === 'script') scripts.push(response);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' || /ignored|upgrade/i.test(message.text()))
      failures.push(`console: ${message.text()}`);
  });

  const document = await page.goto(`${origin}/`);
  if (!document) throw new Error('no document');
  await expect(heading(page, 'Sign In')).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill(E2E_ACCOUNTS.owner.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ACCOUNTS.owner.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(heading(page, 'Dashboard')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Expiring Certificates' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  let scriptBytes = 0;
  for (const script of scripts) scriptBytes += (await script.request().sizes()).responseBodySize;
  return { document, failures, scripts, scriptBytes, page };
}

/** The entry script named by index.html, as the browser received it. */
function mainScript(journey: Journey): Response {
  const entry = journey.scripts.find((response) => /\/assets\/index-[\w-]+\.js$/.test(response.url()));
  if (!entry)
    throw new Error(`no entry script among ${journey.scripts.map((response) => response.url()).join(', ')}`);
  return entry;
}

async function expectServedForProduction(journey: Journey) {
  const entry = mainScript(journey);
  const headers = await entry.allHeaders();
  expect(['br', 'gzip']).toContain(headers['content-encoding']);
  expect(headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(await journey.document.headerValue('cache-control')).toBe('no-cache');
  // The dashboard's code over the wire, cold: at most a third of what it was uncompressed.
  expect(journey.scriptBytes).toBeGreaterThan(0);
  expect(journey.scriptBytes).toBeLessThanOrEqual(UNCOMPRESSED_DASHBOARD_JS_BYTES / 3);
  expect(journey.failures).toEqual([]);
}

test.describe('over plain HTTP on a company host name', () => {
  test.use({ serverEnv: { NODE_ENV: 'production', ...ON_THE_SUITES_MACHINE, HOST: '0.0.0.0' } });

  test('the console signs in and loads the dashboard, with no HTTPS upgrade and no HSTS', async ({
    server,
  }) => {
    const browser = await browserFor(HTTP_HOST, false);
    try {
      const origin = server.baseUrl.replace('127.0.0.1', HTTP_HOST);
      const journey = await signInAt(browser, origin);
      const headers = await journey.document.allHeaders();
      expect(headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
      expect(headers['strict-transport-security']).toBeUndefined();
      expect(headers['cross-origin-opener-policy']).toBeUndefined();
      await expectServedForProduction(journey);
    } finally {
      await browser.close();
    }
  });
});

test.describe('icons and the web app manifest', () => {
  test.use({ serverEnv: { NODE_ENV: 'production', ...ON_THE_SUITES_MACHINE } });

  test('are served as what they are, and the console page links them', async ({ server }) => {
    const get = (path: string) => fetch(`${server.baseUrl}${path}`);
    const ico = await get('/favicon.ico');
    expect(ico.status).toBe(200);
    expect(ico.headers.get('content-type')).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    // An ICO file: reserved 0, type 1 (icon), then its images.
    expect([...new Uint8Array((await ico.arrayBuffer()).slice(0, 4))]).toEqual([0, 0, 1, 0]);
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const { name, icons } = (await manifest.json()) as {
      name: string;
      icons: { src: string; type: string }[];
    };
    expect(name).toBe(PRODUCT_TITLE);
    for (const icon of icons) {
      const response = await get(icon.src);
      expect(response.status, icon.src).toBe(200);
      expect(response.headers.get('content-type'), icon.src).toContain(icon.type);
    }
    const page = await (await get('/')).text();
    for (const link of ['/favicon.ico', '/favicon.svg', '/apple-touch-icon.png', '/manifest.webmanifest'])
      expect(page).toContain(`href="${link}"`);
  });
});

test.describe('over HTTPS with the server’s own certificate', () => {
  const { cert, key } = throwawayCertificate(HTTPS_HOST);
  test.use({
    serverEnv: { NODE_ENV: 'production', ...ON_THE_SUITES_MACHINE, TLS_CERT_FILE: cert, TLS_KEY_FILE: key },
  });

  test('the console signs in over HTTP/2 and every answer carries HSTS', async ({ server }) => {
    expect(server.baseUrl).toMatch(/^https:/);
    const browser = await browserFor(HTTPS_HOST, true);
    try {
      const origin = server.baseUrl.replace('127.0.0.1', HTTPS_HOST);
      const journey = await signInAt(browser, origin);
      const headers = await journey.document.allHeaders();
      expect(headers['strict-transport-security']).toBe('max-age=31536000');
      expect(headers['content-security-policy']).toContain('upgrade-insecure-requests');
      expect(headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(await mainScript(journey).headerValue('strict-transport-security')).toBe('max-age=31536000');
      expect(
        await journey.page.evaluate(
          () =>
            (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).nextHopProtocol,
        ),
      ).toBe('h2');
      await expectServedForProduction(journey);
    } finally {
      await browser.close();
    }
  });
});
