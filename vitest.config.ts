// Every vitest project of `npm test`: unit and server tests (vitest.server.config.ts), and the browser
// projects (stories, visual baselines, browser units) of vitest.browser.config.ts.
import { defineConfig } from 'vitest/config';
import { serverProjects } from './vitest.server.config.ts';

export default defineConfig({ test: { projects: [...serverProjects] } });
