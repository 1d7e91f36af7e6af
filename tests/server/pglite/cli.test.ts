// The admin CLI on a PGlite folder, as an operator runs it: --help, create-user (any role, password piped
// as from a terminal), its checks, and reset-password signing the user out everywhere.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { openDatabase } from '../../../src/server/db/client';
import { loadEnv } from '../../../src/server/env';

const dataDir = mkdtempSync(join(tmpdir(), 'lc-cli-'));

/** Runs `npm run cli -- <args>` on the folder, with `input` on stdin. */
function cli(args: string[], input = '') {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
    input,
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout.trim(), stderr: result.stderr.trim() };
}

/** Runs `use` against the server app on the folder (the CLI and the server never hold it at once). */
async function withApp<T>(use: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<T>): Promise<T> {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  const app = await buildApp({
    database,
    env: loadEnv({ LOG_LEVEL: 'silent', NODE_ENV: 'test' }),
    consoleDir: '/nonexistent',
    expirySweep: false,
  });
  try {
    return await use(app);
  } finally {
    await app.close();
    await database.close();
  }
}

const login = (app: Awaited<ReturnType<typeof buildApp>>, email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } });

describe('npm run cli', () => {
  it('lists every command with --help', () => {
    const help = cli(['--help']);
    expect(help.status).toBe(0);
    for (const command of ['create-user', 'reset-password', 'rotate-signing-key', 'seed-demo', 'seed-bulk'])
      expect(help.stdout).toContain(command);
    const unknown = cli(['make-coffee']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('Unknown command: make-coffee');
  });

  it('creates a user of any role, owner included, reading the password from stdin, with the API’s checks', async () => {
    const created = cli(
      ['create-user', '--email', 'Boss@Example.test', '--name', 'The Boss', '--role', 'owner'],
      'a-long-password\n',
    );
    expect(created).toMatchObject({ status: 0, stdout: 'Created owner Boss@Example.test' });
    expect(created.stderr).not.toContain('a-long-password');
    expect(
      cli(['create-user', '--email', 'not-an-email', '--name', 'X', '--role', 'viewer'], 'a-long-password\n'),
    ).toMatchObject({
      status: 2,
      stderr: expect.stringContaining('Please enter a valid email address'),
    });
    expect(
      cli(['create-user', '--email', 'x@example.test', '--name', 'X', '--role', 'boss'], 'a-long-password\n')
        .stderr,
    ).toContain('--role must be one of');
    expect(
      cli(['create-user', '--email', 'x@example.test', '--name', 'X', '--role', 'viewer'], 'short\n').status,
    ).toBe(2);
    expect(
      cli(
        ['create-user', '--email', 'boss@example.test', '--name', 'Again', '--role', 'admin'],
        'a-long-password\n',
      ).stderr,
    ).toContain('already exists');
    await withApp(async (app) => {
      const response = await login(app, 'boss@example.test', 'a-long-password');
      expect(response.statusCode).toBe(200);
      expect(response.json().data.user.role.name).toBe('owner');
    });
  }, 60_000);

  it('resets a password and signs the user out everywhere', async () => {
    cli([
      'create-user',
      '--email',
      'ann@example.test',
      '--name',
      'Ann',
      '--role',
      'editor',
      '--password',
      'first-password',
    ]);
    const refreshToken = await withApp(
      async (app) =>
        (await login(app, 'ann@example.test', 'first-password')).json().data.refreshToken as string,
    );
    expect(cli(['reset-password', '--email', 'ann@example.test'], 'second-password\n')).toMatchObject({
      status: 0,
      stdout: expect.stringContaining('reset'),
    });
    expect(cli(['reset-password', '--email', 'nobody@example.test'], 'second-password\n').stderr).toContain(
      'No user with email nobody@example.test',
    );
    await withApp(async (app) => {
      expect(
        (await app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken } }))
          .statusCode,
      ).toBe(401);
      expect((await login(app, 'ann@example.test', 'first-password')).statusCode).toBe(401);
      expect((await login(app, 'ann@example.test', 'second-password')).statusCode).toBe(200);
    });
  }, 60_000);
});
