// Test support for the deployment recipe: a copy of the checkout installed the way production installs it,
// and the server started from it as the systemd unit starts it.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../support/postgres-cluster';

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The checkout's files (tracked, and new ones not ignored) copied into a fresh folder, as a clean clone
 * would have them: no node_modules, no dist, no data.
 */
export function copyCheckout(): string {
  const root = mkdtempSync(join(tmpdir(), 'lc-release-'));
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  })
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    // A file deleted in the work tree but still tracked is simply not there to copy.
    try {
      cpSync(join(REPO_ROOT, file), join(root, file));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return root;
}

/** `npm ci` as production runs it: devDependencies left out (from npm's cache when it has them). */
export function installForProduction(root: string): void {
  execFileSync(
    'npm',
    ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'],
    {
      cwd: root,
      stdio: 'pipe',
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
}

export interface StartedRelease {
  url: string;
  child: ChildProcess;
  exited: Promise<number | string>;
  output(): string;
  stop(): Promise<void>;
}

/** `node scripts/start.mjs` in `root`, as the unit in deploy/ runs it; resolves once it is listening (or exits). */
export async function startRelease(root: string, env: Record<string, string>): Promise<StartedRelease> {
  const port = await freePort();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TZ: 'UTC',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  await new Promise<void>((resolve) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('License Console is running')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then(() => resolve());
  });
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    exited,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
