import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';
import type { ToMatchScreenshotOptions } from 'vitest/node';
import { BROWSER_CONTEXT, chromiumLaunchOptions } from './scripts/chromium.mjs';

// Visual baselines: stories tagged 'visual' rendered in Chromium and compared pixel for pixel with
// the images in tests/visual/__screenshots__. Renew them on purpose with `npm run test:visual:update`.

/**
 * One folder of baselines (and one of failed comparisons, for scripts/visual-report.mjs) for every visual test file:
 * the stories are dealt out to several files (tests/visual/visual-stories.tsx), and which file renders a story must not
 * decide where its image lives.
 */
const BASELINE_FOLDER = 'tests/visual/__screenshots__/stories';
const ATTACHMENT_FOLDER = 'tests/visual/stories';
type ScreenshotPath = Parameters<NonNullable<ToMatchScreenshotOptions['resolveScreenshotPath']>>[0];
const imageName = ({ arg, ext, browserName, platform }: ScreenshotPath) =>
  `${arg}-${browserName}-${platform}${ext}`;
export default defineConfig({
  plugins: [react(), vanillaExtractPlugin()],
  // Serves the msw worker the stories' loaders start.
  publicDir: '.storybook/static',
  test: {
    name: 'visual',
    include: ['tests/visual/**/*.visual.test.tsx'],
    setupFiles: ['tests/visual/setup.ts'],
    globalSetup: ['tests/visual/global-setup.ts'],
    // As the storybook project's: room for a slow machine (a story's render, play, screenshot and axe reached 20 s in
    // a clean run on a machine 2.5 times slower than usual).
    testTimeout: 40_000,
    // Side by side with the storybook project (vitest.storybook.config.ts says why).
    maxWorkers: 2,
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({
        launchOptions: chromiumLaunchOptions(),
        // The runner's own page must be larger than the widest story viewport (1440 px): a smaller one scales the
        // story's frame down (1280 px came out 1152), which put every 1 px border across two device pixels, and
        // Chromium repainted a border whose colour changed (the bulk bar after a failure) on only one of them.
        contextOptions: { ...BROWSER_CONTEXT, viewport: { width: 1920, height: 1600 } },
      }),
      instances: [{ browser: 'chromium' }],
      viewport: { width: 1280, height: 800 },
      // Not the test runner's own failure screenshots: the diff images of toMatchScreenshot say more.
      screenshotFailures: false,
      expect: {
        toMatchScreenshot: {
          comparatorName: 'pixelmatch',
          // Every pixel counts, anti-aliased edges included, but a pixel may differ by a step or two of
          // one channel: Chromium's software rasteriser now and then blends one pixel a step off (seen
          // under a modal's overlay), and that must not fail CI. 0.02 is small enough that a barely
          // visible change (16 steps of blue in the primary colour) fails; the comparator tests prove both.
          // And a handful of isolated pixels may differ: on a busy machine Chromium now and then rasterises a dot or
          // an edge of an element that has just been re-rendered (a status badge after a bulk action) a few steps
          // off. Any real change covers far more pixels than that (the comparator tests prove a barely visible one
          // still fails).
          comparatorOptions: { threshold: 0.02, includeAA: true, allowedMismatchedPixels: 8 },
          // How long the page may take to hold still (two screenshots alike) before the comparison: a changed page
          // still fails at once. The default 5 s ran out for a file's first story on a machine 2.5 times slower
          // than usual (AccessDeniedPage, 2026-11-28), while fonts and styles were still arriving.
          timeout: 15_000,
          resolveScreenshotPath: (path) => resolve(path.root, BASELINE_FOLDER, imageName(path)),
          resolveDiffPath: (path) =>
            resolve(path.root, path.attachmentsDir, ATTACHMENT_FOLDER, imageName(path)),
        },
      },
    },
  },
});
