// Lint: TypeScript rules plus the import boundaries of docs/architecture.md, enforced per layer.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import layers from './eslint-rules/layer-boundaries.js';
import cycles from './eslint-rules/no-import-cycles.js';
import { licenseSpelling } from './eslint-rules/license-spelling.js';

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'packages/*/dist',
      'dist-server',
      'storybook-static',
      'drizzle',
      'data',
      'bin',
      '.ci',
      'test-results',
      'playwright-report',
      'public/mockServiceWorker.js',
      '.storybook/static',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      // Type-aware rules read the TypeScript program (tsconfig.json).
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // A promise nobody awaits loses its error; an async callback where a void one is expected does too.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // One spelling of the core noun in identifiers (ADR 0020).
      'id-match': licenseSpelling,
    },
  },
  {
    files: ['src/ui/**', 'src/features/**', 'src/app/**', 'mocks/**', '.storybook/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // The import boundaries of docs/architecture.md, on the file each import resolves to (eslint-rules/layer-boundaries.js).
  {
    files: ['src/**', 'mocks/**', '.storybook/**'],
    plugins: { layers },
    rules: { 'layers/layer-boundaries': 'error' },
  },
  // No import cycle among the repository's own modules, type-only imports included (eslint-rules/no-import-cycles.js).
  {
    files: ['src/**', 'mocks/**', 'tests/**'],
    plugins: { cycles },
    rules: { 'cycles/no-import-cycles': 'error' },
  },
  // A module a newcomer can read through: at most 400 lines as formatted. Stories and tests are lists of
  // cases and may run longer; a source module that grows past this splits by what its parts do.
  {
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    ignores: ['**/*.stories.tsx', '**/*.test.ts', '**/*.test.tsx'],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  // A story checks that something shows through visible() (.storybook/story-helpers.tsx), which waits: a single
  // toBeVisible() on a node found a moment earlier failed now and then under load (tests/README.md).
  {
    files: ['**/*.stories.tsx', '.storybook/areas/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name='toBeVisible']:not([callee.object.property.name='not'])",
          message:
            'Check that an element shows with `await visible(() => …getBy…)` from .storybook/story-helpers.',
        },
      ],
    },
  },
  // Plain JavaScript (scripts, configs, the lint rules) is outside the TypeScript program: no type-aware rules.
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
);
