// Database errors are logged without the statement's parameters: a failed POST /users must not log the new
// user's argon2 hash (which drizzle's error carries in `params` and in its message, PGlite in `params`, pg in `detail`).
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_IDS } from '../contract';
import { loggableError, serializeRequest } from './log-redaction';
import {
  createTestApp,
  TEST_PASSWORD,
  userWithSession,
  type TestContext,
} from '../../tests/support/test-app';

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaA';

describe('loggableError', () => {
  it('keeps what failed and drops every parameter of a drizzle, PGlite or pg error and its causes', () => {
    const pgError = Object.assign(
      new Error('duplicate key value violates unique constraint "users_email_live_key"'),
      {
        code: '23505',
        severity: 'ERROR',
        constraint: 'users_email_live_key',
        table: 'users',
        detail: `Key (password_hash)=(${HASH}) already exists.`,
        where: `SQL statement with ${HASH}`,
        internalQuery: `select '${HASH}'`,
        // PGlite's own additions
        query: 'insert into "users" ("id", "password_hash") values ($1, $2)',
        params: ['id', HASH],
        queryOptions: { parameters: [HASH] },
      },
    );
    const error = new DrizzleQueryError(
      'insert into "users" ("id", "password_hash") values ($1, $2)',
      ['id', HASH],
      pgError,
    );
    expect(JSON.stringify({ ...error, message: error.message, stack: error.stack })).toContain(HASH);

    const safe = loggableError(error);
    const text = JSON.stringify(safe);
    expect(text).not.toContain('argon2');
    expect(safe).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query: insert into "users" ("id", "password_hash") values ($1, $2)',
      cause: {
        code: '23505',
        constraint: 'users_email_live_key',
        table: 'users',
        severity: 'ERROR',
        message: expect.stringContaining('users_email_live_key'),
      },
    });
    expect(typeof safe === 'object' && safe.stack).toMatch(
      /^DrizzleQueryError: Failed query: insert[^\n]*\n\s+at /,
    );
    // Not an error at all, or a cause chain that never ends: still safe and finite.
    expect(loggableError('plain text\nparams: secret')).toBe('plain text');
    const loop: Error & { cause?: unknown } = new Error('loop');
    loop.cause = loop;
    expect(JSON.stringify(loggableError(loop)).length).toBeLessThan(20_000);
  });
});

describe('a failed POST /users', () => {
  const lines: string[] = [];
  let ctx: TestContext;
  let owner: { authorization: string };
  beforeAll(async () => {
    ctx = await createTestApp({ logLines: lines });
    owner = (await userWithSession(ctx, 'owner')).headers;
    // Every insert into users fails inside the database, after the hash has been computed and bound.
    await ctx.database.db
      .execute(sql`create function refuse_user_insert() returns trigger language plpgsql as $$
      begin raise exception 'user inserts are refused in this test'; end $$`);
    await ctx.database.db.execute(
      sql`create trigger refuse_user_insert before insert on users for each row execute function refuse_user_insert()`,
    );
  });
  afterAll(() => ctx.close());

  it('answers the bare 500 body and logs the failure without the argon2 hash or any parameter', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: owner,
      payload: {
        name: 'Never Stored',
        email: 'never-stored@example.test',
        password: TEST_PASSWORD,
        roleId: ROLE_IDS.viewer,
      },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Internal server error', code: 'INTERNAL' });

    const failure = lines
      .map((line) => JSON.parse(line) as { msg?: string; err?: Record<string, unknown> })
      .find((entry) => entry.msg === 'request failed');
    expect(failure?.err).toMatchObject({
      type: 'DrizzleQueryError',
      message: expect.stringMatching(/^Failed query: insert into "users"/),
    });
    expect(JSON.stringify(failure?.err)).toContain('user inserts are refused in this test');
    const everything = lines.join('\n');
    expect(everything).not.toMatch(/\$argon2/);
    expect(everything).not.toContain('never-stored@example.test');
    expect(everything).not.toContain('Never Stored');
  });
});

describe('serializeRequest', () => {
  it("logs a request's URL without the token of an unsubscribe link, and keeps the rest", () => {
    const logged = serializeRequest({
      method: 'POST',
      url: '/api/v1/mail/unsubscribe?token=user.0b6c8f0e-4a59-4d43-9a0e-6f2f4c1d7e21.abc&x=1',
      headers: {},
      host: 'licences.example.test',
      ip: '10.0.0.1',
      socket: { remotePort: 4321 },
    });
    expect(logged).toEqual({
      method: 'POST',
      url: '/api/v1/mail/unsubscribe?token=[redacted]&x=1',
      version: undefined,
      host: 'licences.example.test',
      remoteAddress: '10.0.0.1',
      remotePort: 4321,
    });
    expect(serializeRequest({ method: 'GET', url: '/api/v1/clients?search=token' }).url).toBe(
      '/api/v1/clients?search=token',
    );
  });

  it("logs a single sign-on callback without the provider's code and the sign-in's state", () => {
    const url = '/api/v1/auth/oidc/callback?code=Zm9v-YmFy&state=c3RhdGU&iss=https%3A%2F%2Fid.example.test';
    expect(serializeRequest({ method: 'GET', url }).url).toBe(
      '/api/v1/auth/oidc/callback?code=[redacted]&state=[redacted]&iss=https%3A%2F%2Fid.example.test',
    );
  });
});
