import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { E2E_ACCOUNTS, lastServerLogLines } from './server-log';

const STARTUP_TIMEOUT_MS = 120_000;

/** A port nobody listens on right now. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitUntilReady(baseUrl: string, exited: () => boolean, logFile: string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited()) throw new Error(`The server exited while starting. Last server log lines:\n${lastServerLogLines(logFile)}`);
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  throw new Error(`The server was not ready within ${STARTUP_TIMEOUT_MS / 1000} s. Last server log lines:\n${lastServerLogLines(logFile)}`);
}

async function postJson(url: string, body: unknown, token?: string) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${url} answered ${response.status}: ${await response.text()}`);
  return response.status === 204 ? null : ((await response.json()) as unknown);
}

/**
 * Starts `node scripts/start.mjs` (building the console when stale) on a fresh data folder and a
 * free port, creates the viewer the tests sign in as, and returns the teardown.
 */
export default async function globalSetup() {
  const dataDir = mkdtempSync(join(tmpdir(), 'license-console-e2e-'));
  const logFile = join(dataDir, 'server.log');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const log = createWriteStream(logFile);
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(dataDir, 'data'),
      DATABASE_URL: '',
      OWNER_EMAIL: E2E_ACCOUNTS.owner.email,
      OWNER_PASSWORD: E2E_ACCOUNTS.owner.password,
      LOGIN_RATE_LIMIT: '0',
      LOG_LEVEL: 'info',
      TZ: 'UTC',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.pipe(log);
  server.stderr.pipe(log);
  let hasExited = false;
  server.once('exit', () => {
    hasExited = true;
  });

  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_SERVER_LOG = logFile;

  try {
    await waitUntilReady(baseUrl, () => hasExited, logFile);
    const login = (await postJson(`${baseUrl}/api/v1/auth/login`, {
      email: E2E_ACCOUNTS.owner.email,
      password: E2E_ACCOUNTS.owner.password,
    })) as { data: { accessToken: string; refreshToken: string } };
    await postJson(`${baseUrl}/api/v1/users`, E2E_ACCOUNTS.viewer.create, login.data.accessToken);
    await postJson(`${baseUrl}/api/v1/auth/logout`, { refreshToken: login.data.refreshToken });
  } catch (error) {
    server.kill('SIGTERM');
    throw error;
  }

  return async () => {
    if (!hasExited) {
      server.kill('SIGTERM');
      const deadline = Date.now() + 15_000;
      while (!hasExited && Date.now() < deadline) await sleep(100);
      if (!hasExited) server.kill('SIGKILL');
    }
    log.end();
    if (process.env.E2E_KEEP_DATA) console.log(`e2e data and server log kept in ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  };
}
