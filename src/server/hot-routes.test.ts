// The licence check and the health probe answered in front of Fastify (hot-routes.ts): over real HTTP they answer
// what the app answers through its whole pipeline (`inject`), headers and log line included, for every verdict and
// every refusal; what they do not take reaches the app untouched; the rate limit is one; load shedding is one (the
// check refused alike, the probe never); and a revocation is seen on the very next check that arrives over HTTP.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DAY_MS } from '../contract/constants';
import { MESSAGES } from '../contract/errors';
import { VALIDATE_RATE_LIMIT_PER_MINUTE } from '../contract/licensing';
import { createTestApp, TestClock, type TestContext } from '../../tests/support/test-app';
import { callerAs, type SignedInCaller } from '../../tests/support/callers';
import { certificateBody, certificateInStatus, insertClient } from '../../tests/support/certificates';
import { issuedLicense, storedFile, withSignatureByteChanged } from '../../tests/support/licensing';

const CHECK = '/api/v1/certificates/validate';

interface Answer {
  status: number;
  headers: Record<string, unknown>;
  body: string;
}

interface Sent {
  method: 'GET' | 'POST' | 'HEAD';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** Headers of the connection itself, which differ between a socket and a replay by nature. */
const CONNECTION_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
const comparable = (headers: IncomingHttpHeaders | Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => !CONNECTION_HEADERS.has(name))
      .map(([name, value]) => [name, String(value)]),
  );

function overHttp(port: number, sent: Sent, extra: { chunked?: boolean } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host: `127.0.0.1:${port}`, ...sent.headers };
    if (sent.body !== undefined)
      headers[extra.chunked ? 'transfer-encoding' : 'content-length'] = extra.chunked
        ? 'chunked'
        : String(Buffer.byteLength(sent.body));
    const outgoing = httpRequest(
      { port, host: '127.0.0.1', method: sent.method, path: sent.path, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: comparable(res.headers),
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(sent.body);
  });
}

let ctx: TestContext;
let proxied: TestContext;
let admin: SignedInCaller;
const logLines: string[] = [];
const clock = new TestClock(Date.parse('2026-06-15T12:00:00Z'));

/** The port a test app listens on (loopback, a free port). */
async function listening(app: TestContext['app']): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

let port: number;
let proxiedPort: number;

beforeAll(async () => {
  // Many checks from one address: the per-address limit has a test of its own, on an app of its own.
  ctx = await createTestApp({ clock, logLines, env: { VALIDATE_RATE_LIMIT: 'off' } });
  // Behind a proxy that says the browser used HTTPS: HSTS and the policy's upgrade come with every answer.
  proxied = await createTestApp({ clock, env: { TRUST_PROXY: '1', VALIDATE_RATE_LIMIT: 'off' } });
  port = await listening(ctx.app);
  proxiedPort = await listening(proxied.app);
  admin = await callerAs(ctx, 'admin');
});
afterAll(async () => {
  await ctx.close();
  await proxied.close();
});

/** The same request through the app's whole pipeline, from the same address. */
async function throughApp(app: TestContext['app'], port: number, sent: Sent): Promise<Answer> {
  const answer = await app.inject({
    method: sent.method,
    url: sent.path,
    headers: { host: `127.0.0.1:${port}`, ...sent.headers },
    ...(sent.body !== undefined ? { payload: sent.body } : {}),
    remoteAddress: '127.0.0.1',
  });
  return { status: answer.statusCode, headers: comparable(answer.headers), body: answer.body };
}

/** Sends `sent` over HTTP and through the app; both must answer alike, and over HTTP the hot routes took it. */
async function expectTakenAlike(sent: Sent, on: { ctx: TestContext; port: number } = { ctx, port }) {
  const before = on.ctx.app.hotRoutes.taken;
  const http = await overHttp(on.port, sent);
  expect(on.ctx.app.hotRoutes.taken, 'taken in front of Fastify').toBe(before + 1);
  expect(http).toEqual(await throughApp(on.ctx.app, on.port, sent));
  return http;
}

const checkOf = (body: unknown, headers: Record<string, string> = {}): Sent => ({
  method: 'POST',
  path: CHECK,
  headers: { 'content-type': 'application/json', 'x-request-id': `req-${Math.random()}`, ...headers },
  body: JSON.stringify(body),
});

