// The admin CLI on a PGlite folder, as an operator runs it: --help, create-user (any role, password piped
// as from a terminal), its checks, reset-password signing the user out everywhere, and the way back in for a
// locked-out owner (reset-mfa, allow-password-login).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { openDatabase } from '../../../src/server/db/client';
import { activities } from '../../../src/server/db/schema';
import { loadEnv } from '../../../src/server/env';
import { codeFor } from '../../support/mfa';
import { SERVER_CLI } from '../../../scripts/server-build.mjs';

const dataDir = mkdtempSync(join(tmpdir(), 'lc-cli-'));

/** Runs the CLI as `npm run cli -- <args>` does (its build), on the folder, with `input` on stdin. */
function cli(args: string[], input = '') {
  const result = spawnSync(process.execPath, [SERVER_CLI, ...args], {
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
    // DATA_DIR: the secrets key file of two-factor sign-in is made there, beside the database, not in the repository.
    env: loadEnv({ LOG_LEVEL: 'silent', NODE_ENV: 'test', DATA_DIR: dataDir }),
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

// Every test starts several CLI processes one after another (each loads the server and opens the folder): more time
// than the project's 30 s on a busy machine.
describe('npm run cli', { timeout: 60_000 }, () => {
  it('lists every command with --help', () => {
    const help = cli(['--help']);
    expect(help.status).toBe(0);
    for (const command of [
      'create-user',
      'reset-password',
      'rotate-signing-key',
      'seed-demo',
      'seed-bulk',
      'reset-mfa',
      'allow-password-login',
    ])
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

  it('lets a locked-out owner back in: reset-mfa and allow-password-login, both recorded', async () => {
    cli([
      'create-user',
      '--email',
      'olga@example.test',
      '--name',
      'Olga',
      '--role',
      'owner',
      '--password',
      'olga-password',
    ]);
    cli([
      'create-user',
      '--email',
      'ed@example.test',
      '--name',
      'Ed',
      '--role',
      'editor',
      '--password',
      'ed-password',
    ]);
    await withApp(async (app) => {
      const { accessToken } = (await login(app, 'olga@example.test', 'olga-password')).json().data;
      const as = (method: 'POST' | 'PUT', url: string, payload?: object) =>
        app.inject({
          method,
          url: `/api/v1${url}`,
          payload,
          headers: { authorization: `Bearer ${accessToken}` },
        });
      const { secret } = (await as('POST', '/auth/mfa/enrolment', { password: 'olga-password' })).json().data;
      expect(
        (await as('POST', '/auth/mfa/enrolment/confirm', { code: codeFor(secret, Date.now()) })).statusCode,
      ).toBe(200);
      expect((await as('PUT', '/settings/sign-in', { passwordLogin: false })).statusCode).toBe(200);
      expect((await login(app, 'olga@example.test', 'olga-password')).json().data).toHaveProperty(
        'mfaRequired',
        true,
      );
      expect((await login(app, 'ed@example.test', 'ed-password')).statusCode).toBe(403);
    });
    expect(statSync(join(dataDir, 'secrets.key')).mode & 0o777).toBe(0o600);

    expect(cli(['reset-mfa', '--email', 'olga@example.test'])).toMatchObject({
      status: 0,
      stdout: expect.stringContaining('reset'),
    });
    expect(cli(['reset-mfa', '--email', 'olga@example.test']).stdout).toContain('nothing changed');
    expect(cli(['reset-mfa', '--email', 'nobody@example.test']).status).toBe(2);
    expect(cli(['allow-password-login'])).toMatchObject({
      status: 0,
      stdout: expect.stringContaining('on for everyone'),
    });
    await withApp(async (app) => {
      expect((await login(app, 'olga@example.test', 'olga-password')).json().data).toHaveProperty(
        'accessToken',
      );
      expect((await login(app, 'ed@example.test', 'ed-password')).statusCode).toBe(200);
      const recorded = await app.ctx.db
        .select({ type: activities.type, actorName: activities.actorName })
        .from(activities)
        .where(inArray(activities.type, ['user.mfa_reset', 'settings.sign_in_changed']))
        .orderBy(activities.id);
      expect(recorded).toEqual([
        { type: 'settings.sign_in_changed', actorName: 'Olga' },
        { type: 'user.mfa_reset', actorName: 'CLI' },
        { type: 'settings.sign_in_changed', actorName: 'CLI' },
      ]);
    });
  }, 60_000);
});
