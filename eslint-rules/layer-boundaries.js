// The import boundaries of docs/architecture.md, judged on the file an import resolves to (not on the text of its
// path, which `../dashboard` or `../../app` would slip past):
// - src/contract imports nothing but zod and its own files;
// - src/ui imports no lib, feature, app or server code;
// - src/lib (API client, session, routing helpers shared by features) imports no feature, app or server code;
// - a feature imports no other feature, no app code and no server code;
// - src/app composes the features; only mocks and .storybook may import it, and none import server code;
// - src/server imports no browser code (ui, features, app) and no React.
import { dirname, relative, resolve, sep } from 'node:path';
import { aliasTarget } from './package-imports.js';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');

/** The layer a repository path belongs to: 'contract', 'ui', 'lib', 'app', 'server', 'mocks', 'features/<area>' or null. */
export function layerOf(absolutePath) {
  const parts = relative(root, absolutePath).split(sep);
  if (parts[0] === 'mocks') return 'mocks';
  if (parts[0] === '.storybook') return 'storybook';
  if (parts[0] !== 'src') return null;
  if (parts[1] === 'features')
    return parts[2] && !parts[2].includes('.') ? `features/${parts[2]}` : 'features';
  return ['contract', 'ui', 'lib', 'app', 'server'].includes(parts[1]) ? parts[1] : null;
}

const BROWSER_PACKAGES = /^(react|react-dom|react-aria-components|react-router|swr)(\/|$)/;

/** Why `from` may not import `target` (a layer, or a bare package name), or null when it may. */
export function boundaryProblem(from, target, isPackage) {
  if (isPackage) {
    if (from === 'contract' && !/^zod(\/|$)/.test(target)) return 'src/contract imports nothing but zod.';
    if (from === 'server' && BROWSER_PACKAGES.test(target)) return 'The server never imports browser code.';
    return null;
  }
  if (target === null || target === from) return null;
  if (from === 'contract') return 'src/contract imports nothing but zod (and its own files).';
  if (target === 'server') return 'Browser code never imports the server.';
  if (from === 'server' && ['ui', 'lib', 'app'].includes(target))
    return 'The server never imports browser code.';
  if (from === 'server' && target.startsWith('features')) return 'The server never imports browser code.';
  if (from === 'ui' && (target === 'lib' || target === 'app' || target.startsWith('features')))
    return 'src/ui imports no lib, feature or app code.';
  if (from === 'lib' && (target === 'app' || target.startsWith('features')))
    return 'src/lib imports no feature or app code.';
  if (from.startsWith('features/') && target.startsWith('features'))
    return 'A feature never imports another feature.';
  if ((from.startsWith('features') || from === 'ui' || from === 'lib') && target === 'app')
    return 'Only src/app composes the features: nothing below it imports it.';
  return null;
}

export default {
  rules: {
    'layer-boundaries': {
      meta: {
        type: 'problem',
        schema: [],
        docs: { description: 'Import boundaries between the layers of docs/architecture.md' },
      },
      create(context) {
        const from = layerOf(context.filename);
        if (from === null) return {};
        const check = (node) => {
          const source = node.source?.value;
          if (typeof source !== 'string') return;
          const aliased = aliasTarget(source);
          const isRelative = aliased !== null || source.startsWith('.') || source.startsWith('/');
          const target = isRelative ? layerOf(aliased ?? resolve(dirname(context.filename), source)) : source;
          const problem = boundaryProblem(from, target, !isRelative);
          if (problem) context.report({ node: node.source, message: `${problem} ('${source}')` });
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
