import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { BROWSER_CONTEXT, chromiumLaunchOptions } from './scripts/chromium.mjs';

// Every story is a test in headless Chromium: it renders, runs its play function, then axe
// (an accessibility violation fails it, `a11y.test = 'error'` in .storybook/preview).
export default defineConfig({
  plugins: [
    react(),
    vanillaExtractPlugin(),
    storybookTest({ configDir: '.storybook', disableAddonDocs: true }),
  ],
  test: {
    name: 'storybook',
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({ launchOptions: chromiumLaunchOptions(), contextOptions: BROWSER_CONTEXT }),
      instances: [{ browser: 'chromium' }],
      viewport: { width: 1280, height: 800 },
    },
    testTimeout: 15_000,
  },
});
