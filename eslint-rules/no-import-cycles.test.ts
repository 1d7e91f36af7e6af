// The cycle rule on real files: a small module tree written to a temporary folder, since the rule reads the
// files an import leads to from disk.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import cycles, { importsOf, pathBack, resolveImport } from './no-import-cycles.js';

RuleTester.describe = describe;
RuleTester.it = it;

const dir = mkdtempSync(join(tmpdir(), 'import-cycles-'));
const at = (path: string) => join(dir, path);
const files: Record<string, string> = {
  // a -> b -> c -> a: a cycle of values through an index file.
  'a.ts': "import { b } from './b';\nexport const a = () => b;",
  'b.ts': "import { c } from './lib';\nexport const b = () => c;",
  'lib/index.ts': "export { c } from './c';",
  'lib/c.ts': "import { a } from '../a';\nexport const c = () => a;",
  // d <-> e through a type-only import.
  'd.ts': "import type { E } from './e';\nexport type D = { e?: E };\nexport const d = 1;",
  'e.ts': "import { d } from './d';\nexport type E = { d: typeof d };",
  // f imports the cycle without being part of it.
  'f.ts': "import { a } from './a';\nexport const f = a;",
  // g imports h, which imports nothing back (its comment and string are not imports).
  'g.ts': "import { h } from './h.js';\nexport const g = h;",
  'h.ts': "// import { g } from './g';\nexport const h = \"import { g } from './g'\";",
};
for (const [path, text] of Object.entries(files)) {
  mkdirSync(join(at(path), '..'), { recursive: true });
  writeFileSync(at(path), text);
}
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' },
});
const rule = cycles.rules['no-import-cycles'];
const file = (path: string) => ({ filename: at(path), code: files[path]! });

tester.run('no-import-cycles', rule, {
  valid: [
    file('f.ts'),
    file('g.ts'),
    file('h.ts'),
    // Type-only imports are left out where the option says so.
    { ...file('d.ts'), options: [{ typeImports: 'ignore' }] },
    { ...file('e.ts'), options: [{ typeImports: 'ignore' }] },
    // The linted text wins over the file on disk: without its import, a no longer closes the cycle.
    { filename: at('a.ts'), code: 'export const a = () => 1;' },
  ],
  invalid: [
    {
      ...file('a.ts'),
      errors: [{ message: /^Import cycle: .*a\.ts → .*b\.ts → .*lib\/index\.ts → .*lib\/c\.ts → .*a\.ts$/ }],
    },
    { ...file('b.ts'), errors: 1 },
    { ...file('lib/c.ts'), errors: 1 },
    { ...file('lib/index.ts'), errors: 1 },
    // Type-only imports count by default.
    { ...file('d.ts'), errors: 1 },
    { ...file('e.ts'), errors: 1 },
    // A new import in the linted text closes a cycle the files on disk do not have.
    { filename: at('h.ts'), code: "import { g } from './g';\nexport const h = g;", errors: 1 },
  ],
});

describe('the import scan', () => {
  it('finds value and type imports, export-from and dynamic imports, and skips packages and comments', () => {
    const text = [
      "import { x } from 'zod';",
      "import type { E } from './e';",
      "export * from './lib';",
      "/* import { f } from './f'; */",
      "const later = () => import('./g');",
    ].join('\n');
    expect(importsOf(at('d.ts'), text)).toEqual({
      all: [at('e.ts'), at('lib/index.ts'), at('g.ts')],
      values: [at('lib/index.ts'), at('g.ts')],
    });
  });

  it('resolves the repository aliases of package.json "imports" to the files they name', () => {
    expect(resolveImport(at('d.ts'), '#storybook/story-helpers.tsx')).toBe(
      join(import.meta.dirname, '..', '.storybook', 'story-helpers.tsx'),
    );
    expect(resolveImport(at('d.ts'), '#mocks/handlers/index.ts')).toBe(
      join(import.meta.dirname, '..', 'mocks', 'handlers', 'index.ts'),
    );
    expect(resolveImport(at('d.ts'), '#nowhere/x.ts')).toBeNull();
  });

  it('returns the path that leads back', () => {
    expect(pathBack(at('b.ts'), at('a.ts'))).toEqual([
      at('b.ts'),
      at('lib/index.ts'),
      at('lib/c.ts'),
      at('a.ts'),
    ]);
    expect(pathBack(at('h.ts'), at('g.ts'))).toBeNull();
  });
});
