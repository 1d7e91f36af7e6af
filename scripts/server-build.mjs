// Builds the server into dist-server/ (`main.mjs`, `cli.mjs` and the chunks they share): `npm run build` always,
// and `npm start`, `npm run cli` and the tests that start server processes when the build is missing or older than
// its sources. The server's own modules are bundled by esbuild, its packages stay in node_modules.
//
// Why a build: Node 20 runs TypeScript only through a loader (tsx), whose hooks resolve and compile each of the
// server's modules again at every start, on a thread of their own. That was about two seconds of CPU of each start
// (docs/performance.md); the build does it once. The console is served from dist/, the server from dist-server/, so
// no file of the server is ever served to a browser.
import { existsSync, readFileSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
export const SERVER_DIST = join(root, 'dist-server');
export const SERVER_MAIN = join(SERVER_DIST, 'main.mjs');
export const SERVER_CLI = join(SERVER_DIST, 'cli.mjs');

/** What the server is built from: its sources, the contract it shares with the console, and the installed packages. */
const SERVER_SOURCES = [
  'src/server',
  'src/contract',
  'packages/license-client/src',
  'package-lock.json',
  'scripts/server-build.mjs',
];

/** Newest modification time under `path`, skipping test files (they are not part of the build). */
function newestModification(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return /\.test\.tsx?$/.test(path) ? 0 : stats.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestModification(join(path, entry)));
  return newest;
}

/** Why the build must be made again, or null when it is up to date. */
export function serverBuildStale() {
  if (!existsSync(SERVER_MAIN) || !existsSync(SERVER_CLI)) return 'no build yet';
  const builtAt = Math.min(statSync(SERVER_MAIN).mtimeMs, statSync(SERVER_CLI).mtimeMs);
  const changed = SERVER_SOURCES.find((source) => newestModification(join(root, source)) > builtAt);
  return changed ? `${relative(root, join(root, changed))} changed since the last build` : null;
}

export const hasServerBuild = () => existsSync(SERVER_MAIN) && existsSync(SERVER_CLI);

/** Builds the server now; throws when the build fails (esbuild prints why). */
export async function buildServer() {
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    throw new Error(
      'The server needs building, but esbuild is not installed: this looks like a production install ' +
        '(devDependencies left out). Build first, where devDependencies are installed: npm ci && npm run build (docs/deployment.md).',
    );
  }
  // Built beside, then moved into place: a process starting meanwhile finds the old build or the new one, never half.
  const next = `${SERVER_DIST}.${process.pid}`;
  rmSync(next, { recursive: true, force: true });
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: { main: 'src/server/main.ts', cli: 'src/server/cli.ts' },
    outdir: next,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    // Packages load from node_modules as they would from the sources: only the repository's own modules are bundled,
    // the workspace packages (packages/*) included, from their TypeScript sources (the `license-console-source` condition of
    // their exports), so a production install needs no build of theirs.
    packages: 'external',
    plugins: [bundleWorkspacePackages],
    // Error stacks name the TypeScript sources (scripts/start.mjs turns source maps on).
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  rmSync(SERVER_DIST, { recursive: true, force: true });
  renameSync(next, SERVER_DIST);
}

/**
 * The repository's own packages (packages/*): bundled from their TypeScript sources (the `license-console-source` condition of
 * their `exports`) like the server's modules, not left external as `packages: 'external'` would leave them.
 */
const WORKSPACE_PACKAGES = ['license-client'];
const workspaceSources = new Map(
  WORKSPACE_PACKAGES.map((folder) => {
    const dir = join(root, 'packages', folder);
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    return [manifest.name, join(dir, manifest.exports['.']['license-console-source'])];
  }),
);
const bundleWorkspacePackages = {
  name: 'bundle-workspace-packages',
  setup(build) {
    build.onResolve({ filter: /^@license-console\// }, (args) => {
      const path = workspaceSources.get(args.path);
      return path ? { path } : undefined;
    });
  },
};

let building;

/** Builds the server when it is missing or stale (once, however many callers in this process ask at once). */
export function ensureServerBuilt() {
  building ??= (async () => {
    const reason = serverBuildStale();
    if (!reason) return;
    console.log(`Building the server (${reason})...`);
    await buildServer();
  })();
  return building;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await buildServer();
