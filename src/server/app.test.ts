import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../contract';
import { BODY_LIMIT_BYTES } from './app';
import { createTestApp, type TestContext } from '../../tests/support/test-app';
import { anonymous, AS_JSON, callerAs } from '../../tests/support/callers';

let ctx: TestContext;
const consoleDir = mkdtempSync(join(tmpdir(), 'lc-console-'));

beforeAll(async () => {
  writeFileSync(
    join(consoleDir, 'index.html'),
    '<!doctype html>\n<html>\n  <head>\n    <title>License Console</title>\n  </head>\n</html>\n',
  );
  // What scripts/page-preloads.ts writes for a build: the certificates page's own chunks beyond the entry.
  writeFileSync(
    join(consoleDir, 'page-preloads.json'),
    JSON.stringify({
      '/certificates': {
        scripts: ['/assets/certificates-a1.js', '/assets/shared-b2.js'],
        styles: ['/assets/c3.css'],
      },
    }),
  );
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

  it("names a start-up page's own code in its HTML, compressed once and revalidated by its tag", async () => {
    const page = await ctx.app.inject({
      url: '/certificates?status=active',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toBe(
      '<!doctype html>\n<html>\n  <head>\n    <title>License Console</title>\n' +
        '    <link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/certificates-a1.js">\n' +
        '    <link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/shared-b2.js">\n' +
        '    <link rel="preload" as="style" fetchpriority="low" crossorigin href="/assets/c3.css">\n' +
        '  </head>\n</html>\n',
    );
    // Other addresses get index.html as it is.
    expect((await ctx.app.inject('/users')).body).not.toContain('modulepreload');

    const brotli = await ctx.app.inject({ url: '/certificates', headers: { 'accept-encoding': 'gzip, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(page.body);
    const gzip = await ctx.app.inject({
      url: '/certificates',
      headers: { 'accept-encoding': 'br;q=0, gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(page.body);

    const held = await ctx.app.inject({
      url: '/certificates',
      headers: { 'if-none-match': String(page.headers.etag) },
    });
    expect(held.statusCode).toBe(304);
    expect(held.body).toBe('');
    const head = await ctx.app.inject({ method: 'HEAD', url: '/certificates' });
    expect([head.statusCode, head.body]).toEqual([200, '']);
  });

  it('serves a console rebuilt under the running server as it was built', async () => {
    const preloads = join(consoleDir, 'page-preloads.json');
    const before = readFileSync(preloads, 'utf8');
    try {
      writeFileSync(preloads, JSON.stringify({ '/': { scripts: ['/assets/dashboard-new.js'], styles: [] } }));
      expect((await ctx.app.inject('/')).body).toContain('href="/assets/dashboard-new.js"');
      expect((await ctx.app.inject('/certificates')).body).not.toContain('modulepreload');
      // Caught half-written, the build names nothing: the addresses get index.html as it is.
      writeFileSync(preloads, '{"/": {"scri');
      const midBuild = await ctx.app.inject('/');
      expect([midBuild.statusCode, midBuild.body.includes('modulepreload')]).toEqual([200, false]);
    } finally {
      writeFileSync(preloads, before);
    }
    expect((await ctx.app.inject('/certificates')).body).toContain('certificates-a1.js');
  });

  it('answers unknown /api paths with a JSON 404', async () => {
    for (const url of ['/api/v1/nothing', '/api/other']) {
      const response = await ctx.app.inject(url);
      expect(response.statusCode).toBe(404);
      expect(errorBodySchema.parse(response.json())).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
    }
  });

  it('sends security headers on the console, the API (errors included) and the API reference', async () => {
    for (const url of [
      '/',
      '/certificates',
      '/api/v1/licensing/public-keys',
      '/api/v1/no-such-route',
      '/api/docs/',
    ]) {
      const { headers } = await ctx.app.inject(url);
      const policy = String(headers['content-security-policy']);
      expect(policy, url).toMatch(/script-src 'self'/);
      // No inline scripts anywhere (the API reference allows only hashed ones).
      expect(/script-src[^;]*'unsafe-inline'/.test(policy), url).toBe(false);
      expect(policy, url).toContain("frame-ancestors 'none'");
      expect(headers['x-content-type-options'], url).toBe('nosniff');
      expect(headers['referrer-policy'], url).toBe('no-referrer');
      // Plain HTTP: no HSTS and no upgrade of requests (transport.test.ts covers HTTPS).
      expect(headers['strict-transport-security'], url).toBeUndefined();
      expect(policy, url).not.toContain('upgrade-insecure-requests');
    }
  });
});

describe('server errors', () => {
  it('answers an unexpected failure with 500 and the bare error body: no stack, SQL or path', async () => {
    const viewer = await callerAs(ctx, 'viewer');
    // A database that fails every query from now on (a dropped connection, say), for this one test app.
    const broken = await createTestApp();
    const brokenViewer = await callerAs(broken, 'viewer');
    await broken.database.db.execute(sql.raw('drop table certificates cascade'));
    try {
      const response = await brokenViewer.get('/certificates');
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ message: 'Internal server error', code: 'INTERNAL' });
      expect(response.body).not.toMatch(/select|certificates"|\/work\/|node_modules|at .*\(/i);
    } finally {
      await broken.close();
    }
    // The app that was not broken is unaffected.
    expect((await viewer.get('/certificates')).statusCode).toBe(200);
  });
});

describe('bad requests', () => {
  it('refuses a body over 1 MB with 413 and the error body', async () => {
    const response = await anonymous(ctx).post(
      '/auth/login',
      JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(BODY_LIMIT_BYTES) }),
      AS_JSON,
    );
    expect(response.statusCode).toBe(413);
    expect(errorBodySchema.parse(response.json()).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('takes a JSON content type with an empty body as no body, as the console sends it', async () => {
    const owner = await callerAs(ctx, 'owner');
    const response = await owner.delete('/clients/00000000-0000-4000-8000-000000000000', AS_JSON);
    expect(response.statusCode).toBe(404);
    const poisoned = await anonymous(ctx).post(
      '/auth/login',
      '{"email":"a@b.co","password":"x","__proto__":{"admin":true}}',
      AS_JSON,
    );
    expect(poisoned.statusCode).toBe(400);
  });

  it('refuses an unsupported content type with 415', async () => {
    const response = await anonymous(ctx).post('/auth/login', '<x/>', {
      headers: { 'content-type': 'text/xml' },
    });
    expect(response.statusCode).toBe(415);
    expect(errorBodySchema.parse(response.json()).code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});
