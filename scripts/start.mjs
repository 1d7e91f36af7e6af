// `npm start`: builds the console when its build is missing or older than its sources, then runs the server
// (which serves `dist/` and the API on one port). With NODE_ENV=production it never builds: a production
// install has no devDependencies to build with, so the build is an explicit step before it
// (`npm run build`, docs/deployment.md) and a missing build stops the start with one line saying so.
import { ensureConsoleBuilt, hasBuild } from './console-build.mjs';

if (process.env.NODE_ENV === 'production') {
  if (!hasBuild()) {
    console.error(
      'The console is not built: run `npm run build` (with devDependencies installed) before starting in production.',
    );
    process.exit(1);
  }
} else {
  ensureConsoleBuilt();
}

// Node 20 cannot run TypeScript itself: tsx compiles the server on the fly.
const { register } = await import('tsx/esm/api');
register();
await import('../src/server/main.ts');
