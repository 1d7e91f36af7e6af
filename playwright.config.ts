import { defineConfig } from '@playwright/test';
import { BROWSER_CONTEXT, chromiumLaunchOptions } from './scripts/chromium.mjs';

/** Where the JSON report goes (the `npm test` orchestrator counts it). */
export const E2E_JSON_REPORT = 'test-results/e2e-report.json';

// End to end: the built console and the real server, each test on its own copy of a database migrated
// once (tests/e2e/global-setup.ts, fixtures.ts), two workers, Debian's Chromium at TZ=UTC and en-US.
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.e2e.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  // Two files at a time (each test has its own server and data, so files never meet): 276 s -> 234 s on two cores.
  // More would only queue for the same cores.
  workers: 2,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  expect: {
    timeout: 10_000,
    // Same machine, same Chromium, same fonts: screenshots compare strictly (dates are normalised and masked).
    toHaveScreenshot: { animations: 'disabled', caret: 'hide', scale: 'css', maxDiffPixels: 0 },
  },
  // Baselines live beside the tests, one name per route and width (no platform suffix: Debian's Chromium only).
  snapshotPathTemplate: 'tests/e2e/__screenshots__/{arg}{ext}',
  outputDir: 'test-results/e2e',
  reporter: [['line'], ['json', { outputFile: E2E_JSON_REPORT }]],
  use: {
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions(),
    ...BROWSER_CONTEXT,
    viewport: { width: 1440, height: 900 },
    trace: 'off',
    screenshot: 'off',
  },
});
