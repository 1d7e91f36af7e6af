// The static Storybook (`npm run build-storybook`) is what designers open without a dev server: built here so a
// broken build fails CI, served from a plain static file server on localhost (a secure context, which the msw
// service worker needs) and opened in Chromium. The index lists the docs pages, a kit story and a screen story
// fed by the mock server render, and the toolbar's theme and viewport switches change the rendered story.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_CONTEXT, chromiumLaunchOptions } from '../../scripts/chromium.mjs';
import { DASHBOARD_TEXTS } from '../../src/contract/ui-texts';
import { darkColors, lightColors } from '../../src/ui/theme-tokens';

const OUT = join(tmpdir(), `lc-storybook-static-${process.pid}`);
const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
};

/** A static file server over `root`, as any web server would serve the build: files only, no rewrites. */
function serveStatic(root: string): Promise<{ server: Server; origin: string }> {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    try {
      const body = readFileSync(join(root, path.endsWith('/') ? `${path}index.html` : path));
      response.writeHead(200, {
        'content-type': TYPES[extname(path) || '.html'] ?? 'application/octet-stream',
      });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, origin: `http://localhost:${(server.address() as AddressInfo).port}` }),
    ),
  );
}

let served: { server: Server; origin: string };
let browser: Browser;
let page: Page;

beforeAll(async () => {
  execFileSync(join('node_modules', '.bin', 'storybook'), ['build', '--quiet', '-o', OUT], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1' },
  });
  served = await serveStatic(OUT);
  browser = await chromium.launch(chromiumLaunchOptions());
  page = await browser.newPage({ ...BROWSER_CONTEXT, viewport: { width: 1280, height: 800 } });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  served?.server.close();
});

describe('the static Storybook', () => {
  it('lists the introduction, the design tokens and a docs page for every kit component', () => {
    const index = JSON.parse(readFileSync(join(OUT, 'index.json'), 'utf8')) as {
      entries: Record<string, { type: string }>;
    };
    const docs = Object.keys(index.entries).filter((id) => index.entries[id]?.type === 'docs');
    const kit = readdirSync('src/ui', { withFileTypes: true })
      .filter(
        (entry) =>
          entry.isDirectory() &&
          readdirSync(join('src/ui', entry.name)).some((f) => f.endsWith('.stories.tsx')),
      )
      .map((entry) => `ui-${entry.name.toLowerCase()}--docs`);
    expect(docs).toEqual(expect.arrayContaining(['introduction--docs', 'design-tokens--docs', ...kit]));
  });

  it('opens on its sidebar with no onboarding checklist', async () => {
    await page.goto(`${served.origin}/index.html`);
    // The manager draws its sidebar after loading the index: over a second on a busy machine (expect.poll's default).
    await page.getByRole('link', { name: 'Introduction' }).first().waitFor({ timeout: 20_000 });
    expect(await page.getByText(/Get started/).count()).toBe(0);
  });

  it('renders a kit story, and a screen story from the mock server through the service worker', async () => {
    await page.goto(`${served.origin}/iframe.html?id=ui-button--primary&viewMode=story`);
    await page.getByRole('button', { name: 'Save' }).waitFor();
    await page.goto(`${served.origin}/iframe.html?id=dashboard-page--populated&viewMode=story`);
    await page.getByRole('heading', { level: 1, name: DASHBOARD_TEXTS.title }).waitFor({ timeout: 20_000 });
    // The numbers come from the msw handlers: the service worker works from a plain static server.
    const stats = page.getByRole('region', { name: DASHBOARD_TEXTS.statsLabel });
    await expect.poll(() => stats.textContent(), { timeout: 20_000 }).toMatch(/[1-9]/);
  });

  it('draws the design tokens from theme-tokens.ts, each colour with its contrast ratios', async () => {
    await page.goto(`${served.origin}/iframe.html?id=design-tokens--docs&viewMode=docs`);
    const primary = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'primary', exact: true }) });
    await expect.poll(() => primary.textContent(), { timeout: 20_000 }).toContain(lightColors.primary);
    expect(await primary.textContent()).toContain(darkColors.primary);
    expect(await primary.textContent()).toMatch(/\d+\.\d\d:1 on surface/);
  });

  it('switches a story to the dark theme and to a phone’s width from the toolbar’s globals', async () => {
    await page.goto(`${served.origin}/iframe.html?id=ui-button--primary&viewMode=story&globals=theme:dark`);
    await page.getByRole('button', { name: 'Save' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');

    await page.goto(`${served.origin}/index.html?path=/story/ui-button--primary&globals=viewport:phone`);
    const frame = page.locator('#storybook-preview-iframe');
    await frame.waitFor();
    await expect.poll(async () => (await frame.boundingBox())?.width).toBe(390);
  });
});
