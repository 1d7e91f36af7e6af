// Two server processes starting together on one empty PostgreSQL database apply the migrations once
// and create one owner.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it, inject } from 'vitest';
import { freePort } from '../../support/postgres-cluster';

const tsx = join(process.cwd(), 'node_modules/.bin/tsx');
const children: ChildProcess[] = [];
afterAll(() => children.forEach((child) => child.kill('SIGKILL')));

function startServer(url: string, port: number): Promise<void> {
  const child = spawn(tsx, ['src/server/main.ts'], {
    env: { ...process.env, DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', OWNER_EMAIL: 'boss@example.test', OWNER_PASSWORD: 'bootstrap-pass' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('License Console is running')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
}

describe('two servers on one PostgreSQL', () => {
  it('migrate once and bootstrap one owner when started together', async () => {
    const info = inject('testDatabase');
    if (info.kind !== 'postgres') throw new Error('this file runs in the server-pg project only');
    const admin = new pg.Client({ connectionString: info.adminUrl });
    await admin.connect();
    await admin.query('create database lc_concurrent_start');
    await admin.end();
    const url = info.adminUrl.replace(/\/[^/]*$/, '/lc_concurrent_start');

    const ports = [await freePort(), await freePort()];
    await Promise.all(ports.map((port) => startServer(url, port)));

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const migrations = await client.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    const owners = await client.query("select email from users where role_id = 1");
    await client.end();
    expect(migrations.rows[0].n).toBe(3);
    expect(owners.rows).toEqual([{ email: 'boss@example.test' }]);

    for (const port of ports) {
      const response = await fetch(`http://127.0.0.1:${port}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'boss@example.test', password: 'bootstrap-pass' }),
      });
      expect(response.status).toBe(200);
    }
  }, 90_000);
});
