// The Chromium version the visual baselines were made with, recorded beside them: screenshots from
// another version differ in small ways, so a different browser must fail with the way forward.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const RECORDED_VERSION_FILE = fileURLToPath(
  new URL('./__screenshots__/chromium-version.txt', import.meta.url),
);

/** Null when the baselines match this Chromium, else the message saying what to run. */
export function chromiumVersionProblem(recorded: string | null, actual: string): string | null {
  if (recorded === null) {
    return `No Chromium version is recorded beside the visual baselines (tests/visual/__screenshots__/chromium-version.txt): run \`npm run test:visual:update\`, review the images and commit them.`;
  }
  if (recorded !== actual) {
    return `The visual baselines were made with Chromium ${recorded} but this machine has Chromium ${actual}: run \`npm run test:visual:update\` to renew them, review the changed images and commit them.`;
  }
  return null;
}

export function readRecordedVersion(): string | null {
  return existsSync(RECORDED_VERSION_FILE)
    ? readFileSync(RECORDED_VERSION_FILE, 'utf8').trim() || null
    : null;
}

export function recordVersion(version: string): void {
  writeFileSync(RECORDED_VERSION_FILE, `${version}\n`);
}
