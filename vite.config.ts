import optimizeLocales from '@react-aria/optimize-locales-plugin';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { pagePreloadsPlugin } from './scripts/page-preloads.ts';
import { START_UP_PAGES } from './src/app/start-up-pages.ts';

const REACT_ARIA = String.raw`node_modules/(?:react-aria|react-aria-components|react-stately)/dist/private`;
/** react-aria's tables and grids, with the kit's DataTable over them: the list pages. */
const GRID_MODULES = new RegExp(
  String.raw`${REACT_ARIA}/(?:Table\.mjs|table/|grid/|intl/table/)|src/ui/DataTable/(?:DataTable|Grid)\.tsx`,
);
/**
 * Dates with their calendars and react-aria's date fields, with the kit's DatePicker over them: the certificate
 * forms. react-aria's date formatter goes with them; left in the shared chunk, it made that chunk import this one.
 */
const DATE_FIELD_MODULES = new RegExp(
  String.raw`node_modules/@internationalized/date|${REACT_ARIA}/(?:calendar/|datepicker/|i18n/useDateFormatter|Calendar|DateField|DatePicker|HiddenDateInput)|src/ui/DatePicker/`,
);

// The console build. The server serves `dist/` (with SPA fallback) and `/config.json`;
// `vite` alone proxies the API to a server on port 3000 for console work.
export default defineConfig({
  plugins: [
    react(),
    vanillaExtractPlugin(),
    // react-aria ships its own strings (a date field's segment names, a search field's 'Clear search') in every
    // language it supports, about 23 KB of every page's download. The console's texts are English
    // (docs/requirements.md), so react-aria's are too: the other languages are left out of the build.
    optimizeLocales.vite({ locales: ['en-US'] }),
    // Each start-up page's chunks, for the server to name in that address's HTML (scripts/page-preloads.ts).
    pagePreloadsPlugin(START_UP_PAGES),
    // Brotli and gzip twins of every text file, made once at build time at the highest levels (which would be
    // too slow per request); the server picks the one the browser accepts (src/server/plugins/console-files.ts).
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|css|html|svg|json|txt|webmanifest)$/,
      threshold: 512,
      logLevel: 'silent',
    }),
  ],
  // public/: the icons and the web app manifest, copied to dist/ as they are (scripts/icons.mjs draws the icons from
  // public/favicon.svg). The msw worker is not here: it lives in .storybook/static and never ships.
  publicDir: 'public',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Top-level await in the entry (config is read before the first render).
    target: 'es2022',
    // No source maps in the build: served, they would publish the console's original source.
    sourcemap: false,
    rollupOptions: {
      output: {
        // The console runs under a Content Security Policy without 'unsafe-eval'. Zod 4 probes for
        // `new Function` (to compile faster parsers) whenever it builds an object schema; the probe is caught,
        // but the browser still reports a policy violation for it. Jitless zod never probes, and it reads this
        // global when it loads. It must be set before the contract's schemas are built, which happens while
        // zod's own chunk loads, before any console code could call z.config(): so every chunk starts with it.
        // tests/e2e/security-headers.e2e.ts fails on any violation.
        banner: 'globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };',
        codeSplitting: {
          groups: [
            // Everything the first screen needs in one chunk beside the entry: left to itself the bundler cut it
            // into eleven files, some under a kilobyte, each a request a phone on a slow network waits on.
            { name: 'console', tags: ['$initial'] },
            // react-aria's grid and its date fields in chunks of their own (only the modules named, not what they
            // import), loaded by the screens that draw them. Before, the bundler put them in one chunk with every
            // shared part, and the dashboard (plain tables, no date field) downloaded 282 KB of JavaScript. Whether
            // the kit's index then pulls them in anyway depends on `sideEffects` in package.json: only styles
            // (`*.css.ts`), the font and the entry run code on import, so what a screen does not use is left out.
            // scripts/size.mjs fails if the dashboard loads either chunk again.
            { name: 'grid', test: GRID_MODULES, includeDependenciesRecursively: false },
            { name: 'date-fields', test: DATE_FIELD_MODULES, includeDependenciesRecursively: false },
            // The console's own modules that two or more screens share, with what they import, in one chunk: else
            // the bundler cut them into twenty files of under a kilobyte each (37 requests on the certificates page).
            // Not the sign-in page's: its card and its forms' chunk share the card's parts, which must not make the
            // card wait for this chunk (src/features/auth/SignInPage.tsx).
            { name: 'shared', test: /\/src\/(?!features\/auth\/)/, minShareCount: 2 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/config.json': 'http://127.0.0.1:3000',
    },
  },
});
