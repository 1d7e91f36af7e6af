// Two server processes starting together on one empty PostgreSQL database apply the migrations once
// (under the advisory lock; without it the second would fail on 'relation already exists') and create one owner.
import { readdirSync } from 'node:fs';
import pg from 'pg';
import { afterAll, describe, expect, it, inject } from 'vitest';
import { OWNER, signInOwner, startServerProcess, type ServerProcess } from '../../support/server-process';

const servers: ServerProcess[] = [];
afterAll(() => servers.forEach((server) => server.child.kill('SIGKILL')));

const migrationFiles = readdirSync('drizzle').filter((name) => name.endsWith('.sql'));

describe('two servers on one PostgreSQL', () => {
  it('migrate once and bootstrap one owner when started together', async () => {
    const info = inject('testDatabase');
    if (info.kind !== 'postgres') throw new Error('this file runs in the server-pg project only');
    const admin = new pg.Client({ connectionString: info.adminUrl });
    await admin.connect();
    await admin.query('create database lc_concurrent_start');
    await admin.end();
    const url = info.adminUrl.replace(/\/[^/]*$/, '/lc_concurrent_start');

    const started = await Promise.all([
      startServerProcess({ DATABASE_URL: url }),
      startServerProcess({ DATABASE_URL: url }),
    ]);
    servers.push(...started);

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const migrations = await client.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    const owners = await client.query('select email from users where role_id = 1');
    await client.end();
    expect(migrations.rows[0].n).toBe(migrationFiles.length);
    expect(owners.rows).toEqual([{ email: OWNER.email }]);

    for (const server of started) expect(await signInOwner(server.url)).toBeTruthy();
  }, 90_000);
});
