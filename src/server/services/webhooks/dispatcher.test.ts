// The dispatcher and the address policy on their own: what the policy refuses, a refused address at send time (no
// connection made), a receiver that hangs cut at the timeout, endpoints scheduled apart (one that hangs delays no
// other, and is sent one attempt at a time once it timed out), and two dispatchers (on PostgreSQL two connection
// pools, as two processes have) delivering every event exactly once.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { DAY_MS } from '../../../contract/constants';
import { webhookDeliveries, webhookDeliveryAttempts, webhookEvents, webhooks } from '../../db/schema';
import { createTestApp, type TestContext } from '#tests/support/test-app.ts';
import { isRefusedAddress, type ResolveHost } from './address-policy';
import { createWebhookDispatcher, ENDPOINT_IN_FLIGHT, purgeWebhookDeliveries } from './dispatcher';
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

const dispatcherOn = (
  db: DatabaseHandle['db'],
  options: { timeoutMs?: number; schedule?: number[]; resolve?: ResolveHost } = {},
) => createWebhookDispatcher({ db, log: ctx.app.log, now: () => new Date() }, options);

const recordEvent = (type: string) =>
  ctx.database.db.transaction((tx) =>
    recordEventOf(tx, { type, targetId: randomUUID(), description: 'x' }, null),
  );

const deliveriesTo = (webhookId: string) =>
  ctx.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, webhookId));

async function until(check: () => boolean | Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms;
  while (!(await check()) && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** A receiver that accepts every request and never answers until told to; when each request came and went. */
async function hangingReceiver() {
  const requests: { startedAt: number; closedAt: number | null }[] = [];
  let answering = false;
  const hanging = createServer((request, response) => {
    const seen = { startedAt: Date.now(), closedAt: null as number | null };
    requests.push(seen);
    request.socket.on('close', () => (seen.closedAt = Date.now()));
    request.resume();
    request.on('end', () => {
      if (answering) response.end();
    });
  });
  await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/hangs`,
    requests,
    answer: () => (answering = true),
    async close() {
      hanging.closeAllConnections();
      await new Promise<void>((resolve) => hanging.close(() => resolve()));
    },
  };
}

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
    ['::ffff:a9fe:a9fe', true],
    // IPv4-compatible, IPv4-translated and NAT64 spellings are judged by the IPv4 address inside.
    ['::169.254.169.254', true],
    ['::a9fe:a9fe', true],
    ['::ffff:0:a9fe:a9fe', true],
    ['64:ff9b::a9fe:a9fe', true],
    ['64:ff9b::169.254.169.254', true],
    ['64:ff9b::6464:64c8', true],
    ['64:ff9b:1::a9fe:a9fe', true],
    ['64:ff9b:1:a9fe:a9:fe00::', true],
    ['::0.0.0.2', true],
    ['64:ff9b::10.0.0.1', false],
    ['64:ff9b:1::a00:1', false],
    ['64:ff9b::5db8:d822', false],
    ['::10.0.0.1', false],
    ['2001:db8::a9fe:a9fe', false],
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

  it.each([
    'http://169.254.169.254/latest/meta-data',
    'http://[::169.254.169.254]/latest/meta-data',
    'http://[64:ff9b::a9fe:a9fe]/latest/meta-data',
  ])('refuses at send time, before connecting, %s saved around the check', async (target) => {
    const id = await insertWebhook(target, ['client.created']);
    const dispatcher = dispatcherOn(ctx.database.db, { schedule: [] });
    await recordEvent('client.created');
    await dispatcher.runOnce();
    await dispatcher.stop();
    const [delivery] = await deliveriesTo(id);
    expect(delivery).toMatchObject({
      status: 'dead',
      responseCode: null,
      lastError: 'Refused by the address policy',
    });
    await ctx.database.db.delete(webhooks).where(eq(webhooks.id, id));
  });

  // A name is resolved at send time; these names answer what a hostile DNS record would. Beside the refused address
  // each also gives the test's receiver, so a check of the first address only would connect and be delivered.
  it.each([
    ['metadata-compatible.test', '::169.254.169.254'],
    ['metadata-nat64.test', '64:ff9b::a9fe:a9fe'],
  ])('refuses at send time a name (%s) that resolves to %s, and connects nowhere', async (name, address) => {
    const port = new URL(url).port;
    const resolve: ResolveHost = (hostname) =>
      Promise.resolve(
        hostname === name
          ? [
              { address: '127.0.0.1', family: 4 },
              { address, family: 6 },
            ]
          : [],
      );
    const id = await insertWebhook(`http://${name}:${port}/hook`, ['user.deleted']);
    const dispatcher = dispatcherOn(ctx.database.db, { schedule: [], resolve });
    const from = received.length;
    await recordEvent('user.deleted');
    await dispatcher.runOnce();
    await dispatcher.stop();
    const [delivery] = await deliveriesTo(id);
    expect(delivery).toMatchObject({ status: 'dead', lastError: 'Refused by the address policy' });
    expect(received.length).toBe(from);
    await ctx.database.db.delete(webhooks).where(eq(webhooks.id, id));
  });

  it('connects to the address a name resolves to when every address passes', async () => {
    const port = new URL(url).port;
    const resolve: ResolveHost = (hostname) =>
      Promise.resolve(hostname === 'receiver.test' ? [{ address: '127.0.0.1', family: 4 }] : []);
    const id = await insertWebhook(`http://receiver.test:${port}/hook`, ['user.created']);
    const dispatcher = dispatcherOn(ctx.database.db, { schedule: [], resolve });
    await recordEvent('user.created');
    await dispatcher.runOnce();
    await dispatcher.stop();
    expect((await deliveriesTo(id))[0]).toMatchObject({ status: 'delivered', responseCode: 200 });
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
      expect(delivery?.leasedUntil).toBeNull();
      const attempts = await ctx.database.db
        .select()
        .from(webhookDeliveryAttempts)
        .where(eq(webhookDeliveryAttempts.deliveryId, delivery!.id));
      expect(attempts).toMatchObject([{ attempt: 1, responseCode: null, error: delivery!.lastError }]);
      expect(attempts[0]!.durationMs).toBeGreaterThanOrEqual(300);
    } finally {
      hang = false;
      await ctx.database.db.delete(webhooks).where(eq(webhooks.id, id));
    }
  });
});

