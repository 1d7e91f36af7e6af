// The real server for end-to-end tests: one migrated data folder prepared once (global setup), copied
// into a fresh folder for every test, with its own server process on a free port.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { get as httpsGet } from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { E2E_ACCOUNTS, lastServerLogLines } from './server-log';

const STARTUP_TIMEOUT_MS = 120_000;
/** The server's build (scripts/server-build.mjs), without the build steps of scripts/start.mjs. */
const SERVER_ONLY = ['--enable-source-maps', 'dist-server/main.mjs'];
const STOP_TIMEOUT_MS = 15_000;

/** A running server on its own copy of the data. */
export interface E2eServer {
  baseUrl: string;
  logFile: string;
  /** The temp folder holding the data folder and the log. */
  root: string;
  stop: () => Promise<void>;
}

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * A port for a test that must name an address before anything listens on it: single sign-on registers the server's
 * callback with the provider, and the mail test configures the server with its SMTP server's port. `freePort` (and
 * every `listen(0)`) takes ports from the kernel's ephemeral range (32768 and up on Linux), so a port below it can
 * never be handed to the other worker's server in the meantime; the worker's parallel index keeps the two workers
 * apart, and the process id keeps apart runs on the same machine. `slot` (0 to 4) names the ports of one file.
 */
export function portBelowEphemeralRange(slot: number): number {
  const parallelIndex = Number(process.env.TEST_PARALLEL_INDEX ?? 0) % 4;
  return 10_000 + (process.pid % 500) * 20 + parallelIndex * 5 + slot;
}

/** Whether the server answers its readiness check (over HTTPS too, where its certificate is a throwaway). */
function answersReady(url: string): Promise<boolean> {
  const get = url.startsWith('https:') ? httpsGet : httpGet;
  return new Promise((resolve) => {
    const request = get(url, { rejectUnauthorized: false }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.on('error', () => resolve(false)); // not listening yet
  });
}

async function waitUntilReady(baseUrl: string, exited: () => boolean, logFile: string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited())
      throw new Error(
        `The server exited while starting. Last server log lines:\n${lastServerLogLines(logFile)}`,
      );
    if (await answersReady(`${baseUrl}/readyz`)) return;
    await sleep(100);
  }
  throw new Error(
    `The server was not ready within ${STARTUP_TIMEOUT_MS / 1000} s. Last server log lines:\n${lastServerLogLines(logFile)}`,
  );
}

function serverEnvironment(port: number, dataDir: string, extra: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    OWNER_EMAIL: E2E_ACCOUNTS.owner.email,
    OWNER_PASSWORD: E2E_ACCOUNTS.owner.password,
    // Journeys sign in many times from one address; throttling has its own server tests.
    LOGIN_RATE_LIMIT: '0',
    VALIDATE_RATE_LIMIT: '0',
    LOG_LEVEL: 'info',
    NODE_ENV: 'development',
    TZ: 'UTC',
    ...extra,
  };
}

/**
 * Starts a server process. `command` is `scripts/start.mjs` for the first start (it builds the console
 * when stale); later starts run the server alone, so a source edited by someone mid-run never
 * triggers a rebuild between two tests.
 */
async function launch(args: string[], root: string, extraEnv: Record<string, string>): Promise<E2eServer> {
  const logFile = join(root, 'server.log');
  // A test that registers the server's address elsewhere first (single sign-on's redirect URI) fixes the port.
  const port = extraEnv.PORT ? Number(extraEnv.PORT) : await freePort();
  // With TLS files in the environment the server speaks HTTPS (tests/e2e/deploy.e2e.ts).
  const baseUrl = `${extraEnv.TLS_CERT_FILE ? 'https' : 'http'}://127.0.0.1:${port}`;
  const log = createWriteStream(logFile);
  const child: ChildProcess = spawn(process.execPath, args, {
    env: serverEnvironment(port, join(root, 'data'), extraEnv),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  let hasExited = false;
  child.once('exit', () => {
    hasExited = true;
  });
  const stop = async () => {
    if (!hasExited) {
      child.kill('SIGTERM');
      const deadline = Date.now() + STOP_TIMEOUT_MS;
      while (!hasExited && Date.now() < deadline) await sleep(50);
      if (!hasExited) child.kill('SIGKILL');
    }
    await new Promise<void>((resolve) => log.end(resolve));
  };
  try {
    await waitUntilReady(baseUrl, () => hasExited, logFile);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, logFile, root, stop };
}

async function postJson(url: string, body: unknown, token?: string): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${url} answered ${response.status}: ${await response.text()}`);
  return response.status === 204 ? null : ((await response.json()) as unknown);
}

/**
 * Builds the console if stale, migrates a fresh data folder, creates the bootstrap owner and the
 * viewer the foundation tests sign in as, stops the server and returns the folder to copy from.
 */
export async function prepareTemplate({ buildConsole = true } = {}): Promise<string> {
  const root = mkdtempSync(join(tmpdir(), 'license-console-e2e-template-'));
  const server = await launch(buildConsole ? ['scripts/start.mjs'] : SERVER_ONLY, root, {});
  try {
    const login = (await postJson(`${server.baseUrl}/api/v1/auth/login`, {
      email: E2E_ACCOUNTS.owner.email,
      password: E2E_ACCOUNTS.owner.password,
    })) as { data: { accessToken: string; refreshToken: string } };
    await postJson(`${server.baseUrl}/api/v1/users`, E2E_ACCOUNTS.viewer.create, login.data.accessToken);
    await postJson(`${server.baseUrl}/api/v1/auth/logout`, { refreshToken: login.data.refreshToken });
  } finally {
    // A clean stop releases the data folder's lock and flushes PGlite before the copies are made.
    await server.stop();
  }
  return root;
}

/** A server on a fresh copy of the template's data (removed again by `stop`). */
export async function startServerOnCopy(
  templateRoot: string,
  extraEnv: Record<string, string> = {},
): Promise<E2eServer> {
  const root = mkdtempSync(join(tmpdir(), 'license-console-e2e-'));
  cpSync(join(templateRoot, 'data'), join(root, 'data'), { recursive: true });
  const server = await launch(SERVER_ONLY, root, extraEnv);
  return {
    ...server,
    stop: async () => {
      await server.stop();
      if (process.env.E2E_KEEP_DATA) console.log(`e2e data and server log kept in ${root}`);
      else rmSync(root, { recursive: true, force: true });
    },
  };
}
