// Webhooks across server processes on one PostgreSQL database (docs/webhooks.md): two servers deliver each event
// exactly once, and a server killed (SIGKILL) after a change committed, before its event could be delivered, delivers
// it after a restart.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { call, signInOwner, startServerProcess, type ServerProcess } from '../../support/server-process';
import { freePort } from '../../support/postgres-cluster';
import { createPostgresCopy } from '../../support/test-database';

let url: string;
let receiver: Server;
let hookUrl: string;
const received: { id: string; type: string; name?: string }[] = [];
const running: ServerProcess[] = [];

beforeAll(async () => {
  const info = inject('testDatabase');
  if (info.kind !== 'postgres') throw new Error('this file runs in the server-pg project only');
  url = await createPostgresCopy(info);
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        type: string;
        data: { client?: { name: string } };
      };
      received.push({
        id: String(request.headers['webhook-id']),
        type: body.type,
        name: body.data.client?.name,
      });
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
}, 60_000);

afterAll(async () => {
  for (const server of running) server.child.kill('SIGTERM');
  await Promise.all(running.map((server) => server.exited));
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

async function start(env: Record<string, string> = {}): Promise<ServerProcess> {
  const server = await startServerProcess({ DATABASE_URL: url, ...env });
  running.push(server);
  return server;
}

async function until(check: () => boolean, ms = 20_000) {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 100));
}

describe('webhooks across processes', () => {
  it('two servers deliver each event exactly once', async () => {
    const [a, b] = await Promise.all([start(), start()]);
    const [tokenA, tokenB] = await Promise.all([signInOwner(a!.url, a), signInOwner(b!.url, b)]);
    const hook = await call(a!.url, 'POST', '/webhooks', {
      token: tokenA,
      body: { url: hookUrl, events: ['client.created'] },
    });
    expect(hook.status).toBe(201);
    const names = Array.from({ length: 30 }, (_, i) => `Two servers ${i} ${Date.now()}`);
    await Promise.all(
      names.map((name, i) =>
        call(i % 2 ? a!.url : b!.url, 'POST', '/clients', { token: i % 2 ? tokenA : tokenB, body: { name } }),
      ),
    );
    await until(() => received.filter((r) => names.includes(r.name ?? '')).length >= names.length);
    // A little longer, so a second delivery would have arrived.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const mine = received.filter((r) => names.includes(r.name ?? ''));
    expect(mine).toHaveLength(names.length);
    expect(new Set(mine.map((r) => r.id)).size).toBe(names.length);
    for (const server of [a!, b!]) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 90_000);

  it('delivers an event committed just before a SIGKILL once the server is back', async () => {
    // The endpoint listens on a port nobody serves until the server is dead: nothing can be delivered before the kill.
    const port = await freePort();
    const server = await start({ WEBHOOK_RETRY_SCHEDULE: '1,1,1,1,1,1,1,1,1,1' });
    const token = await signInOwner(server.url);
    const hook = await call<{ data: { id: string } }>(server.url, 'POST', '/webhooks', {
      token,
      body: { url: `http://127.0.0.1:${port}/late`, events: ['client.created'] },
    });
    expect(hook.status).toBe(201);
    const name = `Crash ${Date.now()}`;
    const created = await call(server.url, 'POST', '/clients', { token, body: { name } });
    expect(created.status).toBe(201);
    server.child.kill('SIGKILL');
    await server.exited;

    const late: string[] = [];
    const lateReceiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        late.push(Buffer.concat(chunks).toString('utf8'));
        response.end();
      });
    });
    await new Promise<void>((resolve) => lateReceiver.listen(port, '127.0.0.1', resolve));
    try {
      const again = await start({ WEBHOOK_RETRY_SCHEDULE: '1,1,1,1,1,1,1,1,1,1' });
      await until(() => late.some((body) => body.includes(name)));
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(late.filter((body) => body.includes(name))).toHaveLength(1);
      again.child.kill('SIGTERM');
      await again.exited;
    } finally {
      await new Promise<void>((resolve) => lateReceiver.close(() => resolve()));
    }
  }, 90_000);
});
