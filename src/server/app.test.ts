import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../contract';
import { BODY_LIMIT_BYTES } from './app';
import { createTestApp, userWithSession, type TestContext } from '../../tests/support/test-app';

let ctx: TestContext;
const consoleDir = mkdtempSync(join(tmpdir(), 'lc-console-'));

beforeAll(async () => {
  writeFileSync(join(consoleDir, 'index.html'), '<!doctype html><title>License Console</title>');
  writeFileSync(join(consoleDir, 'app.js'), 'console.log(1)');
  ctx = await createTestApp({ consoleDir });
});
afterAll(() => ctx.close());

describe('health and configuration', () => {
  it('answers /healthz, /readyz and /config.json', async () => {
    expect((await ctx.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await ctx.app.inject('/readyz')).json()).toEqual({ status: 'ready' });
    expect((await ctx.app.inject('/config.json')).json()).toEqual({ apiUrl: '/api/v1' });
  });

  it('gives every response a request id', async () => {
    const response = await ctx.app.inject({ url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(response.headers['x-request-id']).toBe('abc-123');
    expect((await ctx.app.inject('/healthz')).headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('describes the API in /api/v1/openapi.json', async () => {
    const spec = (await ctx.app.inject('/api/v1/openapi.json')).json() as { paths: Record<string, unknown> };
    expect(Object.keys(spec.paths)).toContain('/api/v1/auth/login');
  });
});

describe('the built console', () => {
  it('serves files and falls back to index.html for client routes', async () => {
    expect((await ctx.app.inject('/app.js')).body).toBe('console.log(1)');
    for (const url of ['/', '/certificates?status=active', '/users']) {
      const response = await ctx.app.inject(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>License Console</title>');
    }
  });

  it('answers unknown /api paths with a JSON 404', async () => {
    for (const url of ['/api/v1/nothing', '/api/other']) {
      const response = await ctx.app.inject(url);
      expect(response.statusCode).toBe(404);
      expect(errorBodySchema.parse(response.json())).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
    }
  });

  it('sends security headers', async () => {
    const { headers } = await ctx.app.inject('/');
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['strict-transport-security']).toContain('max-age=');
  });
});

describe('bad requests', () => {
  it('refuses a body over 1 MB with 413 and the error body', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(BODY_LIMIT_BYTES) }),
    });
    expect(response.statusCode).toBe(413);
    expect(errorBodySchema.parse(response.json()).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('takes a JSON content type with an empty body as no body, as the console sends it', async () => {
    const { headers } = await userWithSession(ctx, 'owner');
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/v1/clients/00000000-0000-4000-8000-000000000000',
      headers: { ...headers, 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(404);
    const poisoned = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"a@b.co","password":"x","__proto__":{"admin":true}}',
    });
    expect(poisoned.statusCode).toBe(400);
  });

  it('refuses an unsupported content type with 415', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/login', headers: { 'content-type': 'text/xml' }, payload: '<x/>' });
    expect(response.statusCode).toBe(415);
    expect(errorBodySchema.parse(response.json()).code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});
