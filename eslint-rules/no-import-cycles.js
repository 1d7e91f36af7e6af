// No import cycle among the repository's own modules (docs/architecture.md "Layers"). A cycle makes module
// initialisation order matter (a value read before its module has run is undefined) and means two modules cannot
// be understood, tested or moved apart. ESLint looks at one file at a time, so this rule builds the import graph
// itself: each file on disk is read once (cached by modification time) and scanned with a regular expression for
// its import and export-from statements; relative and aliased specifiers (eslint-rules/package-imports.js) are resolved to .ts/.tsx files or index files
// exactly as the layer rule does. An import is reported when its target leads back to the importing file.
//
// Type-only statements (`import type`, `export type ... from`) count by default: TypeScript erases them, so they
// carry no initialisation-order hazard, but they still tie two modules together (a cycle found earlier,
// licensing/validation-service.ts -> services/certificates-service.ts -> licensing/license-service.ts, had a
// type-only edge). The option `{ typeImports: 'ignore' }` leaves them out where a folder still has such a cycle
// (eslint.config.js says which and why).
import { readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { aliasTarget } from './package-imports.js';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');

// `import x from '...'`, `import {a} from '...'`, `import '...'`, `export * from '...'`, `export {a} from '...'`,
// and `import('...')`; a leading `type` keyword marks a statement the graph ignores.
const STATEMENT =
  /(?:^|[;\n])\s*(import|export)\s+(type\s+)?(?:[\w*${}\s,]*?\s+from\s+)?['"]([^'"\n]+)['"]|\bimport\(\s*['"]([^'"\n]+)['"]\s*\)/g;
const COMMENT = /\/\*[\s\S]*?\*\/|(^|[^:'"`\\])\/\/.*$/gm;

const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The repository file a relative specifier names, or null (a package, an asset, a file outside the repository). */
export function resolveImport(fromFile, specifier) {
  const aliased = aliasTarget(specifier);
  if (!aliased && !specifier.startsWith('.')) return null;
  const base = aliased ?? resolve(dirname(fromFile), specifier.replace(/\.js$/, ''));
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    if (!/\.tsx?$/.test(candidate)) continue;
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return null;
}

/**
 * The imports of a source text as repository files: `all` of them, and `values` (type-only statements left out).
 */
export function importsOf(file, text) {
  const all = new Set();
  const values = new Set();
  const code = text.replace(COMMENT, '$1');
  for (const match of code.matchAll(STATEMENT)) {
    const specifier = match[3] ?? match[4];
    const target = specifier ? resolveImport(file, specifier) : null;
    if (!target) continue;
    all.add(target);
    if (!match[2]) values.add(target);
  }
  return { all: [...all], values: [...values] };
}

/** file -> { mtimeMs, imports }: each file is read again only when it changed on disk. */
const cache = new Map();

function importsOnDisk(file) {
  let mtimeMs;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    return { all: [], values: [] };
  }
  const known = cache.get(file);
  if (known && known.mtimeMs === mtimeMs) return known.imports;
  const imports = importsOf(file, readFileSync(file, 'utf8'));
  cache.set(file, { mtimeMs, imports });
  return imports;
}

/** A path of imports from `start` back to `goal` (both included), or null; the linted file's own text wins. */
export function pathBack(start, goal, importsFor = (file) => importsOnDisk(file).all) {
  const seen = new Set([start]);
  const previous = new Map();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const next of importsFor(file)) {
      if (next === goal) {
        const path = [file];
        for (let at = file; previous.has(at); at = previous.get(at)) path.unshift(previous.get(at));
        return [...path, goal];
      }
      if (seen.has(next)) continue;
      seen.add(next);
      previous.set(next, file);
      queue.push(next);
    }
  }
  return null;
}

export default {
  rules: {
    'no-import-cycles': {
      meta: {
        type: 'problem',
        schema: [
          {
            type: 'object',
            properties: { typeImports: { enum: ['count', 'ignore'] } },
            additionalProperties: false,
          },
        ],
        docs: { description: "No import cycle among the repository's own modules" },
      },
      create(context) {
        const file = context.filename;
        const kind = context.options[0]?.typeImports === 'ignore' ? 'values' : 'all';
        // The linted file's own text wins over its copy on disk (an editor lints unsaved text).
        const own = importsOf(file, context.sourceCode.text);
        const importsFor = (f) => (f === file ? own : importsOnDisk(f))[kind];
        const check = (node) => {
          if (kind === 'values' && (node.importKind === 'type' || node.exportKind === 'type')) return;
          const specifier = node.source?.value;
          if (typeof specifier !== 'string') return;
          const target = resolveImport(file, specifier);
          if (!target) return;
          const back = pathBack(target, file, importsFor);
          if (!back) return;
          const chain = [file, ...back].map((f) => relative(root, f)).join(' → ');
          context.report({ node: node.source, message: `Import cycle: ${chain}` });
        };
        return {
          ImportDeclaration: check,
          ExportNamedDeclaration: check,
          ExportAllDeclaration: check,
          ImportExpression: check,
        };
      },
    },
  },
};
