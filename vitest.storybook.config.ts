import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { BROWSER_CONTEXT, chromiumLaunchOptions } from './scripts/chromium.mjs';

/**
 * Stories as tests in headless Chromium: each renders, runs its play function, then axe (an
 * accessibility violation fails it, `a11y.test = 'error'` in .storybook/preview). `initialGlobals` and
 * `tags` choose the theme and the stories (the dark theme's run is the visual suite's, tests/visual).
 */
export function storybookProject({
  name,
  initialGlobals,
  tags,
}: {
  name: string;
  initialGlobals?: Record<string, unknown>;
  tags?: { include?: string[]; exclude?: string[] };
}) {
  return defineConfig({
    plugins: [
      react(),
      vanillaExtractPlugin(),
      storybookTest({ configDir: '.storybook', disableAddonDocs: true, initialGlobals, tags }),
    ],
    test: {
      name,
      browser: {
        enabled: true,
        headless: true,
        provider: playwright({ launchOptions: chromiumLaunchOptions(), contextOptions: BROWSER_CONTEXT }),
        instances: [{ browser: 'chromium' }],
        viewport: { width: 1280, height: 800 },
      },
      // A story takes 1-3 s; the bound is for one that hangs, with room for a machine half as fast as this one's
      // usual (a clean run on 2026-11-28 took 2.5 times as long, and two stories reached 15 s).
      testTimeout: 40_000,
      // Every story file in one page per worker, its modules loaded once: a fresh page per file spent about 2 s
      // loading the same modules again (setup 155 s of the project's 266 s). Each story still starts clean:
      // .storybook/preview.tsx gives it fresh handlers, stores, session and router, and forgets what an earlier story
      // left in the browser.
      isolate: false,
      // Two at a time (the default on two cores is one): a browser test mostly waits (renders, animations, msw),
      // so the stories and the one visual file run side by side; measured 430 s -> 320 s, with the CPU still half idle.
      // More than two made the visual baselines flake. Every project of this group shares the count.
      maxWorkers: 2,
    },
  });
}

// Every story in the light theme, except those tagged 'visual': the visual suite renders those once for their
// baseline and runs their play function and axe on that same render (tests/visual/visual-stories.tsx), so
// rendering them here too would only repeat the work.
export default storybookProject({ name: 'storybook', tags: { exclude: ['visual'] } });
