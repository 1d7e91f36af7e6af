import { defineConfig } from 'vitest/config';

// Unit tests of the console's logic that needs no browser (session, API client, storage), in node
// with fakes and a fake clock.
export default defineConfig({
  test: {
    name: 'console-unit',
    // The browser projects' group runs two at a time (vitest.storybook.config.ts).
    maxWorkers: 2,
    environment: 'node',
    include: [
      'src/app/**/*.test.ts',
      'src/lib/**/*.test.ts',
      'src/features/**/*.test.ts',
      'src/ui/**/*.test.ts',
      'tests/visual/**/*.test.ts',
    ],
    exclude: ['**/*.visual.test.tsx'],
    env: { TZ: 'UTC' },
  },
});
