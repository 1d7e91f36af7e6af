// Finds the Chromium every browser test uses (Debian's package; Playwright's browser downloads are not used).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Where Chromium is looked for when CHROMIUM_PATH is not set. */
export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

/** The one line printed when there is no Chromium. */
export const MISSING_CHROMIUM_MESSAGE =
  'Chromium not found: install it with `apt-get install -y chromium` or set CHROMIUM_PATH to a Chromium executable.';

/**
 * Features Playwright turns off in every Chromium it starts (playwright-core 1.64's `chromiumSwitches`). Chromium reads
 * only the last `--disable-features` it is given and Playwright puts ours after its own, so ours must name them again;
 * scripts/chromium.test.ts fails when the installed Playwright turns off one that is missing here.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Headless Chromium 156 draws the address bar's suggestion popups in a renderer of their own ("WebUI Top Renderer"),
 * and loads them for every new window, so for every test's browser context. Measured with a trace over three sign-in
 * pages opened in fresh contexts of one browser: that renderer worked 1.7-1.8 s beside the pages' own 1.0-2.1 s each,
 * on the same two cores, and the three took 19.0-19.3 s; without the popups, the pages' renderers worked 0.6 s each
 * and the three took 14.7-14.9 s. A headless browser has no address bar: they are turned off, as Puppeteer does.
 */
const DISABLED_FEATURES = [...PLAYWRIGHT_DISABLED_FEATURES, 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/** Flags headless Chromium needs on these machines (no sandbox as root, no GPU, no background network), plus the ones that make rendering identical from run to run (colour profile, font hinting, no subpixel text). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--force-color-profile=srgb',
  '--font-render-hinting=none',
  '--disable-lcd-text',
  '--lang=en-US',
  `--disable-features=${DISABLED_FEATURES.join(',')}`,
];

/** Browser context settings every browser test shares. */
export const BROWSER_CONTEXT = { locale: 'en-US', timezoneId: 'UTC' };

/** The Chromium path (CHROMIUM_PATH, then /usr/bin/chromium) or null. */
export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, DEFAULT_CHROMIUM_PATH].filter(Boolean);
  return candidates.find((candidate) => existsSync(candidate)) ?? null;
}

/** The Chromium path; without one, prints how to install it and exits at once. */
export function requireChromium() {
  const path = findChromium();
  if (!path) {
    console.error(MISSING_CHROMIUM_MESSAGE);
    process.exit(1);
  }
  return path;
}

/** Playwright launch options for the found Chromium, with TZ=UTC in its environment. */
export function chromiumLaunchOptions() {
  return {
    executablePath: requireChromium(),
    args: CHROMIUM_ARGS,
    env: { ...process.env, TZ: 'UTC', LANG: 'en_US.UTF-8' },
  };
}

/** The version Chromium reports, e.g. '156.0.8078.79'. */
export function chromiumVersion(path = requireChromium()) {
  const output = execFileSync(path, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  const match = /(\d+\.\d+\.\d+\.\d+)/.exec(output);
  if (!match) throw new Error(`Cannot read the Chromium version from: ${output.trim()}`);
  return match[1];
}

// `node scripts/chromium.mjs` checks for Chromium and prints its path and version.
if (import.meta.url === `file://${process.argv[1]}`) {
  const path = requireChromium();
  console.log(`${path} ${chromiumVersion(path)}`);
}
