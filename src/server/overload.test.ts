// Load shedding (overload.ts): the monitor's decision at its two levels, and the app answering by it. The readings
// are the test's own (`useSampler`): no test overloads the machine or waits for a sample.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../contract/errors';
import { anonymous, AS_JSON, callerAs, type SignedInCaller } from '../../tests/support/callers';
import { createTestApp, type TestContext } from '../../tests/support/test-app';
import { issuedLicense } from '../../tests/support/licensing';
import {
  createOverloadMonitor,
  OVERLOAD_RETRY_AFTER_SECONDS,
  processSampler,
  type OverloadLimits,
  type OverloadReadings,
} from './overload';

const MIB = 1024 * 1024;

describe('the monitor', () => {
  const limits: Record<'routes' | 'licenseCheck', OverloadLimits> = {
    routes: { eventLoopDelayMs: 100, heapUsedBytes: 1000 * MIB },
    licenseCheck: { eventLoopDelayMs: 400, heapUsedBytes: 2000 * MIB },
  };
  const monitorReading = (readings: OverloadReadings) =>
    createOverloadMonitor({ limits, sampler: () => readings });

  it('sheds every route over the lower thresholds, the licence check only over its own', () => {
    const cases: [OverloadReadings, boolean, boolean][] = [
      [{ eventLoopDelayMs: 0, heapUsedBytes: 0 }, false, false],
      [{ eventLoopDelayMs: 100, heapUsedBytes: 1000 * MIB }, false, false],
      [{ eventLoopDelayMs: 101, heapUsedBytes: 0 }, true, false],
      [{ eventLoopDelayMs: 0, heapUsedBytes: 1000 * MIB + 1 }, true, false],
      [{ eventLoopDelayMs: 400, heapUsedBytes: 2000 * MIB }, true, false],
      [{ eventLoopDelayMs: 401, heapUsedBytes: 0 }, true, true],
      [{ eventLoopDelayMs: 0, heapUsedBytes: 2000 * MIB + 1 }, true, true],
      [{ eventLoopDelayMs: Infinity, heapUsedBytes: 0 }, true, true],
    ];
    for (const [readings, routes, licenseCheck] of cases) {
      const monitor = monitorReading(readings);
      expect(monitor.sheds('routes'), JSON.stringify(readings)).toBe(routes);
      expect(monitor.sheds('licenseCheck'), JSON.stringify(readings)).toBe(licenseCheck);
    }
  });

  it('leaves a measure whose threshold is 0 unchecked, and samples nothing when every one is', () => {
    let samples = 0;
    const over = { eventLoopDelayMs: 10_000, heapUsedBytes: 10_000 * MIB };
    const off = createOverloadMonitor({
      limits: {
        routes: { eventLoopDelayMs: 0, heapUsedBytes: 0 },
        licenseCheck: { eventLoopDelayMs: 0, heapUsedBytes: 0 },
      },
      sampler: () => {
        samples += 1;
        return over;
      },
    });
    expect(off.sheds('routes')).toBe(false);
    expect(off.sheds('licenseCheck')).toBe(false);
    expect(samples).toBe(0);
    const heapOnly = createOverloadMonitor({
      limits: { ...limits, routes: { eventLoopDelayMs: 0, heapUsedBytes: 1000 * MIB } },
      sampler: () => ({ eventLoopDelayMs: 10_000, heapUsedBytes: 0 }),
    });
    expect(heapOnly.sheds('routes')).toBe(false);
    expect(heapOnly.sheds('licenseCheck')).toBe(true);
  });

  it('follows the sampler it is given', () => {
    const monitor = monitorReading({ eventLoopDelayMs: 0, heapUsedBytes: 0 });
    expect(monitor.sheds('routes')).toBe(false);
    monitor.useSampler(() => ({ eventLoopDelayMs: 150, heapUsedBytes: 0 }));
    expect(monitor.sheds('routes')).toBe(true);
  });

  it('warns once while refusing, not once a refusal', () => {
    const warnings: unknown[] = [];
    const log = { warn: (entry: unknown) => warnings.push(entry) } as unknown as Parameters<
      typeof createOverloadMonitor
    >[0]['log'];
    let clock = 0;
    const monitor = createOverloadMonitor({
      limits,
      sampler: () => ({ eventLoopDelayMs: 150, heapUsedBytes: 0 }),
      log,
      now: () => clock,
    });
    for (let i = 0; i < 50; i += 1) monitor.sheds('routes');
    expect(warnings).toEqual([
      expect.objectContaining({
        event: 'overload.shedding',
        level: 'routes',
        refused: 1,
        eventLoopDelayMs: 150,
      }),
    ]);
    clock += 10_000;
    monitor.sheds('routes');
    expect(warnings).toHaveLength(2);
    expect(warnings[1]).toMatchObject({ refused: 50 });
  });
});

