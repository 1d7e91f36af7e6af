#!/usr/bin/env node
// `npm run chromatic`: publishes the Storybook to Chromatic for review, for teams whose CI can reach it. The
// settings are in chromatic.config.json (TurboSnap: only stories whose files changed are snapshotted, with the
// token and font files that every story depends on named as externals); the project token comes from
// CHROMATIC_PROJECT_TOKEN and is never written down. The local visual suite (`npm test`) stays the gate that
// runs everywhere, with or without Chromatic.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

if (!process.env.CHROMATIC_PROJECT_TOKEN) {
  console.error(
    'chromatic: CHROMATIC_PROJECT_TOKEN is not set; set it to the project token from Chromatic (the project’s Manage page) to publish the Storybook.',
  );
  process.exit(1);
}

const result = spawnSync(
  join('node_modules', '.bin', 'chromatic'),
  ['--config-file', 'chromatic.config.json', ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);
