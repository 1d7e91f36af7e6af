// Every character the console can show must be in the bundled font (Inter, the subsets
// @fontsource-variable/inter ships). A character outside them, such as '▾' or '✓' typed as text, is
// drawn from whatever fallback font the machine has, so it looks different from one machine to the next
// and breaks the visual baselines on CI: draw such symbols with the kit's Icon instead.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const SCANNED = ['src/ui', 'src/features', 'src/app', 'src/contract', 'mocks'];

type Range = readonly [number, number];

/** The code point ranges of every subset the bundled font ships. */
function bundledRanges(): Range[] {
  const subsets = JSON.parse(
    readFileSync(join(root, 'node_modules/@fontsource-variable/inter/unicode.json'), 'utf8'),
  ) as Record<string, string>;
  return Object.values(subsets)
    .join(',')
    .split(',')
    .map((range) => {
      const [first = '', last = first] = range.replace(/U\+/g, '').split('-');
      return [parseInt(first, 16), parseInt(last, 16)] as const;
    });
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(tsx?|css)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Characters outside the font in code (comments are not shown, so they are skipped). */
export function uncoveredCharacters(source: string, ranges: Range[]): { line: number; character: string }[] {
  const isCovered = (code: number) =>
    code < 128 || ranges.some(([first, last]) => code >= first && code <= last);
  return source.split('\n').flatMap((text, index) => {
    const trimmed = text.trim();
    if (trimmed.startsWith('//') || trimmed.startsWith('*') || trimmed.startsWith('/*')) return [];
    return [...text]
      .filter((character) => !isCovered(character.codePointAt(0) ?? 0))
      .map((character) => ({ line: index + 1, character }));
  });
}

describe('glyphs the console shows', () => {
  const ranges = bundledRanges();

  it('the scan finds a character the font lacks', () => {
    expect(uncoveredCharacters("const open = '▾';\nconst fine = 'Ærø – ok';", ranges)).toEqual([
      { line: 1, character: '▾' },
    ]);
  });

  it('are all in the bundled font', () => {
    const problems = SCANNED.flatMap((dir) => sourceFiles(join(root, dir))).flatMap((file) =>
      uncoveredCharacters(readFileSync(file, 'utf8'), ranges).map(
        ({ line, character }) =>
          `${relative(root, file)}:${line} '${character}' (U+${character.codePointAt(0)?.toString(16).toUpperCase()})`,
      ),
    );
    expect(problems, 'draw these with the Icon component instead').toEqual([]);
  });
});
