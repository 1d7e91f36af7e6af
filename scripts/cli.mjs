// `npm run cli -- <command>`: the administration command (src/server/cli.ts) from the server's build, made first
// when missing or stale outside production (scripts/server-build.mjs).
import { ensureServerBuilt, hasServerBuild, SERVER_CLI } from './server-build.mjs';

if (process.env.NODE_ENV !== 'production') await ensureServerBuilt();
else if (!hasServerBuild()) {
  console.error('The server is not built: run `npm run build` (with devDependencies installed) first.');
  process.exit(1);
}
process.setSourceMapsEnabled(true);
await import(SERVER_CLI);
