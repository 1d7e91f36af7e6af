// Lint: TypeScript rules plus the import boundaries of ARCHITECTURE.md, enforced per layer.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Forbid imports that cross a layer boundary; `groups` are glob patterns matched against import paths. */
const boundary = (files, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

const server = { group: ['**/server/**', '**/src/server', '**/server'], message: 'Browser code never imports the server.' };
const browser = {
  group: ['**/ui/**', '**/features/**', '**/app/**', '**/src/ui', '**/src/features', '**/src/app', 'react', 'react-dom', 'react-*'],
  message: 'The server never imports browser code.',
};

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'storybook-static', 'drizzle', 'data', 'bin', '.ci', 'test-results', 'playwright-report', 'public/mockServiceWorker.js', '.storybook/static'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/ui/**', 'src/features/**', 'src/app/**', 'mocks/**', '.storybook/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  boundary(['src/contract/**'], [
    { regex: '^(?!zod$|zod/|\\./)', message: 'src/contract imports nothing but zod (and its own files).' },
  ]),
  boundary(['src/ui/**'], [
    server,
    { group: ['**/features/**', '**/app/**', '**/src/features', '**/src/app'], message: 'src/ui imports no feature or app code.' },
  ]),
  // A feature may import its own folder, ui, contract and the app's API client and session, never a sibling feature.
  ...['auth', 'dashboard', 'users', 'clients', 'certificates'].map((area) =>
    boundary([`src/features/${area}/**`], [
      server,
      { group: ['**/features/*', `!**/features/${area}`, `!**/features/${area}/**`], message: 'A feature never imports another feature.' },
    ]),
  ),
  boundary(['src/app/**', 'mocks/**'], [server]),
  boundary(['src/server/**'], [browser]),
);
