// Every vitest project of `npm test`: unit and server tests (vitest.server.config.ts), and the console's
// projects (units, every story in Chromium, visual baselines) of vitest.browser.config.ts.
import { defineConfig } from 'vitest/config';
import { browserProjects } from './vitest.browser.config.ts';
import { serverProjects } from './vitest.server.config.ts';

export default defineConfig({ test: { projects: [...serverProjects, ...browserProjects] } });
