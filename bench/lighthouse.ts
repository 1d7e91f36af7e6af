// `npm run bench -- --console`: Lighthouse 12 (its default mobile preset: a mid-range phone, slow 4G, simulated
// throttling) on the built console, cold (Lighthouse empties the caches before each load), in Debian's Chromium.
// Signed-in pages get a real session: the refresh cookie of a sign-in is put in the browser profile Lighthouse uses,
// as a person's browser would hold it (docs/performance.md "The console").
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, requireChromium } from '../scripts/chromium.mjs';
import { freePort } from '../tests/support/postgres-cluster';

export interface PageScore {
  page: string;
  path: string;
  score: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  cls: number;
}

const PAGES = [
  { page: 'sign-in', path: '/login', signedIn: false },
  { page: 'dashboard', path: '/', signedIn: true },
  { page: 'certificates', path: '/certificates', signedIn: true },
];

/** The cookies a sign-in sets (the HttpOnly refresh cookie and the readable session marker), as Playwright takes them. */
async function sessionCookies(base: string, owner: { email: string; password: string }) {
  const response = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(owner),
  });
  if (!response.ok) throw new Error(`sign-in for the console bench answered ${response.status}`);
  const { hostname } = new URL(base);
  return response.headers.getSetCookie().map((line) => {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const at = pair.indexOf('=');
    const path = attributes.find((attribute) => attribute.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
    return {
      name: pair.slice(0, at),
      value: pair.slice(at + 1),
      domain: hostname,
      path,
      httpOnly: attributes.some((attribute) => attribute.toLowerCase() === 'httponly'),
      sameSite: 'Strict' as const,
    };
  });
}

const metric = (audits: Record<string, { numericValue?: number }>, id: string) =>
  Math.round(audits[id]?.numericValue ?? Number.NaN);

type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>;

/**
 * A page's load, again (up to three times) when Lighthouse could not read its own trace: now and then the first load
 * of a fresh browser records no navigation start (NO_NAVSTART), and its figures are all NaN.
 */
async function measured(
  path: string,
  load: () => Promise<LighthouseResult | undefined>,
): Promise<LighthouseResult> {
  for (let attempt = 1; ; attempt += 1) {
    const result = await load();
    if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
    const failure = result.lhr.runtimeError;
    if (!failure) return result;
    if (attempt === 3) throw new Error(`Lighthouse on ${path}: ${failure.code} ${failure.message}`);
    console.log(`  (${path}: Lighthouse said ${failure.code}, measuring again)`);
  }
}

export async function measureConsole(
  base: string,
  owner: { email: string; password: string },
  onPage: (score: PageScore) => void,
  /** Where to keep each page's whole Lighthouse report (its long tasks, requests and script costs), if anywhere. */
  reportDir?: string,
): Promise<PageScore[]> {
  const port = await freePort();
  const profile = await chromium.launchPersistentContext('', {
    executablePath: requireChromium(),
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  const scores: PageScore[] = [];
  try {
    for (const { page, path, signedIn } of PAGES) {
      const result = await measured(path, async () => {
        await profile.clearCookies();
        // A fresh session per load: a refresh token is spent by the page that uses it.
        if (signedIn) await profile.addCookies(await sessionCookies(base, owner));
        return lighthouse(`${base}${path}`, {
          port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
      });
      if (reportDir) {
        mkdirSync(reportDir, { recursive: true });
        writeFileSync(join(reportDir, `lighthouse-${page}.json`), JSON.stringify(result.lhr, null, 1));
      }
      const { audits, categories, finalDisplayedUrl } = result.lhr;
      if (new URL(finalDisplayedUrl).pathname !== path)
        throw new Error(`Lighthouse on ${path} ended on ${finalDisplayedUrl}: the session was not taken up`);
      const score: PageScore = {
        page,
        path,
        score: Math.round((categories.performance?.score ?? 0) * 100),
        lcpMs: metric(audits, 'largest-contentful-paint'),
        tbtMs: metric(audits, 'total-blocking-time'),
        fcpMs: metric(audits, 'first-contentful-paint'),
        cls: Number((audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
      };
      onPage(score);
      scores.push(score);
    }
  } finally {
    await profile.close();
  }
  return scores;
}
