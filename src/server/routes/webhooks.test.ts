// Webhooks end to end on the real app and a real HTTP receiver on loopback: the routes (roles, bad input, the
// secret shown once), the outbox written with each change (and not on rollback), signed delivery verified the way
// docs/webhooks.md tells receivers to, retries with one webhook-id and every attempt in the log, disabling, and the
// expiry warnings.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DAY_MS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_MESSAGES,
  createdWebhookResponseSchema,
  errorBodySchema,
  webhookDeliveriesResponseSchema,
  webhookDeliveryResponseSchema,
  webhooksResponseSchema,
} from '../../contract';
import {
  activities,
  webhookDeliveries,
  webhookDeliveryAttempts,
  webhookEvents,
  webhooks,
} from '../db/schema';
import { recordActivity } from '../services/shared/audit';
import { runExpirySweep } from '../services/certificates/expiry-sweep';
import { purgeWebhookDeliveries } from '../services/webhooks';
import { TestClock } from '../../../tests/support/test-app';
import { callerAs, routeTestApp } from '../../../tests/support/callers';
import {
  certificateBody,
  certificateInStatus,
  insertClient,
  stepRequest,
} from '../../../tests/support/certificates';

const clock = new TestClock();
const logLines: string[] = [];
const { ctx, owner, admin, editor, viewer } = routeTestApp({
  clock,
  logLines,
  webhookDispatcher: false,
  env: { WEBHOOK_RETRY_SCHEDULE: '0,0,0,0,0', LOG_LEVEL: 'info' },
});

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver on 127.0.0.1: records every request and answers what `answer` says (200 by default). */
class Receiver {
  readonly received: Received[] = [];
  answer: (request: Received, index: number) => number = () => 200;
  private server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const got = { headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
      this.received.push(got);
      const status = this.answer(got, this.received.length - 1);
      response.writeHead(status, status >= 300 && status < 400 ? { location: 'http://127.0.0.1:9/' } : {});
      response.end('ok');
    });
  });
  url = '';
  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }
  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** The receiver's check of docs/webhooks.md: HMAC-SHA256 of "{id}.{timestamp}.{body}" with the decoded secret. */
