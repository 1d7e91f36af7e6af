// Builds the real app on a fresh database copy for a test file, plus helpers to make users and sign in.
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp, loggerOptions, type App } from '../../src/server/app';
import { users } from '../../src/server/db/schema';
import { loadEnv, type Env } from '../../src/server/env';
import { hashPassword } from '../../src/server/services/auth/passwords';
import { ROLE_IDS, type RoleName } from '../../src/contract/roles';
import { secretsInLog } from './log-secrets';
import { openTestDatabase, type TestDatabase } from './test-database';

/** The secrets key of every test app unless a test gives another (32 bytes as hex). */
export const TEST_SECRETS_KEY = '7e'.repeat(32);

/** A clock tests can set and move. */
export class TestClock {
  constructor(private current = Date.parse('2026-06-15T12:00:00Z')) {}
  now = () => new Date(this.current);
  set(ms: number) {
    this.current = ms;
  }
  advance(ms: number) {
    this.current += ms;
  }
}

export interface TestContext {
  app: App;
  database: TestDatabase;
  env: Env;
  clock: TestClock | undefined;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  clock?: TestClock;
  consoleDir?: string;
  /** The webhook dispatcher's timer (`false`: stopped, the test drives `app.webhookDispatcher.runOnce()`). */
  webhookDispatcher?: { intervalMs?: number; timeoutMs?: number } | false;
  /** The mail jobs while SMTP_URL is set (`false`: stopped, the test drives the digest and the dispatcher). */
  mail?: { digestIntervalMs?: number; dispatchIntervalMs?: number } | false;
  /** The expiry sweep (`false`: off, for a test whose past-due rows must stay as it put them). */
  expirySweep?: false;
  /** The daily backup's tick while BACKUP_DIR is set (`false`: stopped, the test calls `runScheduled` itself). */
  backups?: false;
  /** Receives the app's log lines (JSON, one per line) at `info` and above, with the production redaction. */
  logLines?: string[];
}

/** pino's number for `info`. */
const INFO_LEVEL = 30;
const levelOf = (line: string) => Number(/"level":(\d+)/.exec(line)?.[1] ?? 0);

export async function createTestApp(options: TestAppOptions = {}): Promise<TestContext> {
  const database = await openTestDatabase();
  const env = loadEnv({
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    LOGIN_RATE_LIMIT: '1',
    VALIDATE_RATE_LIMIT: '1',
    // Two-factor secrets are encrypted with it; without it the server would make DATA_DIR/secrets.key, which is
    // ./data in the repository (the key file is tested on its own, in a temporary folder: routes/mfa.test.ts).
    SECRETS_KEY: TEST_SECRETS_KEY,
    ...options.env,
  });
  // Every test app logs at debug level, with the production logger options, into memory: on close the lines are
  // searched for secrets (tests/support/log-secrets.ts), so a secret logged anywhere in the server test run fails
  // the file that logged it. `logLines` receives the lines at info and above, as production writes them.
  const lines: string[] = [];
  const logStream = {
    write(line: string) {
      lines.push(line);
      if (options.logLines && levelOf(line) >= INFO_LEVEL) options.logLines.push(line);
    },
  };
  const app = await buildApp({
    database,
    env,
    ...(options.clock ? { now: options.clock.now } : {}),
    consoleDir: options.consoleDir ?? '/nonexistent',
    checkResponses: true,
    ...(options.webhookDispatcher === undefined ? {} : { webhookDispatcher: options.webhookDispatcher }),
    ...(options.mail === undefined ? {} : { mail: options.mail }),
    ...(options.expirySweep === undefined ? {} : { expirySweep: options.expirySweep }),
    ...(options.backups === undefined ? {} : { backups: options.backups }),
    logger: { ...loggerOptions('debug'), stream: logStream },
  });
  await app.ready();
  return {
    app,
    database,
    env,
    clock: options.clock,
    async close() {
      // Answers that contradicted the OpenAPI document (src/server/plugins/response-validation.ts) fail the file.
      const violations = [...(app.responseContractViolations ?? [])];
      await app.close();
      const secrets = await secretsInLog(lines, database.db).finally(() => database.close());
      if (secrets.length > 0)
        throw new Error(
          `The server logged a secret (${secrets.join(', ')}); search this file's log lines for it`,
        );
      if (violations.length > 0)
        throw new Error(`Answers contradicting the OpenAPI document:\n${violations.join('\n')}`);
    },
  };
}

export const TEST_PASSWORD = 'correct horse battery';

export interface TestUser {
  id: string;
  email: string;
  name: string;
  role: RoleName;
  password: string;
}

/** Inserts a user directly (no API call), with `TEST_PASSWORD` unless told otherwise. */
export async function createUser(
  ctx: Pick<TestContext, 'database'>,
  role: RoleName,
  overrides: Partial<Pick<TestUser, 'email' | 'name' | 'password'>> & { isActive?: boolean } = {},
): Promise<TestUser> {
  const id = randomUUID();
  const user: TestUser = {
    id,
    role,
    email: overrides.email ?? `${role}-${id.slice(0, 8)}@example.test`,
    name: overrides.name ?? `${role[0]!.toUpperCase()}${role.slice(1)} ${id.slice(0, 4)}`,
    password: overrides.password ?? TEST_PASSWORD,
  };
  await ctx.database.db.insert(users).values({
    id,
    name: user.name,
    email: user.email,
    passwordHash: await hashPassword(user.password),
    roleId: ROLE_IDS[role],
    isActive: overrides.isActive ?? true,
  });
  return user;
}

export interface SignedIn {
  accessToken: string;
  refreshToken: string;
  headers: { authorization: string };
}

/** Signs in through the API and returns the tokens and a ready authorization header. */
export async function signIn(
  ctx: Pick<TestContext, 'app'>,
  user: Pick<TestUser, 'email' | 'password'>,
): Promise<SignedIn> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: user.email, password: user.password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const { data } = response.json() as { data: { accessToken: string; refreshToken: string } };
  return { ...data, headers: { authorization: `Bearer ${data.accessToken}` } };
}

/** Creates a user of a role and signs them in. */
export async function userWithSession(ctx: TestContext, role: RoleName) {
  const user = await createUser(ctx, role);
  return { ...(await signIn(ctx, user)), user };
}

export const json = <T>(response: LightMyRequestResponse) => response.json() as T;
