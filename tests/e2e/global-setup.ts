import { rmSync } from 'node:fs';
import { ensureServerBuilt } from '../../scripts/server-build.mjs';
import { prepareTemplate } from './server';

/**
 * Migrates one data folder (building the console first when stale) and hands its path to the tests,
 * each of which starts its own server on a copy of it (fixtures.ts). Returns the teardown.
 */
export default async function globalSetup() {
  // Every test's server runs the server's build; E2E_SKIP_BUILD=1 serves the console already in dist/ as it is (for
  // iterating while a source does not build).
  await ensureServerBuilt();
  const templateRoot = await prepareTemplate({ buildConsole: !process.env.E2E_SKIP_BUILD });
  process.env.E2E_TEMPLATE_DIR = templateRoot;
  return () => {
    if (process.env.E2E_KEEP_DATA) console.log(`e2e template data kept in ${templateRoot}`);
    else rmSync(templateRoot, { recursive: true, force: true });
  };
}
