// `npm start`: builds the console and the server when a build is missing or older than its sources, then runs the
// server (which serves `dist/` and the API on one port) from its build, dist-server/. With NODE_ENV=production it
// never builds: a production install has no devDependencies to build with, so the build is an explicit step before
// it (`npm run build`, docs/deployment.md) and a missing build stops the start with one line saying so.
import { ensureConsoleBuilt, hasBuild } from './console-build.mjs';
import { ensureServerBuilt, hasServerBuild, SERVER_MAIN } from './server-build.mjs';

if (process.env.NODE_ENV === 'production') {
  if (!hasBuild()) {
    console.error(
      'The console is not built: run `npm run build` (with devDependencies installed) before starting in production.',
    );
    process.exit(1);
  }
  if (!hasServerBuild()) {
    console.error(
      'The server is not built: run `npm run build` (with devDependencies installed) before starting in production.',
    );
    process.exit(1);
  }
} else {
  ensureConsoleBuilt();
  await ensureServerBuilt();
}

// Stack traces name the TypeScript sources, through the build's source maps.
process.setSourceMapsEnabled(true);
await import(SERVER_MAIN);