describe("the server's readings", () => {
  it('count the time the current turn of the event loop has been answering, from its first request', async () => {
    const read = processSampler(() => ({ eventLoopDelay: 3, heapUsed: 42 }));
    expect(read()).toEqual({ eventLoopDelayMs: 3, heapUsedBytes: 42 });
    // The same turn, 30 ms of work later: its delay is at least that.
    const until = performance.now() + 30;
    while (performance.now() < until);
    expect(read().eventLoopDelayMs).toBeGreaterThanOrEqual(30);
    // The next turn starts counting again.
    await new Promise((resolve) => setImmediate(resolve));
    expect(read().eventLoopDelayMs).toBeLessThan(30);
  });
});

describe('the cap on requests in flight', () => {
  const quiet = { eventLoopDelayMs: 0, heapUsedBytes: 0 };
  const off: OverloadLimits = { eventLoopDelayMs: 0, heapUsedBytes: 0 };

  it('refuses routes once as many are in flight as the cap, the licence check at twice that', () => {
    const monitor = createOverloadMonitor({
      limits: { routes: off, licenseCheck: off },
      maxInFlight: { routes: 2, licenseCheck: 4 },
      sampler: () => quiet,
    });
    const leaves = [monitor.enter()];
    expect(monitor.sheds('routes')).toBe(false);
    leaves.push(monitor.enter());
    expect(monitor.inFlight).toBe(2);
    expect(monitor.sheds('routes')).toBe(true);
    expect(monitor.sheds('licenseCheck')).toBe(false);
    leaves.push(monitor.enter(), monitor.enter());
    expect(monitor.sheds('licenseCheck')).toBe(true);
    // Leaving twice counts once: a request that ends and then loses its connection is one request.
    leaves[0]!();
    leaves[0]!();
    expect(monitor.inFlight).toBe(3);
    for (const leave of leaves) leave();
    expect(monitor.inFlight).toBe(0);
    expect(monitor.sheds('routes')).toBe(false);
  });

  it('is counted by the app from a request it works on to its answer, however it ends', async () => {
    const ctx = await createTestApp({ env: { OVERLOAD_MAX_IN_FLIGHT: '2', VALIDATE_RATE_LIMIT: 'off' } });
    try {
      const viewer = await callerAs(ctx, 'viewer');
      // Answers of every kind: a list, no session, a route that is not there, a role refused before its body is read.
      for (let i = 0; i < 5; i += 1) {
        expect((await viewer.get('/certificates')).statusCode).toBe(200);
        expect((await anonymous(ctx).get('/certificates')).statusCode).toBe(401);
        expect((await anonymous(ctx).get('/no-such-route')).statusCode).toBe(404);
        expect((await viewer.post('/clients', '{"name": ', AS_JSON)).statusCode).toBe(403);
      }
      expect(ctx.app.overload.inFlight).toBe(0);
      // Two held: the next is refused at once, the probe answered; one let go, the next is answered.
      const held = [ctx.app.overload.enter(), ctx.app.overload.enter()];
      const refused = await viewer.get('/certificates');
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({ message: MESSAGES.overloaded, code: 'OVERLOADED' });
      expect((await ctx.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      held[0]!();
      expect((await viewer.get('/certificates')).statusCode).toBe(200);
      held[1]!();
      expect(ctx.app.overload.inFlight).toBe(0);
    } finally {
      await ctx.close();
    }
  });
});

describe('the app under overload', () => {
  let ctx: TestContext;
  let viewer: SignedInCaller;
  let file: unknown;
  const readings: OverloadReadings = { eventLoopDelayMs: 0, heapUsedBytes: 0 };
  const logLines: string[] = [];

  beforeAll(async () => {
    ctx = await createTestApp({
      logLines,
      env: {
        OVERLOAD_EVENT_LOOP_DELAY_MS: '100',
        OVERLOAD_LICENSE_CHECK_EVENT_LOOP_DELAY_MS: '400',
        OVERLOAD_HEAP_USED_MB: '1000',
        OVERLOAD_LICENSE_CHECK_HEAP_USED_MB: '2000',
        VALIDATE_RATE_LIMIT: 'off',
      },
    });
    ctx.app.overload.useSampler(() => readings);
    viewer = await callerAs(ctx, 'viewer');
    ({ file } = await issuedLicense(ctx, {}));
  });
  afterAll(async () => ctx.close());
  beforeEach(() => {
    readings.eventLoopDelayMs = 0;
    readings.heapUsedBytes = 0;
  });

  const check = () => anonymous(ctx).post('/certificates/validate', { license: file });
  const publicKeys = () => anonymous(ctx).get('/licensing/public-keys');
  const probe = (url: string) => ctx.app.inject({ method: 'GET', url });
  const expectRefused = (answer: Awaited<ReturnType<typeof check>>) => {
    expect(answer.statusCode, answer.body).toBe(503);
    expect(answer.json()).toEqual({ message: MESSAGES.overloaded, code: 'OVERLOADED' });
    expect(answer.headers['retry-after']).toBe(String(OVERLOAD_RETRY_AFTER_SECONDS));
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    // Like every answer: the security headers and the request id.
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(answer.headers['x-request-id']).toBeDefined();
  };

  it('answers as before below the thresholds', async () => {
    readings.eventLoopDelayMs = 100;
    readings.heapUsedBytes = 1000 * MIB;
    expect((await viewer.get('/certificates')).statusCode).toBe(200);
    expect((await check()).json()).toMatchObject({ data: { code: 'VALID' } });
    expect((await publicKeys()).statusCode).toBe(200);
    expect((await probe('/healthz')).statusCode).toBe(200);
    expect((await probe('/readyz')).json()).toEqual({ status: 'ready' });
  });

  it.each([
    ['the event loop is late', { eventLoopDelayMs: 150 }],
    ['the heap is full', { heapUsedBytes: 1500 * MIB }],
  ])(
    'over the routes’ thresholds (%s): refuses every route at once, answers the licence check',
    async (_why, over) => {
      Object.assign(readings, over);
      expectRefused(await viewer.get('/certificates'));
      expectRefused(await viewer.get('/dashboard/stats'));
      // Before anything else is looked at: sign-in, a body, a path that names nothing.
      expectRefused(await anonymous(ctx).get('/certificates'));
      expectRefused(await viewer.post('/clients', { name: 'Shed Ltd' }));
      expectRefused(await anonymous(ctx).get('/no-such-route'));
      expectRefused(
        await anonymous(ctx).post('/auth/login', { email: 'a@example.test', password: 'whatever1' }),
      );
      expect((await check()).json()).toMatchObject({ data: { code: 'VALID' } });
      expect((await publicKeys()).statusCode).toBe(200);
      const liveness = await probe('/healthz');
      expect(liveness.statusCode).toBe(200);
      expect(liveness.json()).toEqual({ status: 'ok' });
      // Readiness is refused like any route: a load balancer sends the traffic elsewhere meanwhile.
      expectRefused(await probe('/readyz'));
    },
  );

  it.each([
    ['the event loop is late', { eventLoopDelayMs: 450 }],
    ['the heap is full', { heapUsedBytes: 2500 * MIB }],
  ])('over the licence check’s own thresholds (%s): refuses it too, never /healthz', async (_why, over) => {
    Object.assign(readings, over);
    expectRefused(await check());
    // With a staff token too, and whatever the body: the refusal comes first.
    expectRefused(await viewer.post('/certificates/validate', { license: file }));
    expectRefused(await anonymous(ctx).post('/certificates/validate', 'not json'));
    expectRefused(await publicKeys());
    expectRefused(await viewer.get('/certificates'));
    expect((await probe('/healthz')).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'HEAD', url: '/healthz' })).statusCode).toBe(200);
    expectRefused(await probe('/readyz'));
  });

  it('answers as before once the readings are back under the thresholds', async () => {
    readings.eventLoopDelayMs = 450;
    expectRefused(await viewer.get('/certificates'));
    readings.eventLoopDelayMs = 20;
    expect((await viewer.get('/certificates')).statusCode).toBe(200);
    expect((await check()).statusCode).toBe(200);
    expect((await probe('/readyz')).statusCode).toBe(200);
  });

  it('warns in the log while refusing, without a line per refusal', async () => {
    logLines.length = 0;
    readings.eventLoopDelayMs = 150;
    for (let i = 0; i < 5; i += 1) expectRefused(await viewer.get('/certificates'));
    const entries = logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const warnings = entries.filter((entry) => entry.event === 'overload.shedding');
    expect(warnings.length).toBeLessThanOrEqual(1);
    // A refusal is not a failure of the server: no error line for it.
    expect(entries.filter((entry) => entry.msg === 'request failed')).toEqual([]);
    expect(
      entries.filter((entry) => (entry.res as { statusCode?: number })?.statusCode === 503),
    ).toHaveLength(5);
  });

  it('documents 503 with the error body on every operation', async () => {
    const document = (await probe('/api/v1/openapi.json')).json() as {
      paths: Record<
        string,
        Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>
      >;
    };
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ name: `${method} ${path}`, operation })),
    );
    expect(operations.length).toBeGreaterThan(10);
    for (const { name, operation } of operations)
      expect(Object.keys(operation.responses['503']?.content ?? {}), name).toEqual(['application/json']);
  });
});
