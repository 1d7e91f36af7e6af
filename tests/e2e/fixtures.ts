import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { SIGN_IN_TEXTS } from '../../src/contract';
import { lastServerLogLines } from './server-log';
import { startServerOnCopy, type E2eServer } from './server';

/** The seeding API client's user agent (see the `request` fixture). */
export const E2E_API_USER_AGENT = 'license-console-e2e/1.0';

/** Extra server environment for the tests of a file or describe block (`test.use({ serverEnv })`). */
type ServerEnv = Record<string, string>;

/**
 * Servers for the tests of one worker. Starting one takes a few seconds, so while a test runs the
 * next default server is already starting on its own fresh copy of the data.
 */
class ServerPool {
  private spare: Promise<E2eServer> | null = null;

  constructor(private readonly templateRoot: string) {}

  async take(env: ServerEnv): Promise<E2eServer> {
    if (Object.keys(env).length > 0) return startServerOnCopy(this.templateRoot, env);
    const server = this.spare ?? startServerOnCopy(this.templateRoot);
    this.spare = startServerOnCopy(this.templateRoot);
    // A spare that fails to start is reported by the test that takes it.
    this.spare.catch(() => undefined);
    return server;
  }

  async close(): Promise<void> {
    const spare = this.spare;
    this.spare = null;
    if (spare) await spare.then((server) => server.stop()).catch(() => undefined);
  }
}

interface E2eFixtures {
  serverEnv: ServerEnv;
  server: E2eServer;
  /** The page's clock: fixed at the real time the test started (the server runs on real time). */
  now: number;
}

/**
 * Every test: its own server on a fresh copy of the migrated database as base URL, a fixed clock in
 * the page, and on failure the page's accessibility snapshot and the server's last 50 log lines.
 */
export const test = base.extend<E2eFixtures, { serverPool: ServerPool }>({
  serverPool: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads which fixtures a fixture needs from this pattern; this one needs none.
    async ({}, use) => {
      const templateRoot = process.env.E2E_TEMPLATE_DIR;
      if (!templateRoot)
        throw new Error(
          'E2E_TEMPLATE_DIR is not set: run through `npx playwright test` (global-setup prepares the data)',
        );
      const pool = new ServerPool(templateRoot);
      await use(pool);
      await pool.close();
    },
    { scope: 'worker' },
  ],
  serverEnv: [{}, { option: true }],
  server: async ({ serverPool, serverEnv }, use, testInfo) => {
    const server = await serverPool.take(serverEnv);
    await use(server);
    if (testInfo.status !== testInfo.expectedStatus) {
      console.log(
        `--- ${testInfo.title}: last 50 server log lines ---\n${lastServerLogLines(server.logFile)}\n---`,
      );
    }
    await server.stop();
  },
  baseURL: async ({ server }, use) => {
    await use(server.baseUrl);
  },
  // The API client that seeds data names itself the same on every machine: its default user agent carries the
  // Playwright, OS and Node versions, and the Account page lists that session, so a screenshot would depend on them.
  request: async ({ playwright, baseURL }, use) => {
    const request = await playwright.request.newContext({
      ...(baseURL ? { baseURL } : {}),
      userAgent: E2E_API_USER_AGENT,
    });
    await use(request);
    await request.dispose();
  },
  // eslint-disable-next-line no-empty-pattern -- no dependencies.
  now: async ({}, use) => {
    // Whole seconds, so day counts computed from it in the test and in the page agree exactly.
    await use(Math.floor(Date.now() / 1000) * 1000);
  },
  page: async ({ page, now }, use, testInfo) => {
    await page.clock.setFixedTime(now);
    await use(page);
    if (testInfo.status !== testInfo.expectedStatus) {
      const snapshot = await page
        .locator('body')
        .ariaSnapshot({ timeout: 2000 })
        .catch((error: unknown) => `(no snapshot: ${String(error)})`);
      console.log([`--- ${testInfo.title}: page ${page.url()} ---`, snapshot, '---'].join('\n'));
    }
  },
});

export { expect };

/** Signs in through the Sign-in screen. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await submitSignIn(page, email, password);
}

/** Fills and sends the sign-in form already on screen (after a deep link sent the visitor there). */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('textbox', { name: SIGN_IN_TEXTS.emailLabel }).fill(email);
  await page.getByLabel(SIGN_IN_TEXTS.passwordLabel, { exact: true }).fill(password);
  await page.getByRole('button', { name: SIGN_IN_TEXTS.submit }).click();
}

/** The page's level-1 heading with this name. */
export const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/**
 * Runs axe-core on the page (or an open dialog) and fails on any serious or critical violation,
 * listing each with the nodes it found.
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  where: string,
  include?: string,
): Promise<void> {
  // react-aria's off-screen live announcer keeps a role="img" node pointing (aria-labelledby) at what it
  // announced for a few seconds, after that element may be gone; it is not part of any screen's content.
  // Only violations are collected in full: listing every node that passed, and carrying it out of the page, was most
  // of each check's time.
  let builder = new AxeBuilder({ page })
    .exclude('[data-live-announcer]')
    .options({ resultTypes: ['violations'] });
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  const report = serious.map(
    (violation) =>
      `${violation.impact} ${violation.id}: ${violation.help}\n${violation.nodes.map((node) => `    ${node.target.join(' ')}: ${node.failureSummary ?? ''}`).join('\n')}`,
  );
  expect(report, `axe on ${where}`).toEqual([]);
}