describe('scheduling per endpoint', () => {
  it('a receiver that accepts and never answers does not delay another endpoint', async () => {
    const hung = await hangingReceiver();
    const hungId = await insertWebhook(hung.url, ['client.created', 'client.updated']);
    const healthyId = await insertWebhook(url, ['client.updated']);
    // The timer's passes, as a server runs them, with a timeout far longer than the healthy endpoint may wait.
    const dispatcher = dispatcherOn(ctx.database.db, { timeoutMs: 8000, schedule: [60] });
    try {
      // A backlog for the hung endpoint, due before the healthy endpoint's event.
      for (let i = 0; i < 30; i += 1) await recordEvent('client.created');
      dispatcher.start(100);
      await until(() => hung.requests.length >= ENDPOINT_IN_FLIGHT);
      const from = received.length;
      const sentAt = Date.now();
      await recordEvent('client.updated');
      await until(() => received.length > from, 5000);
      expect(received.length).toBe(from + 1);
      expect(received[from]!.at - sentAt).toBeLessThan(2000);
      // Meanwhile the hung endpoint holds its own attempts in flight, and no more: none has an outcome yet.
      expect(hung.requests).toHaveLength(ENDPOINT_IN_FLIGHT);
      const hungDeliveries = await deliveriesTo(hungId);
      expect(hungDeliveries).toHaveLength(31);
      expect(hungDeliveries.every((delivery) => delivery.status === 'pending')).toBe(true);
      expect(hungDeliveries.filter((delivery) => delivery.leasedUntil !== null)).toHaveLength(
        ENDPOINT_IN_FLIGHT,
      );
      // Its outcome is written a moment after the receiver got it.
      await until(async () => (await deliveriesTo(healthyId))[0]?.status === 'delivered', 5000);
      expect((await deliveriesTo(healthyId))[0]).toMatchObject({ status: 'delivered', attempt: 1 });
    } finally {
      // Stopped first, so that the attempts the closing receiver cuts short are not followed by new ones.
      const stopping = dispatcher.stop();
      await hung.close();
      await stopping;
      await ctx.database.db.delete(webhooks).where(inArray(webhooks.id, [hungId, healthyId]));
    }
  });

  it('sends an endpoint that timed out one attempt at a time, until it answers again', async () => {
    const hung = await hangingReceiver();
    const id = await insertWebhook(hung.url, ['user.updated']);
    const dispatcher = dispatcherOn(ctx.database.db, { timeoutMs: 400, schedule: [60] });
    // Each attempt as the sender saw it (sent, then cut at the timeout), in the order sent.
    const attemptsSoFar = async () =>
      (
        await ctx.database.db
          .select({ at: webhookDeliveryAttempts.attemptedAt, ms: webhookDeliveryAttempts.durationMs })
          .from(webhookDeliveryAttempts)
          .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookDeliveryAttempts.deliveryId))
          .where(eq(webhookDeliveries.webhookId, id))
          .orderBy(asc(webhookDeliveryAttempts.attemptedAt))
      ).map(({ at, ms }) => ({ from: at.getTime(), to: at.getTime() + ms }));
    try {
      for (let i = 0; i < ENDPOINT_IN_FLIGHT + 3; i += 1) await recordEvent('user.updated');
      dispatcher.start(50);
      await until(async () => (await attemptsSoFar()).length >= ENDPOINT_IN_FLIGHT + 3);
      const spans = await attemptsSoFar();
      expect(spans).toHaveLength(ENDPOINT_IN_FLIGHT + 3);
      expect(hung.requests).toHaveLength(ENDPOINT_IN_FLIGHT + 3);
      // The first attempts went together, as many as an endpoint may have in flight...
      const firstEnd = Math.min(...spans.map((span) => span.to));
      expect(spans.filter((span) => span.from < firstEnd)).toHaveLength(ENDPOINT_IN_FLIGHT);
      // ...and once they timed out, each next attempt was sent after the one before it ended (a few ms of margin
      // for the two clocks the times and durations come from).
      const first = spans.slice(0, ENDPOINT_IN_FLIGHT);
      const later = spans.slice(ENDPOINT_IN_FLIGHT);
      for (const [i, span] of later.entries()) {
        const before = i === 0 ? Math.max(...first.map((f) => f.to)) : later[i - 1]!.to;
        expect(span.from).toBeGreaterThanOrEqual(before - 10);
      }
      const [endpoint] = await ctx.database.db.select().from(webhooks).where(eq(webhooks.id, id));
      expect(endpoint!.consecutiveTimeouts).toBe(ENDPOINT_IN_FLIGHT + 3);
      // An answer, even to a retry, ends the slowing down.
      hung.answer();
      await ctx.database.db
        .update(webhookDeliveries)
        .set({ nextAttemptAt: new Date() })
        .where(eq(webhookDeliveries.webhookId, id));
      await until(async () => (await deliveriesTo(id)).every((delivery) => delivery.status === 'delivered'));
      const [answered] = await ctx.database.db.select().from(webhooks).where(eq(webhooks.id, id));
      expect(answered!.consecutiveTimeouts).toBe(0);
      const attempts = await ctx.database.db
        .select()
        .from(webhookDeliveryAttempts)
        .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookDeliveryAttempts.deliveryId))
        .where(eq(webhookDeliveries.webhookId, id))
        .orderBy(asc(webhookDeliveryAttempts.attempt));
      expect(attempts).toHaveLength(2 * (ENDPOINT_IN_FLIGHT + 3));
    } finally {
      const stopping = dispatcher.stop();
      await hung.close();
      await stopping;
      await ctx.database.db.delete(webhooks).where(eq(webhooks.id, id));
    }
  });
});

describe('several dispatchers', () => {
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
