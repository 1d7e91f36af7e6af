// One spelling of the core noun in code (ADR 0020): no path spells it "licenc…" outside the exemptions, and
// the lint rule that guards identifiers still catches each kind of name.
import { readdirSync } from 'node:fs';
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import { licenseSpelling } from './license-spelling.js';

/** Committed migrations never change, and Markdown under docs/ keeps the names links in the wild point at. */
const EXEMPT = [/^drizzle\//, /^docs\/.*\.md$/];
/** What is not the repository's own: installed packages, builds, test output, the local database. */
const NOT_OURS = new Set([
  'node_modules',
  '.git',
  'dist',
  'storybook-static',
  'test-results',
  'playwright-report',
  'data',
]);

/** Every path under the repository's root that is its own, folders included. */
function ownPaths(folder = ''): string[] {
  return readdirSync(folder || '.', { withFileTypes: true })
    .filter((entry) => folder !== '' || !NOT_OURS.has(entry.name))
    .flatMap((entry) => {
      const path = folder ? `${folder}/${entry.name}` : entry.name;
      return entry.isDirectory() ? [path, ...ownPaths(path)] : [path];
    });
}

describe('the spelling of the core noun', () => {
  it('is license in every file and folder name', () => {
    const offending = ownPaths().filter(
      (path) => /licenc/i.test(path) && !EXEMPT.some((rule) => rule.test(path)),
    );
    expect(offending).toEqual([]);
  });

  it('is enforced on identifiers by id-match', () => {
    const linter = new Linter({ configType: 'flat' });
    const config: Linter.Config[] = [{ rules: { 'id-match': licenseSpelling } }];
    const flagged = (code: string) =>
      linter.verify(code, config).filter((message) => message.ruleId === 'id-match').length;
    expect(flagged('const licenceFile = 1;')).toBe(1);
    expect(flagged('const texts = { validateLicence: "Validate licence" };')).toBe(1);
    expect(flagged('import { x as LICENCE_PATH } from "./y";')).toBe(1);
    expect(flagged('function parseLicense(licenseFile) { return licenseFile; }')).toBe(0);
    // The words people read are strings and may say "licence".
    expect(flagged('const text = "Licence file downloaded";')).toBe(0);
  });
});
