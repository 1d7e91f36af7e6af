// Server tests: the same files run on an in-memory PGlite (`server`) and on a real PostgreSQL (`server-pg`).
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const serverProject = (
  name: string,
  globalSetup: string,
  only: string[] = [],
): TestProjectInlineConfiguration => ({
  test: {
    name,
    environment: 'node',
    include: ['src/server/**/*.test.ts', ...only],
    globalSetup: [globalSetup],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite is single-threaded WASM and the machine has 2 cores: a couple of files at a time is the sweet spot.
    maxWorkers: 2,
    // Files share a worker's modules instead of importing the server afresh each (169 s -> 115 s for `server`
    // alone). Safe because no server test mocks a module or changes process.env: each builds its own app and
    // database, so nothing a file leaves in a module reaches the next.
    isolate: false,
    // Their own group (run after the default group of browser and unit projects): a different worker
    // count needs one, and it keeps PGlite and Chromium from fighting over the two cores.
    sequence: { groupOrder: 1 },
    env: { TZ: 'UTC' },
  },
});

export const serverProjects = [
  // tests/server/*.test.ts run on both databases: server tests that also read the console or the mocks, which
  // the layer rule keeps out of src/server (tests/server/lifecycle-table.test.ts).
  serverProject('server', './tests/support/global-setup-pglite.ts', [
    'tests/server/*.test.ts',
    'tests/server/pglite/**/*.test.ts',
  ]),
  // Behaviour only PostgreSQL has (several processes on one database) is tested here alone.
  serverProject('server-pg', './tests/support/global-setup-postgres.ts', [
    'tests/server/*.test.ts',
    'tests/server/postgres/**/*.test.ts',
  ]),
  {
    // The deployment recipe and files of docs/deployment.md: a production install, the systemd unit, nginx in front.
    test: {
      name: 'deploy',
      environment: 'node',
      include: ['tests/deploy/**/*.test.ts'],
      testTimeout: 60_000,
      hookTimeout: 240_000,
      maxWorkers: 1,
      // After the server projects (a group needs one worker count), one file at a time: each starts servers.
      sequence: { groupOrder: 2 },
      env: { TZ: 'UTC' },
    },
  },
  {
    // The static Storybook of `npm run build-storybook`, built and opened in Chromium from a static file server.
    test: {
      name: 'storybook-static',
      environment: 'node',
      include: ['tests/storybook/**/*.test.ts'],
      testTimeout: 60_000,
      hookTimeout: 300_000,
      maxWorkers: 1,
      sequence: { groupOrder: 2 },
      env: { TZ: 'UTC' },
    },
  },
  {
    test: {
      name: 'unit',
      environment: 'node',
      // In the browser projects' group, which runs two at a time (vitest.storybook.config.ts).
      maxWorkers: 2,
      include: [
        'src/contract/**/*.test.ts',
        'tests/contract/**/*.test.ts',
        'scripts/**/*.test.ts',
        'eslint-rules/**/*.test.ts',
      ],
      env: { TZ: 'UTC' },
    },
  },
] satisfies TestProjectInlineConfiguration[];

export default defineConfig({ test: { projects: serverProjects } });
