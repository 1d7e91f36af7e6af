import type { Rule } from 'eslint';

/** The repository file a relative specifier names, or null (a package, an asset, a file outside the repository). */
export function resolveImport(fromFile: string, specifier: string): string | null;
/** The imports of a source text as repository files: all of them, and the value imports alone. */
export function importsOf(file: string, text: string): { all: string[]; values: string[] };
/** A path of imports from `start` back to `goal` (both included), or null. */
export function pathBack(
  start: string,
  goal: string,
  importsFor?: (file: string) => string[],
): string[] | null;

declare const plugin: { rules: { 'no-import-cycles': Rule.RuleModule } };
export default plugin;
