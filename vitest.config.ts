// Every vitest project of `npm test`, in one file. scripts/test.mjs runs them in stages (docs/testing.md):
// - node:    unit (contract, scripts, lint rules), console-unit (the console's logic without a browser), and the
//            server tests on PGlite (`server`) and on PostgreSQL (`server-pg`), with V8 line coverage of src/server
//            and src/contract;
// - browser: every story in Chromium (`storybook`: play function and axe) and the visual baselines (`visual`);
// - deploy:  the deployment recipe, and the static Storybook opened from a plain file server.
// Each project runs in UTC, as production does.
import { resolve } from 'node:path';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defaultServerConditions } from 'vite';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import type { ToMatchScreenshotOptions } from 'vitest/node';
import { BROWSER_CONTEXT, chromiumLaunchOptions } from './scripts/chromium.mjs';

const UTC = { TZ: 'UTC' };
/** The workspace packages' tests that need the server's test database (the `server` project runs them). */
const PACKAGE_SERVER_TESTS = 'packages/*/test/**/server.test.ts';

/** Workspace packages (packages/*) resolve to their TypeScript sources: the `license-console-source` condition of their exports. */
const SOURCE_CONDITIONS = { conditions: ['license-console-source', ...defaultServerConditions] };

/** A project of node tests. */
const nodeProject = (
  name: string,
  include: string[],
  test: TestProjectInlineConfiguration['test'] = {},
): TestProjectInlineConfiguration => ({
  resolve: SOURCE_CONDITIONS,
  ssr: { resolve: SOURCE_CONDITIONS },
  test: { name, environment: 'node', include, env: UTC, ...test },
});

/**
 * The server tests: the same files on an in-memory PGlite (`server`) and on a real PostgreSQL (`server-pg`), each file
 * on a fresh copy of a database migrated once by the global setup (tests/support/global-setup-*.ts).
 */
const serverProject = (name: string, globalSetup: string, only: string[]) =>
  nodeProject(name, ['src/server/**/*.test.ts', 'tests/server/*.test.ts', ...only], {
    globalSetup: [globalSetup],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite is single-threaded WASM and the machine has 2 cores: two files at a time is the sweet spot.
    maxWorkers: 2,
    // Files share a worker's modules instead of importing the server afresh each (169 s -> 115 s for `server`
    // alone). Safe because no server test mocks a module or changes process.env: each builds its own app and
    // database, so nothing a file leaves in a module reaches the next.
    isolate: false,
    // Their own group, after the browser projects and the unit tests: a different worker count needs one, and it keeps
    // PGlite and Chromium from fighting over the two cores when every project runs in one `vitest run`.
    sequence: { groupOrder: 1 },
  });

/** Chromium for the browser projects, started by Playwright from Debian's package (scripts/chromium.mjs). */
const chromium = (contextOptions: object = BROWSER_CONTEXT) =>
  playwright({ launchOptions: chromiumLaunchOptions(), contextOptions });

/**
 * Every story in the light theme as a test in Chromium: it renders, runs its play function, then axe (a violation
 * fails it, `a11y.test = 'error'` in .storybook/preview.tsx). Stories tagged 'visual' are left to the visual project,
 * which renders them once for their baseline and runs their play function and axe on that render.
 */
const storybook: TestProjectInlineConfiguration = {
  plugins: [
    react(),
    vanillaExtractPlugin(),
    storybookTest({ configDir: '.storybook', disableAddonDocs: true, tags: { exclude: ['visual'] } }),
  ],
  test: {
    name: 'storybook',
    browser: {
      enabled: true,
      headless: true,
      provider: chromium(),
      instances: [{ browser: 'chromium' }],
      viewport: { width: 1280, height: 800 },
    },
    // A story takes 1-3 s; the bound is for one that hangs, with room for a machine 2.5 times slower than usual.
    testTimeout: 40_000,
    // Every story file in one page per worker, its modules loaded once: a fresh page per file spent about 2 s loading
    // the same modules again. Each story still starts clean: .storybook/preview.tsx gives it fresh handlers, stores,
    // session and router, and forgets what an earlier story left in the browser.
    isolate: false,
    // Two at a time: a browser test mostly waits (renders, animations, msw), so the stories and the visual files run
    // side by side. More than two made the visual baselines flake. Every project of this stage shares the count.
    maxWorkers: 2,
    env: UTC,
  },
};

/**
 * The visual baselines: stories tagged 'visual' rendered in Chromium and compared pixel for pixel with the images in
 * tests/visual/__screenshots__/stories (renewed on purpose with `npm run test:visual:update`), and the stories tagged
 * 'dark' again in the dark theme. One folder of baselines (and one of failed comparisons, for
 * scripts/visual-report.mjs) for every visual test file: which file renders a story must not decide where its image
 * lives.
 */