function verifies(secret: string, headers: IncomingHttpHeaders, body: string): boolean {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const signed = `${String(headers['webhook-id'])}.${String(headers['webhook-timestamp'])}.${body}`;
  const expected = Buffer.from(createHmac('sha256', key).update(signed).digest('base64'));
  return String(headers['webhook-signature'] ?? '')
    .split(' ')
    .some((candidate) => {
      const [version, signature = ''] = candidate.split(',');
      const given = Buffer.from(signature);
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
}

const receiver = new Receiver();
beforeAll(() => receiver.start());
afterAll(() => receiver.stop());

async function createWebhook(body: Record<string, unknown>) {
  const response = await owner.post('/webhooks', body);
  expect(response.statusCode, response.body).toBe(201);
  return createdWebhookResponseSchema.parse(response.json()).data;
}

/** Runs dispatcher passes until nothing is left due now (at most `passes`). */
async function dispatch(passes = 10) {
  for (let i = 0; i < passes; i += 1) {
    const result = await ctx.app.webhookDispatcher.runOnce();
    if (result.attempts === 0 && result.fannedOut === 0) return;
  }
}

const eventsOfType = (type: string) =>
  ctx.database.db.select().from(webhookEvents).where(eq(webhookEvents.type, type));

async function newActiveCertificate(from = clock.now().getTime(), validTo?: number) {
  const client = await insertClient(ctx.database.db);
  return certificateInStatus(
    owner,
    'active',
    certificateBody(client.id, from, validTo === undefined ? {} : { validTo }),
  );
}

describe('POST /webhooks and the other routes', () => {
  it('creates an endpoint and shows its secret this once, never in lists', async () => {
    const response = await admin.post('/webhooks', {
      url: receiver.url,
      events: ['certificate.revoked', 'client.created'],
      description: 'CRM',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const created = createdWebhookResponseSchema.parse(response.json()).data;
    expect(created).toMatchObject({
      url: receiver.url,
      enabled: true,
      description: 'CRM',
      disabledReason: null,
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(created.secret.slice(6), 'base64')).toHaveLength(32);

    const list = await owner.get('/webhooks');
    expect(list.body).not.toContain('whsec_');
    expect(webhooksResponseSchema.parse(list.json()).data.map((w) => w.id)).toContain(created.id);
    const one = await owner.get(`/webhooks/${created.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.body).not.toContain('secret');

    const [activity] = await ctx.database.db
      .select()
      .from(activities)
      .where(and(eq(activities.targetId, created.id), eq(activities.type, 'webhook.created')));
    expect(activity?.description).toContain(receiver.url);
    expect(activity?.description).not.toContain('whsec_');
    expect((await owner.delete(`/webhooks/${created.id}`)).statusCode).toBe(204);
  });

  it('changes, rotates the secret of and deletes an endpoint, each with an activity row', async () => {
    const created = await createWebhook({ url: receiver.url, events: ['certificate.created'] });
    const put = await owner.put(`/webhooks/${created.id}`, { enabled: false, events: ['client.updated'] });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ data: { enabled: false, events: ['client.updated'] } });
    const rotated = await owner.post(`/webhooks/${created.id}/rotate-secret`);
    expect(rotated.statusCode).toBe(200);
    expect(rotated.headers['cache-control']).toBe('no-store');
    const { secret } = (rotated.json() as { data: { secret: string } }).data;
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(created.secret);
    expect((await owner.delete(`/webhooks/${created.id}`)).statusCode).toBe(204);
    expect((await owner.get(`/webhooks/${created.id}`)).statusCode).toBe(404);
    const types = (
      await ctx.database.db.select().from(activities).where(eq(activities.targetId, created.id))
    ).map((row) => row.type);
    expect(types.sort()).toEqual([
      'webhook.created',
      'webhook.deleted',
      'webhook.secret_rotated',
      'webhook.updated',
    ]);
  });

  it('is for owners and admins only', async () => {
    for (const caller of [editor, viewer]) {
      expect((await caller.get('/webhooks')).statusCode).toBe(403);
      const refused = await caller.post('/webhooks', { url: receiver.url, events: ['certificate.created'] });
      expect(refused.statusCode).toBe(403);
    }
  });

  it.each([
    ['ftp://example.com/hook', WEBHOOK_MESSAGES.urlInvalid],
    ['not a url', WEBHOOK_MESSAGES.urlInvalid],
    ['http://user:pw@example.com/hook', WEBHOOK_MESSAGES.urlCredentials],
    ['http://169.254.169.254/latest/meta-data', WEBHOOK_MESSAGES.addressRefused],
    ['http://[fe80::1]/hook', WEBHOOK_MESSAGES.addressRefused],
    ['http://[fd00:ec2::254]/hook', WEBHOOK_MESSAGES.addressRefused],
    ['http://[::ffff:169.254.169.254]/hook', WEBHOOK_MESSAGES.addressRefused],
    // The metadata service spelled as an IPv4-compatible address and through the NAT64 prefixes.
    ['http://[::169.254.169.254]/hook', WEBHOOK_MESSAGES.addressRefused],
    ['http://[64:ff9b::a9fe:a9fe]/hook', WEBHOOK_MESSAGES.addressRefused],
    ['http://[64:ff9b:1::a9fe:a9fe]/hook', WEBHOOK_MESSAGES.addressRefused],
    ['http://0.0.0.0/hook', WEBHOOK_MESSAGES.addressRefused],
  ])('refuses the URL %s with a 400 naming the rule', async (url, message) => {
    const before = await ctx.database.db.$count(webhooks);
    const response = await owner.post('/webhooks', { url, events: ['certificate.created'] });
    expect(response.statusCode, response.body).toBe(400);
    const body = errorBodySchema.parse(response.json());
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors?.url).toBe(message);
    expect(await ctx.database.db.$count(webhooks)).toBe(before);
  });

  it('accepts loopback and private addresses', async () => {
    for (const url of [
      'http://127.0.0.1:8080/a',
      'https://10.1.2.3/b',
      'http://[::1]:9000/c',
      'http://hooks.corp/d',
      // A private address behind NAT64 is as allowed as the address itself.
      'http://[64:ff9b::10.1.2.3]/e',
    ])
      await createWebhook({ url, events: ['certificate.created'] });
  });

  it('refuses an unknown event listing the allowed ones, and an empty or repeated list', async () => {
    const unknown = await owner.post('/webhooks', { url: receiver.url, events: ['certificate.exploded'] });
    expect(unknown.statusCode).toBe(400);
    const message = errorBodySchema.parse(unknown.json()).message;
    for (const type of WEBHOOK_EVENT_TYPES) expect(message).toContain(type);
    for (const events of [[], ['client.created', 'client.created']]) {
      const response = await owner.post('/webhooks', { url: receiver.url, events });
      expect(response.statusCode, JSON.stringify(events)).toBe(400);
    }
    const badPut = await owner.put(
      `/webhooks/${(await createWebhook({ url: receiver.url, events: ['ping'.replace('ping', 'client.created')] })).id}`,
      {
        url: 'http://169.254.169.254/',
      },
    );
    expect(badPut.statusCode).toBe(400);
  });
});

describe('delivery', () => {
  it('delivers a revocation signed per Standard Webhooks; a tampered body fails verification', async () => {
    const hook = await createWebhook({ url: receiver.url, events: ['certificate.revoked'] });
    const certificate = await newActiveCertificate();
    const from = receiver.received.length;
    expect((await stepRequest(owner, certificate.uuid, 'revoke', { reason: 'Stolen' })).statusCode).toBe(200);
    await dispatch();
    const got = receiver.received.slice(from);
    expect(got).toHaveLength(1);
    const [request] = got as [Received];
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['webhook-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(request.headers['webhook-timestamp']).toBe(String(Math.floor(clock.now().getTime() / 1000)));
    expect(verifies(hook.secret, request.headers, request.body)).toBe(true);
    expect(verifies(hook.secret, request.headers, request.body.replace('Stolen', 'Stolem'))).toBe(false);
    const body = JSON.parse(request.body) as {
      type: string;
      timestamp: string;
      data: { certificate: Record<string, unknown>; description: string; actor: Record<string, unknown> };
    };
    expect(body.type).toBe('certificate.revoked');
    expect(body.timestamp).toBe(clock.now().toISOString());
    expect(body.data.certificate).toMatchObject({ id: certificate.uuid, status: 'revoked' });
    expect(body.data.description).toContain('revoked: Stolen');
    expect(body.data.actor).toMatchObject({ id: owner.user.id });
    expect(request.body).not.toContain('license');

    const log = webhookDeliveriesResponseSchema.parse(
      (await owner.get(`/webhooks/${hook.id}/deliveries`)).json(),
    );
    expect(log.data).toHaveLength(1);
    expect(log.data[0]).toMatchObject({
      eventId: request.headers['webhook-id'],
      type: 'certificate.revoked',
      attempt: 1,
      status: 'delivered',
      responseCode: 200,
      nextAttemptAt: null,
    });
  });

  it('retries a receiver failing four times: five attempts, one webhook-id, then delivered', async () => {
    const failing = new Receiver();
    failing.answer = (_request, index) => (index < 4 ? 503 : 204);
    await failing.start();
    try {
      const hook = await createWebhook({ url: failing.url, events: ['client.created'] });
      expect((await owner.post('/clients', { name: `Retry ${Date.now()}` })).statusCode).toBe(201);
      await dispatch();
      expect(failing.received).toHaveLength(5);
      expect(new Set(failing.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
      for (const request of failing.received)
        expect(verifies(hook.secret, request.headers, request.body)).toBe(true);
      const log = webhookDeliveriesResponseSchema.parse(
        (await owner.get(`/webhooks/${hook.id}/deliveries`)).json(),
      );
      expect(log.data).toMatchObject([{ attempt: 5, status: 'delivered', responseCode: 204 }]);
      expect((await owner.get(`/webhooks/${hook.id}`)).json()).toMatchObject({ data: { enabled: true } });
    } finally {
      await failing.stop();
    }
  });

  it('disables an endpoint whose delivery exhausts the schedule, with its reason and an activity row; redirects are failures', async () => {
    const failing = new Receiver();
    failing.answer = () => 302;
    await failing.start();
    try {
      const hook = await createWebhook({ url: failing.url, events: ['client.deleted'] });
      const client = await insertClient(ctx.database.db);
      expect((await owner.delete(`/clients/${client.id}`)).statusCode).toBe(204);
      await dispatch();
      // The first attempt and the five retries of the schedule; the redirect was never followed.
      expect(failing.received).toHaveLength(6);
      const log = webhookDeliveriesResponseSchema.parse(
        (await owner.get(`/webhooks/${hook.id}/deliveries`)).json(),
      );
      expect(log.data).toMatchObject([
        { attempt: 6, status: 'dead', responseCode: 302, nextAttemptAt: null },
      ]);
      expect((await owner.get(`/webhooks/${hook.id}`)).json()).toMatchObject({
        data: { enabled: false, disabledReason: WEBHOOK_MESSAGES.disabledExhausted },
      });
      const [disabled] = await ctx.database.db
        .select()
        .from(activities)
        .where(and(eq(activities.targetId, hook.id), eq(activities.type, 'webhook.disabled')));
      expect(disabled?.actorId).toBeNull();

      // A disabled endpoint gets no new deliveries; redelivering asks for it to be enabled first.
      const redeliver = await owner.post(`/webhooks/${hook.id}/deliveries/${log.data[0]!.id}/redeliver`);
      expect(redeliver.statusCode).toBe(409);
      // Enabled again: the reason goes, and a redelivery is sent with the same webhook-id.
      await owner.put(`/webhooks/${hook.id}`, { enabled: true });
      failing.answer = () => 200;
      const again = await owner.post(`/webhooks/${hook.id}/deliveries/${log.data[0]!.id}/redeliver`);
      expect(again.statusCode, again.body).toBe(202);
      await dispatch();
      expect(failing.received).toHaveLength(7);
      expect(failing.received[6]!.headers['webhook-id']).toBe(failing.received[0]!.headers['webhook-id']);
      expect((await owner.get(`/webhooks/${hook.id}`)).json()).toMatchObject({
        data: { enabled: true, disabledReason: null },
      });
    } finally {
      await failing.stop();
    }
  });

  it('lists every attempt: two failures then a success are three, in order, each with its answer and duration; Redeliver adds a fourth', async () => {
    const flaky = new Receiver();
    flaky.answer = (_request, index) => (index < 2 ? 500 : 200);
    await flaky.start();
    try {
      const hook = await createWebhook({ url: flaky.url, events: ['user.created'] });
      const ping = await owner.post(`/webhooks/${hook.id}/test`);
      expect(ping.statusCode, ping.body).toBe(202);
      expect(webhookDeliveryResponseSchema.parse(ping.json()).data.attempts).toEqual([]);
      await dispatch();
      expect(flaky.received).toHaveLength(3);
      const logOf = async () =>
        webhookDeliveriesResponseSchema.parse((await owner.get(`/webhooks/${hook.id}/deliveries`)).json())
          .data;
      const [delivery] = await logOf();
      const sent = clock.now().getTime();
      // The delivery's own fields still tell the last attempt, as before the attempts were listed.
      expect(delivery).toMatchObject({ attempt: 3, status: 'delivered', responseCode: 200 });
      expect(delivery!.attempts).toMatchObject([
        { attempt: 1, responseCode: 500, error: 'Answered 500', attemptedAt: sent },
        { attempt: 2, responseCode: 500, error: 'Answered 500', attemptedAt: sent },
        { attempt: 3, responseCode: 200, error: null, attemptedAt: sent },
      ]);
      for (const attempt of delivery!.attempts) expect(attempt.durationMs).toBeGreaterThanOrEqual(0);

      const again = await owner.post(`/webhooks/${hook.id}/deliveries/${delivery!.id}/redeliver`);
      expect(again.statusCode, again.body).toBe(202);
      expect(webhookDeliveryResponseSchema.parse(again.json()).data.attempts).toHaveLength(3);
      await dispatch();
      const [redelivered] = await logOf();
      expect(redelivered!.attempts.map((a) => [a.attempt, a.responseCode])).toEqual([
        [1, 500],
        [2, 500],
        [3, 200],
        [4, 200],
      ]);
      expect(redelivered).toMatchObject({ attempt: 4, status: 'delivered', responseCode: 200 });
      expect((await owner.delete(`/webhooks/${hook.id}`)).statusCode).toBe(204);
    } finally {
      await flaky.stop();
    }
  });

  it('sends a ping on test, shown in the log; an unreachable endpoint shows the failure', async () => {
    const hook = await createWebhook({ url: receiver.url, events: ['user.created'] });
    const from = receiver.received.length;
    const response = await owner.post(`/webhooks/${hook.id}/test`);
    expect(response.statusCode, response.body).toBe(202);
    const delivery = webhookDeliveryResponseSchema.parse(response.json()).data;
    expect(delivery).toMatchObject({ type: 'ping', status: 'pending', attempt: 0 });
    await dispatch();
    const [ping] = receiver.received.slice(from);
    expect(JSON.parse(ping!.body)).toMatchObject({ type: 'ping', data: { webhookId: hook.id } });
    expect(verifies(hook.secret, ping!.headers, ping!.body)).toBe(true);

    const dead = await createWebhook({ url: 'http://127.0.0.1:9/nothing-listens', events: ['user.created'] });
    await owner.post(`/webhooks/${dead.id}/test`);
    await ctx.app.webhookDispatcher.runOnce();
    const log = webhookDeliveriesResponseSchema.parse(
      (await owner.get(`/webhooks/${dead.id}/deliveries`)).json(),
    );
    expect(log.data[0]).toMatchObject({ type: 'ping', attempt: 1, status: 'retrying', responseCode: null });
    expect(log.data[0]!.error).toMatch(/Connection failed/);
    expect(log.data[0]!.attempts).toMatchObject([
      { attempt: 1, responseCode: null, error: expect.stringMatching(/Connection failed/) },
    ]);
  });

  it('answers 404 for an unknown webhook or delivery', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await owner.get(`/webhooks/${unknown}`)).statusCode).toBe(404);
    expect((await owner.post(`/webhooks/${unknown}/test`)).statusCode).toBe(404);
    const hook = await createWebhook({ url: receiver.url, events: ['user.created'] });
    expect((await owner.post(`/webhooks/${hook.id}/deliveries/${unknown}/redeliver`)).statusCode).toBe(404);
  });
});

describe('the outbox', () => {
  it('writes no event for a change that rolls back', async () => {
    const client = await insertClient(ctx.database.db);
    const before = await ctx.database.db.$count(webhookEvents);
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await recordActivity(
          tx,
          { id: owner.user.id, name: owner.user.name },
          {
            type: 'client.updated',
            targetType: 'client',
            targetId: client.id,
            description: 'about to fail',
          },
        );
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await ctx.database.db.$count(webhookEvents)).toBe(before);
    // A refused change (a 409 from the service) writes none either.
    const taken = await owner.post('/clients', { name: client.name });
    expect(taken.statusCode).toBe(409);
    expect(await ctx.database.db.$count(webhookEvents)).toBe(before);
  });

  it('writes one certificate.transferred event carrying both certificates', async () => {
    const certificate = await newActiveCertificate();
    const response = await owner.post(`/certificates/${certificate.uuid}/transfer`, {
      serialNumber: `MOVED-${Date.now()}`,
    });
    expect(response.statusCode, response.body).toBe(201);
    const moved = (response.json() as { data: { uuid: string } }).data.uuid;
    const events = (await eventsOfType('certificate.transferred')).filter(
      (event) => (event.data as { from: { id: string } }).from.id === certificate.uuid,
    );
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({
      from: { id: certificate.uuid, status: 'revoked', transferredTo: moved },
      to: { id: moved, status: 'active', transferredFrom: certificate.uuid },
    });
  });

  it('maps user and client changes, and carries no password', async () => {
    const created = await owner.post('/users', {
      name: 'Hook User',
      email: `hook-${Date.now()}@example.test`,
      password: 'a long enough password',
      roleId: 4,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { data: { uuid: string } }).data.uuid;
    const [event] = (await eventsOfType('user.created')).filter(
      (row) => (row.data as { user?: { id: string } }).user?.id === id,
    );
    expect(event?.data).toMatchObject({ user: { id, role: 'viewer', isActive: true } });
    expect(JSON.stringify(event?.data)).not.toMatch(/argon2|password/i);
  });

  it('writes certificate.expiring once per threshold and end date, again after a renewal, and certificate.expired', async () => {
    const start = clock.now().getTime();
    const certificate = await newActiveCertificate(start, start + 40 * DAY_MS);
    const expiringOf = async () =>
      (await eventsOfType('certificate.expiring'))
        .filter((row) => (row.data as { certificate: { id: string } }).certificate.id === certificate.uuid)
        .map((row) => (row.data as { daysLeft: number }).daysLeft);
    const sweep = () => runExpirySweep({ db: ctx.database.db, now: clock.now });
    try {
      await sweep();
      expect(await expiringOf()).toEqual([]);
      clock.advance(11 * DAY_MS); // 29 days left
      await sweep();
      await sweep();
      expect(await expiringOf()).toEqual([30]);
      clock.advance(23 * DAY_MS); // 6 days left
      await sweep();
      expect((await expiringOf()).sort((a, b) => a - b)).toEqual([7, 30]);
      // Renewed to a new end 20 days away: warned again, for the new end.
      // Signed in again: the moved clock outlived the first access token.
      const renewer = await callerAs(ctx, owner.user);
      const renewed = await renewer.post(`/certificates/${certificate.uuid}/renew`, {
        validTo: clock.now().getTime() + 20 * DAY_MS,
      });
      expect(renewed.statusCode, renewed.body).toBe(200);
      await sweep();
      expect((await expiringOf()).sort((a, b) => a - b)).toEqual([7, 30, 30]);
      clock.advance(19.5 * DAY_MS);
      await sweep();
      await sweep();
      expect((await expiringOf()).sort((a, b) => a - b)).toEqual([1, 7, 30, 30]);
      clock.advance(DAY_MS);
      await sweep();
      const expired = (await eventsOfType('certificate.expired')).filter(
        (row) => (row.data as { certificate: { id: string } }).certificate.id === certificate.uuid,
      );
      expect(expired).toHaveLength(1);
      expect(expired[0]!.data).toMatchObject({ certificate: { status: 'expired' }, actor: null });
    } finally {
      clock.set(start);
    }
  });

  it('purges delivered and dead deliveries, with their attempts, after the retention period', async () => {
    const hook = await createWebhook({ url: receiver.url, events: ['client.created'] });
    await owner.post('/clients', { name: `Purge ${Date.now()}` });
    await dispatch();
    const count = () => ctx.database.db.$count(webhookDeliveries, eq(webhookDeliveries.webhookId, hook.id));
    expect(await count()).toBe(1);
    const [delivery] = await ctx.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, hook.id));
    const attempts = () =>
      ctx.database.db.$count(webhookDeliveryAttempts, eq(webhookDeliveryAttempts.deliveryId, delivery!.id));
    expect(await attempts()).toBe(1);
    const at = clock.now().getTime();
    expect(await purgeWebhookDeliveries(ctx.database.db, new Date(at + 29 * DAY_MS), 30)).toBe(0);
    expect(await purgeWebhookDeliveries(ctx.database.db, new Date(at + 31 * DAY_MS), 30)).toBeGreaterThan(0);
    expect(await count()).toBe(0);
    // Its attempts go with it.
    expect(await attempts()).toBe(0);
  });

  it('never logs a webhook secret', () => {
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toMatch(/whsec_/);
  });
});
