// The real server as a child process (its build, dist-server/main.mjs), for tests that kill, restart or run
// several servers side by side.
import { spawn, type ChildProcess } from 'node:child_process';
import { ensureServerBuilt, SERVER_MAIN } from '../../scripts/server-build.mjs';
import { freePort } from './postgres-cluster';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code (or the signal's name) when the process ends. */
  exited: Promise<number | string>;
  output(): string;
}

export const OWNER = { email: 'owner@example.test', password: 'owner-password-1' };

/**
 * For a production server the suite starts on its own busy machine (Chromium, other servers and the tests beside
 * it): the event loop is late there because of the suite, not of the server's own load, and production's load
 * shedding would refuse the tests' requests for it. Shedding itself is tested in src/server/overload.test.ts and
 * measured by the bench.
 */
export const ON_THE_SUITES_MACHINE = { OVERLOAD_EVENT_LOOP_DELAY_MS: '0' } as const;

export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  await ensureServerBuilt();
  const port = await freePort();
  // The server's build, as `npm start` runs it.
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_MAIN], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      OWNER_EMAIL: OWNER.email,
      OWNER_PASSWORD: OWNER.password,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('License Console is running')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => reject(new Error(`server exited (${code}) before it was ready:\n${output}`)));
  });
  return { url: `http://127.0.0.1:${port}`, child, exited, output: () => output };
}

/** A small JSON client for a server process. */
export async function call<T = unknown>(
  base: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
) {
  const response = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : undefined) as T,
    headers: response.headers,
  };
}

/** Signs the bootstrap owner in; a refusal names the answer and, given `server`, the end of what it logged. */
export async function signInOwner(base: string, server?: Pick<ServerProcess, 'output'>): Promise<string> {
  const response = await call<{ data: { accessToken: string } }>(base, 'POST', '/auth/login', {
    body: OWNER,
  });
  if (response.status !== 200)
    throw new Error(
      `owner sign-in failed: ${response.status} ${JSON.stringify(response.body)}${
        server ? `\n--- server output ---\n${server.output().slice(-4000)}` : ''
      }`,
    );
  return response.body.data.accessToken;
}