describe('answers as the app does', () => {
  it('the health probe', async () => {
    const answer = await expectTakenAlike({
      method: 'GET',
      path: '/healthz',
      headers: { 'x-request-id': 'probe-1' },
    });
    expect(answer).toMatchObject({ status: 200, body: '{"status":"ok"}' });
    expect(answer.headers).toMatchObject({ 'x-request-id': 'probe-1', 'x-frame-options': 'DENY' });
    expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('every verdict of the licence check', async () => {
    const { file } = await issuedLicense(ctx, { serialNumber: 'HOT-VALID' });
    const revoked = await issuedLicense(ctx, { serialNumber: 'HOT-REVOKED', status: 'revoked' });
    const lapsed = await issuedLicense(ctx, { validTo: new Date(clock.now().getTime() - DAY_MS) });
    const cases: [unknown, string][] = [
      [{ license: file }, 'VALID'],
      [{ license: file, serialNumber: 'HOT-VALID' }, 'VALID'],
      [{ license: file, serialNumber: 'ANOTHER-MACHINE' }, 'SERIAL_MISMATCH'],
      [{ license: revoked.file }, 'REVOKED'],
      [{ license: lapsed.file }, 'EXPIRED'],
      [{ license: withSignatureByteChanged(file) }, 'SIGNATURE_INVALID'],
      [{ license: { nothing: 'here' } }, 'MALFORMED'],
    ];
    for (const [body, code] of cases) {
      const answer = await expectTakenAlike(checkOf(body));
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toMatchObject({ data: { code } });
    }
  });

  it('behind a proxy over HTTPS, and on a loopback name', async () => {
    const { file } = await issuedLicense(proxied, {});
    const overHttps = {
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'licences.example.com',
      'x-forwarded-for': '203.0.113.9',
    };
    const answer = await expectTakenAlike(checkOf({ license: file }, overHttps), {
      ctx: proxied,
      port: proxiedPort,
    });
    expect(answer.headers['strict-transport-security']).toMatch(/^max-age=\d+$/);
    expect(answer.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    const probe = await expectTakenAlike({
      method: 'GET',
      path: '/healthz',
      headers: { host: 'localhost', 'x-request-id': 'probe-2' },
    });
    expect(probe.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('every refusal, by replaying the request through the app', async () => {
    const inject = vi.spyOn(ctx.app, 'inject');
    try {
      const refusals: Sent[] = [
        { ...checkOf({}), body: '{"license": ' },
        checkOf({}),
        checkOf({ license: 'a string' }),
        checkOf({ license: {}, serialNumber: 'x'.repeat(200) }),
        { ...checkOf({}), body: '{"license": {"__proto__": {"polluted": true}}}' },
        { ...checkOf({}), body: '   ' },
      ];
      for (const sent of refusals) {
        const calls = inject.mock.calls.length;
        const answer = await expectTakenAlike(sent);
        expect(inject.mock.calls.length, 'replayed once (and once more by this test)').toBe(calls + 2);
        expect(answer.status, sent.body).toBe(400);
        expect(JSON.parse(answer.body)).toMatchObject({ code: 'VALIDATION_FAILED' });
      }
    } finally {
      inject.mockRestore();
    }
  });

  it('writes the same log line', async () => {
    const { file } = await issuedLicense(ctx, {});
    logLines.length = 0;
    await overHttp(port, checkOf({ license: file }, { 'x-request-id': 'logged-hot' }));
    await throughApp(ctx.app, port, checkOf({ license: file }, { 'x-request-id': 'logged-app' }));
    const completed = (id: string) => {
      const line = logLines
        .map((text) => JSON.parse(text) as Record<string, unknown>)
        .find((entry) => entry.reqId === id);
      const { time: _time, responseTime, req, ...rest } = line ?? {};
      expect(typeof responseTime).toBe('number');
      const { remotePort: _port, ...request } = req as Record<string, unknown>;
      return { ...rest, req: request };
    };
    expect(completed('logged-hot')).toEqual({ ...completed('logged-app'), reqId: 'logged-hot' });
    expect(completed('logged-hot')).toMatchObject({
      msg: 'request completed',
      req: { method: 'POST', url: CHECK, remoteAddress: '127.0.0.1' },
      res: { statusCode: 200 },
    });
  });
});

describe('leaves to the app', () => {
  const untaken: [string, Sent, { chunked?: boolean }?][] = [
    ['a staff token', checkOf({ license: {} }, { authorization: 'Bearer not-a-token' })],
    ['another content type', checkOf({ license: {} }, { 'content-type': 'text/plain' })],
    ['a query string', { ...checkOf({ license: {} }), path: `${CHECK}?verbose=1` }],
    ['a body without a length', checkOf({ license: {} }), { chunked: true }],
    ['the probe asked with HEAD', { method: 'HEAD', path: '/healthz' }],
    ['any other route', { method: 'GET', path: '/readyz' }],
  ];
  it.each(untaken)('%s', async (_name, sent, extra) => {
    const before = ctx.app.hotRoutes.taken;
    const http = await overHttp(port, sent, extra);
    expect(ctx.app.hotRoutes.taken).toBe(before);
    expect(http.status).toBe((await throughApp(ctx.app, port, sent)).status);
  });
});

describe('the rate limit', () => {
  it('counts checks over HTTP and through the app together, per client address', async () => {
    const limited = await createTestApp({ clock, env: { VALIDATE_RATE_LIMIT: '1' } });
    try {
      const { file } = await issuedLicense(limited, {});
      const limitedPort = await listening(limited.app);
      for (let i = 0; i < VALIDATE_RATE_LIMIT_PER_MINUTE - 1; i += 1)
        expect((await overHttp(limitedPort, checkOf({ license: file }))).status).toBe(200);
      expect((await throughApp(limited.app, limitedPort, checkOf({ license: file }))).status).toBe(200);
      const refused = await overHttp(limitedPort, checkOf({ license: file }));
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(JSON.parse(refused.body)).toMatchObject({ code: 'RATE_LIMITED' });
      expect((await throughApp(limited.app, limitedPort, checkOf({ license: file }))).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('load shedding', () => {
  // The monitor's readings are the test's own (overload.ts `useSampler`): nothing here overloads the machine.
  const readings = { eventLoopDelayMs: 0, heapUsedBytes: 0 };
  let shedding: TestContext;
  let sheddingPort: number;
  let file: unknown;
  const on = () => ({ ctx: shedding, port: sheddingPort });
  const probe = (id: string): Sent => ({ method: 'GET', path: '/healthz', headers: { 'x-request-id': id } });

  beforeAll(async () => {
    shedding = await createTestApp({
      clock,
      env: {
        VALIDATE_RATE_LIMIT: 'off',
        OVERLOAD_EVENT_LOOP_DELAY_MS: '100',
        OVERLOAD_LICENSE_CHECK_EVENT_LOOP_DELAY_MS: '400',
      },
    });
    shedding.app.overload.useSampler(() => readings);
    sheddingPort = await listening(shedding.app);
    ({ file } = await issuedLicense(shedding, {}));
  });
  afterAll(async () => shedding.close());

  it('answers the check and the probe while every other route is refused', async () => {
    readings.eventLoopDelayMs = 150;
    const answer = await expectTakenAlike(checkOf({ license: file }), on());
    expect(JSON.parse(answer.body)).toMatchObject({ data: { code: 'VALID' } });
    expect((await expectTakenAlike(probe('probe-shed-1'), on())).status).toBe(200);
    expect((await overHttp(sheddingPort, { method: 'GET', path: '/readyz' })).status).toBe(503);
    expect((await overHttp(sheddingPort, { method: 'GET', path: '/api/v1/certificates' })).status).toBe(503);
  });

  it('refuses every other route in front of the app, word for word as the app would', async () => {
    readings.eventLoopDelayMs = 150;
    const sent: Sent[] = [
      { method: 'GET', path: '/api/v1/certificates?page=2', headers: { 'x-request-id': 'shed-list' } },
      { method: 'GET', path: '/readyz', headers: { 'x-request-id': 'shed-ready' } },
      { method: 'GET', path: '/no-such-page', headers: { 'x-request-id': 'shed-page' } },
    ];
    for (const request of sent) {
      const answer = await expectTakenAlike(request, on());
      expect(answer.status).toBe(503);
      expect(JSON.parse(answer.body)).toEqual({ message: MESSAGES.overloaded, code: 'OVERLOADED' });
    }
    // The public keys are the licence check's: answered until its own threshold.
    const keys = await overHttp(sheddingPort, { method: 'GET', path: '/api/v1/licensing/public-keys' });
    expect(keys.status).toBe(200);
    readings.eventLoopDelayMs = 0;
    expect((await overHttp(sheddingPort, { method: 'GET', path: '/readyz' })).status).toBe(200);
  });

  it('refuses the check over its own threshold as the app does, whatever it carries; never the probe', async () => {
    readings.eventLoopDelayMs = 450;
    const refused: Sent[] = [
      checkOf({ license: file }),
      checkOf({ license: file }, { authorization: 'Bearer not-a-token' }),
      { ...checkOf({}), body: '{"license": ' },
    ];
    for (const sent of refused) {
      const answer = await expectTakenAlike(sent, on());
      expect(answer.status).toBe(503);
      expect(JSON.parse(answer.body)).toEqual({ message: MESSAGES.overloaded, code: 'OVERLOADED' });
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await expectTakenAlike(probe('probe-shed-2'), on())).status).toBe(200);
    readings.eventLoopDelayMs = 0;
    expect((await expectTakenAlike(checkOf({ license: file }), on())).status).toBe(200);
  });
});

describe('revocation', () => {
  const TRIALS = 20;
  it(`is REVOKED on the very next check over HTTP after the revoke's answer (${TRIALS} trials)`, async () => {
    const client = await insertClient(ctx.database.db);
    for (let trial = 0; trial < TRIALS; trial += 1) {
      const certificate = await certificateInStatus(
        admin,
        'active',
        certificateBody(client.id, clock.now().getTime() - DAY_MS),
      );
      const file = await storedFile(ctx, certificate.uuid);
      const verdict = async () =>
        JSON.parse((await overHttp(port, checkOf({ license: file }))).body).data.code as string;
      expect(await verdict()).toBe('VALID');
      expect(await verdict()).toBe('VALID');
      const revoked = await admin.post(`/certificates/${certificate.uuid}/revoke`, {
        reason: 'Machine stolen',
      });
      expect(revoked.statusCode, revoked.body).toBe(200);
      expect(await verdict()).toBe('REVOKED');
    }
  });
});
