// The console's vitest projects, for the root vitest.config.ts:
// - console-unit:   session, API client, storage (node, fake clock)
// - storybook:      every story as a test in Chromium (play function + axe)
// - visual:         stories tagged 'visual' against the baselines in tests/visual/__screenshots__, and the
//                   stories tagged 'dark' again in the dark theme (play function, axe, and a dark baseline)
import { defineConfig } from 'vitest/config';

export const browserProjects = [
  './vitest.console.config.ts',
  './vitest.storybook.config.ts',
  './vitest.visual.config.ts',
];

export default defineConfig({ test: { projects: browserProjects } });