const BASELINE_FOLDER = 'tests/visual/__screenshots__/stories';
const ATTACHMENT_FOLDER = 'tests/visual/stories';
type ScreenshotPath = Parameters<NonNullable<ToMatchScreenshotOptions['resolveScreenshotPath']>>[0];
const imageName = ({ arg, ext, browserName, platform }: ScreenshotPath) =>
  `${arg}-${browserName}-${platform}${ext}`;

const visual: TestProjectInlineConfiguration = {
  plugins: [react(), vanillaExtractPlugin()],
  // Serves the msw worker the stories' loaders start.
  publicDir: '.storybook/static',
  test: {
    name: 'visual',
    include: ['tests/visual/**/*.visual.test.tsx'],
    setupFiles: ['tests/visual/setup.ts'],
    globalSetup: ['tests/visual/global-setup.ts'],
    testTimeout: 40_000,
    maxWorkers: 2,
    env: UTC,
    browser: {
      enabled: true,
      headless: true,
      // The runner's own page must be larger than the widest story viewport (1440 px): a smaller one scales the
      // story's frame down (1280 px came out 1152), which put every 1 px border across two device pixels, and
      // Chromium repainted a border whose colour changed on only one of them.
      provider: chromium({ ...BROWSER_CONTEXT, viewport: { width: 1920, height: 1600 } }),
      instances: [{ browser: 'chromium' }],
      viewport: { width: 1280, height: 800 },
      // Not the test runner's own failure screenshots: the diff images of toMatchScreenshot say more.
      screenshotFailures: false,
      expect: {
        toMatchScreenshot: {
          comparatorName: 'pixelmatch',
          // Every pixel counts, anti-aliased edges included, but a pixel may differ by a step or two of one channel
          // (Chromium's software rasteriser now and then blends one a step off), and a handful of isolated pixels
          // may differ (an edge re-rasterised on a busy machine). A barely visible change (16 steps of blue in the
          // primary colour) still fails: tests/visual/comparator.visual.test.tsx proves both.
          comparatorOptions: { threshold: 0.02, includeAA: true, allowedMismatchedPixels: 8 },
          // How long the page may take to hold still (two screenshots alike) before the comparison; a changed page
          // still fails at once. 5 s ran out for a file's first story on a slow machine while fonts arrived.
          timeout: 15_000,
          resolveScreenshotPath: (path) => resolve(path.root, BASELINE_FOLDER, imageName(path)),
          resolveDiffPath: (path) =>
            resolve(path.root, path.attachmentsDir, ATTACHMENT_FOLDER, imageName(path)),
        },
      },
    },
  },
};

export default defineConfig({
  test: {
    projects: [
      nodeProject(
        'unit',
        [
          'src/contract/**/*.test.ts',
          'tests/contract/**/*.test.ts',
          'scripts/**/*.test.ts',
          'eslint-rules/**/*.test.ts',
          'packages/*/test/**/*.test.ts',
        ],
        { exclude: [PACKAGE_SERVER_TESTS], maxWorkers: 2 },
      ),
      nodeProject(
        'console-unit',
        [
          'src/app/**/*.test.ts',
          'src/lib/**/*.test.ts',
          'src/features/**/*.test.ts',
          'src/ui/**/*.test.ts',
          'tests/visual/**/*.test.ts',
        ],
        { exclude: ['**/*.visual.test.tsx'], maxWorkers: 2 },
      ),
      // The licence client's test against the real server (the rest of the package's tests are in `unit`).
      serverProject('server', './tests/support/global-setup-pglite.ts', [
        'tests/server/pglite/**/*.test.ts',
        PACKAGE_SERVER_TESTS,
      ]),
      // Behaviour only PostgreSQL has (several processes on one database) is tested here alone.
      serverProject('server-pg', './tests/support/global-setup-postgres.ts', [
        'tests/server/postgres/**/*.test.ts',
      ]),
      storybook,
      visual,
      // The deployment recipe of docs/deployment.md: a production install, the systemd unit, nginx in front.
      nodeProject('deploy', ['tests/deploy/**/*.test.ts'], {
        testTimeout: 60_000,
        hookTimeout: 240_000,
        // One file at a time (each starts servers), after the server projects.
        maxWorkers: 1,
        sequence: { groupOrder: 2 },
      }),
      // The static Storybook of `npm run build-storybook`, built and opened in Chromium from a static file server.
      nodeProject('storybook-static', ['tests/storybook/**/*.test.ts'], {
        testTimeout: 60_000,
        hookTimeout: 300_000,
        maxWorkers: 1,
        sequence: { groupOrder: 2 },
      }),
    ],
    // `--coverage` on the node stage: which lines of the server, the contract and the workspace packages the tests
    // ran (V8's own counts).
    coverage: {
      provider: 'v8',
      include: ['src/server/**/*.ts', 'src/contract/**/*.ts', 'packages/*/src/**/*.ts'],
      exclude: ['**/*.test.ts'],
      reporter: ['text-summary', 'json-summary'],
      reportsDirectory: 'test-results/coverage',
    },
  },
});
