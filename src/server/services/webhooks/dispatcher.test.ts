// The dispatcher and the address policy on their own: what the policy refuses, a refused address at send time (no
// connection made), a receiver that hangs cut at the timeout, and two dispatchers (on PostgreSQL two connection pools,
// as two processes have) delivering every event exactly once.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { DAY_MS } from '../../../contract/constants';
import { webhookDeliveries, webhookEvents, webhooks } from '../../db/schema';
import { createTestApp, type TestContext } from '#tests/support/test-app.ts';
import { isRefusedAddress } from './address-policy';
import { createWebhookDispatcher, purgeWebhookDeliveries } from './dispatcher';
import { retryDelayMs } from './retry-schedule';
import { recordEventOf } from './outbox';
import { newWebhookSecret } from './signing';

let ctx: TestContext;
let server: Server;
let url = '';
const received: { id: string; at: number }[] = [];
let hang = false;

beforeAll(async () => {
  ctx = await createTestApp({ webhookDispatcher: false });
  server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      if (hang) return; // never answers
      received.push({ id: String(request.headers['webhook-id']), at: Date.now() });
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await ctx.close();
});

async function insertWebhook(target: string, events: string[]) {
  const id = randomUUID();
  await ctx.database.db.insert(webhooks).values({ id, url: target, events, secret: newWebhookSecret() });
  return id;
}

const dispatcherOn = (db: DatabaseHandle['db'], options: { timeoutMs?: number; schedule?: number[] } = {}) =>
  createWebhookDispatcher({ db, log: ctx.app.log, now: () => new Date() }, options);

describe('the address policy', () => {
  it.each([
    ['169.254.169.254', true],
    ['169.254.0.1', true],
    ['100.100.100.200', true],
    ['0.0.0.0', true],
    ['224.0.0.1', true],
    ['fe80::1', true],
    ['fd00:ec2::254', true],
    ['::', true],
    ['::ffff:169.254.169.254', true],
    ['127.0.0.1', false],
    ['10.0.0.1', false],
    ['192.168.1.10', false],
    ['172.16.0.1', false],
    ['::1', false],
    ['fd12:3456::1', false],
    ['93.184.216.34', false],
  ])('%s refused: %s', (address, refused) => {
    expect(isRefusedAddress(address)).toBe(refused);
  });

  it('refuses at send time, before connecting, an address saved around the check', async () => {
    const id = await insertWebhook('http://169.254.169.254/latest/meta-data', ['client.created']);
    const dispatcher = dispatcherOn(ctx.database.db, { schedule: [] });
    await ctx.database.db.transaction((tx) =>
      recordEventOf(tx, { type: 'client.created', targetId: randomUUID(), description: 'x' }, null),
    );
    await dispatcher.runOnce();
    await dispatcher.stop();
    const [delivery] = await ctx.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, id));
    expect(delivery).toMatchObject({
      status: 'dead',
      responseCode: null,
      lastError: 'Refused by the address policy',
    });
    await ctx.database.db.delete(webhooks).where(eq(webhooks.id, id));
  });
});

describe('the retention purge', () => {
  it('deletes deliveries a disabled endpoint kept waiting past the retention, and keeps those of an enabled one', async () => {
    const disabled = await insertWebhook(url, ['client.deleted']);
    const enabled = await insertWebhook(url, ['client.deleted']);
    await ctx.database.db.update(webhooks).set({ enabled: false }).where(eq(webhooks.id, disabled));
    const eventId = randomUUID();
    await ctx.database.db
      .insert(webhookEvents)
      .values({ id: eventId, type: 'client.deleted', data: {}, fannedOutAt: new Date() });
    const old = new Date(Date.now() - 40 * DAY_MS);
    for (const webhookId of [disabled, enabled])
      await ctx.database.db.insert(webhookDeliveries).values({
        id: randomUUID(),
        eventId,
        webhookId,
        status: 'retrying',
        nextAttemptAt: new Date(Date.now() + DAY_MS),
        updatedAt: old,
      });
    expect(await purgeWebhookDeliveries(ctx.database.db, new Date(), 30)).toBe(1);
    const left = await ctx.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.eventId, eventId));
    expect(left.map((row) => row.webhookId)).toEqual([enabled]);
    await ctx.database.db.delete(webhooks).where(inArray(webhooks.id, [disabled, enabled]));
  });
});

describe('the retry schedule', () => {
  it('waits each step with up to 10 % jitter, and ends after the last', () => {
    expect(retryDelayMs([5, 300], 1, () => 0)).toBe(5000);
    expect(retryDelayMs([5, 300], 2, () => 1)).toBe(330_000);
    expect(retryDelayMs([5, 300], 3, () => 0.5)).toBeNull();
    expect(retryDelayMs([0], 1, () => 1)).toBe(0);
  });
});

describe('sending', () => {
  it('cuts a receiver that hangs at the timeout and schedules a retry', async () => {
    const id = await insertWebhook(url, ['client.updated']);
    hang = true;
    try {
      const dispatcher = dispatcherOn(ctx.database.db, { timeoutMs: 300, schedule: [60] });
      await ctx.database.db.transaction((tx) =>
        recordEventOf(tx, { type: 'client.updated', targetId: randomUUID(), description: 'x' }, null),
      );
      const started = Date.now();
      await dispatcher.runOnce();
      expect(Date.now() - started).toBeLessThan(5000);
      await dispatcher.stop();
      const [delivery] = await ctx.database.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.webhookId, id));
      expect(delivery).toMatchObject({ status: 'retrying', attempt: 1, responseCode: null });
      expect(delivery?.lastError).toMatch(/No answer within/);
      expect(delivery!.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + 50_000);
    } finally {
      hang = false;
      await ctx.database.db.delete(webhooks).where(eq(webhooks.id, id));
    }
  });

  it('two dispatchers deliver every event exactly once', async () => {
    const id = await insertWebhook(url, ['user.updated']);
    // On PostgreSQL a second pool on the same database, as a second server process has; on PGlite the one process.
    const second = ctx.database.url
      ? await openDatabase({ kind: 'postgres', url: ctx.database.url, poolSize: 5 }, { migrate: false })
      : undefined;
    try {
      const events = 40;
      for (let i = 0; i < events; i += 1)
        await ctx.database.db.transaction((tx) =>
          recordEventOf(tx, { type: 'user.updated', targetId: randomUUID(), description: `e${i}` }, null),
        );
      const a = dispatcherOn(ctx.database.db);
      const b = dispatcherOn(second?.db ?? ctx.database.db);
      const from = received.length;
      for (let round = 0; round < 5; round += 1)
        await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
      await Promise.all([a.stop(), b.stop()]);
      const ids = received.slice(from).map((r) => r.id);
      expect(ids).toHaveLength(events);
      expect(new Set(ids).size).toBe(events);
      const rows = await ctx.database.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.webhookId, id));
      expect(rows).toHaveLength(events);
      expect(rows.every((row) => row.status === 'delivered' && row.attempt === 1)).toBe(true);
    } finally {
      await second?.close();
      await ctx.database.db.delete(webhooks).where(eq(webhooks.id, id));
    }
  });
});
