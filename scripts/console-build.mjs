// Builds the console into dist/: `npm run build` always (`node scripts/console-build.mjs`), and `npm start`
// and `npm run size` when the build is missing or older than its sources. Building needs the
// devDependencies (Vite); a production install runs the built console and needs none of them.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = join(root, 'dist', 'index.html');

/** Files the console build is made from; the server's own sources do not affect it. */
const CONSOLE_SOURCES = ['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];
const EXCLUDED = [join(root, 'src', 'server')];

/** Newest modification time under `path` (a file or folder), skipping the server and test files. */
function newestModification(path) {
  if (!existsSync(path) || EXCLUDED.includes(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return /\.(test|stories)\.tsx?$/.test(path) ? 0 : stats.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestModification(join(path, entry)));
  return newest;
}

function isBuildStale() {
  if (!existsSync(builtIndex)) return 'no build yet';
  const builtAt = statSync(builtIndex).mtimeMs;
  const changed = CONSOLE_SOURCES.find((source) => newestModification(join(root, source)) > builtAt);
  return changed ? `${relative(root, join(root, changed))} changed since the last build` : null;
}

const viteBin = join(root, 'node_modules', 'vite', 'bin', 'vite.js');

/** Builds the console if it is missing or stale; exits the process when the build fails. */
export function ensureConsoleBuilt() {
  const reason = isBuildStale();
  if (!reason) return;
  buildConsole(reason);
}

/** Builds the console now; exits the process when the build fails or cannot run. */
export function buildConsole(reason = 'npm run build') {
  if (!existsSync(viteBin)) {
    console.error(
      `The console needs building (${reason}), but Vite is not installed: this looks like a production install ` +
        '(devDependencies left out). Build first, where devDependencies are installed: npm ci && npm run build (docs/deployment.md).',
    );
    process.exit(1);
  }
  console.log(`Building the console (${reason})...`);
  const build = spawnSync(process.execPath, [viteBin, 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    // The console is always built for production, whatever NODE_ENV the server runs with (a development
    // NODE_ENV would bundle React's development build, twice the size).
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) {
    console.error('The console build failed: see the errors above.');
    process.exit(build.status ?? 1);
  }
}

export const DIST_DIR = join(root, 'dist');

/** The console's built page, present once a build has run. */
export const hasBuild = () => existsSync(builtIndex);

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) buildConsole();
