// `npm start`: builds the console when its build is missing or older than its sources, then runs the server
// (which serves `dist/` and the API on one port).
import { ensureConsoleBuilt } from './console-build.mjs';

ensureConsoleBuilt();

// Node 20 cannot run TypeScript itself: tsx compiles the server on the fly.
const { register } = await import('tsx/esm/api');
register();
await import('../src/server/main.ts');
