// `npm run chromatic` without a project token says what is missing in one line and fails, before it builds
// anything or reaches the network.
import { spawnSync } from 'node:child_process';
import { expect, it } from 'vitest';

it('refuses to run without CHROMATIC_PROJECT_TOKEN, naming it', () => {
  const env = { ...process.env };
  delete env.CHROMATIC_PROJECT_TOKEN;
  const result = spawnSync(process.execPath, ['scripts/chromatic.mjs'], { env, encoding: 'utf8' });
  expect(result.status).toBe(1);
  expect(result.stdout).toBe('');
  const lines = result.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^chromatic: CHROMATIC_PROJECT_TOKEN is not set/);
});
