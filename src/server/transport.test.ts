// How answers travel: security headers fitted to HTTP or HTTPS, compression, caching of the console's files,
// paths the router refuses, request ids (docs/deployment.md). Chromium checks the same on a real server in
// tests/e2e/deploy.e2e.ts.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../contract';
import {
  createTestApp,
  createUser,
  TEST_PASSWORD,
  userWithSession,
  type TestContext,
} from '../../tests/support/test-app';

const consoleDir = mkdtempSync(join(tmpdir(), 'lc-console-'));
const INDEX = `<!doctype html><title>License Console</title>${'<!-- padding -->'.repeat(100)}`;
const SCRIPT = 'console.log("the console");'.repeat(200);
const ASSET = '/assets/index-Ab3_dE-9.js';

let plain: TestContext;
let proxied: TestContext;

beforeAll(async () => {
  mkdirSync(join(consoleDir, 'assets'));
  writeFileSync(join(consoleDir, 'index.html'), INDEX);
  writeFileSync(join(consoleDir, 'index.html.br'), brotliCompressSync(INDEX));
  writeFileSync(join(consoleDir, 'index.html.gz'), gzipSync(INDEX));
  writeFileSync(join(consoleDir, ASSET), SCRIPT);
  writeFileSync(join(consoleDir, `${ASSET}.br`), brotliCompressSync(SCRIPT));
  writeFileSync(join(consoleDir, `${ASSET}.gz`), gzipSync(SCRIPT));
  writeFileSync(join(consoleDir, `${ASSET}.map`), '{"sources":["secret.tsx"]}');
  plain = await createTestApp({ consoleDir });
  proxied = await createTestApp({ consoleDir, env: { TRUST_PROXY: '1' } });
});
afterAll(async () => {
  await plain.close();
  await proxied.close();
});

const HTTPS_HOPS = { 'x-forwarded-proto': 'https', host: 'licences.example.com' };

describe('headers over plain HTTP on a company host', () => {
  it('ask for no HTTPS upgrade and no HSTS, and send secure-origin headers only to loopback names', async () => {
    for (const url of [
      '/',
      '/certificates',
      ASSET,
      '/api/v1/licensing/public-keys',
      '/api/v1/no-such-route',
      '/api/docs/',
    ]) {
      const { headers } = await plain.app.inject({ url, headers: { host: 'licences.corp:3000' } });
      expect(String(headers['content-security-policy']), url).not.toContain('upgrade-insecure-requests');
      expect(headers['strict-transport-security'], url).toBeUndefined();
      expect(headers['cross-origin-opener-policy'], url).toBeUndefined();
      expect(headers['origin-agent-cluster'], url).toBeUndefined();
      expect(headers['x-frame-options'], url).toBe('DENY');
    }
    const local = await plain.app.inject({ url: '/', headers: { host: 'localhost:3000' } });
    expect(local.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(local.headers['origin-agent-cluster']).toBe('?1');
  });

  it('do not take X-Forwarded-Proto from a client when no proxy is trusted', async () => {
    const { headers } = await plain.app.inject({ url: '/', headers: HTTPS_HOPS });
    expect(headers['strict-transport-security']).toBeUndefined();
  });
});

describe('headers over HTTPS (at a trusted proxy)', () => {
  it('add HSTS without sub-domains, and upgrade-insecure-requests to the console and API policies', async () => {
    for (const url of ['/', ASSET, '/api/v1/licensing/public-keys', '/api/v1/no-such-route', '/api/docs/']) {
      const { headers } = await proxied.app.inject({ url, headers: HTTPS_HOPS });
      expect(headers['strict-transport-security'], url).toBe('max-age=31536000');
      expect(headers['cross-origin-opener-policy'], url).toBe('same-origin');
      const policy = String(headers['content-security-policy']);
      if (url === '/api/docs/') continue; // its own policy; it loads nothing to upgrade
      expect(policy.match(/upgrade-insecure-requests/g), url).toHaveLength(1);
    }
  });

  it('covers sub-domains only when HSTS_INCLUDE_SUBDOMAINS says so', async () => {
    const ctx = await createTestApp({ env: { TRUST_PROXY: '1', HSTS_INCLUDE_SUBDOMAINS: '1' } });
    try {
      const { headers } = await ctx.app.inject({ url: '/healthz', headers: HTTPS_HOPS });
      expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await ctx.close();
    }
  });
});

describe("the console's files", () => {
  it('are sent precompressed as the browser accepts, with the right type', async () => {
    const br = await plain.app.inject({ url: ASSET, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    const gzip = await plain.app.inject({ url: ASSET, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);
    const identity = await plain.app.inject({ url: ASSET });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(SCRIPT);
  });

  it('cache hashed assets for good and make index.html revalidate, with ETags', async () => {
    const asset = await plain.app.inject({ url: ASSET, headers: { 'accept-encoding': 'br' } });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.etag).toBeTruthy();
    for (const url of ['/', '/certificates?status=active']) {
      const page = await plain.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(page.rawPayload).toString(), url).toBe(INDEX);
    }
    const index = await plain.app.inject({ url: '/index.html' });
    expect(index.headers.etag).toBeTruthy();
    const revalidated = await plain.app.inject({
      url: '/index.html',
      headers: { 'if-none-match': String(index.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it('never publish source maps, and a missing file is a 404, not the console page', async () => {
    for (const url of [`${ASSET}.map`, '/favicon.ico', '/assets/index-gone1234.js']) {
      const response = await plain.app.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('secret.tsx');
    }
  });
});

describe('API answers', () => {
  it('are compressed above the threshold', async () => {
    const { headers } = await userWithSession(plain, 'owner');
    for (let i = 0; i < 30; i += 1) await createUser(plain, 'viewer');
    const list = await plain.app.inject({
      url: '/api/v1/users?limit=100',
      headers: { ...headers, 'accept-encoding': 'br, gzip' },
    });
    expect(list.statusCode).toBe(200);
    // gzip where the client takes both (as small as light brotli on JSON, and cheaper), brotli otherwise.
    expect(list.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(list.rawPayload).toString()).data.users.length).toBeGreaterThan(30);
    const brOnly = await plain.app.inject({
      url: '/api/v1/users?limit=100',
      headers: { ...headers, 'accept-encoding': 'br' },
    });
    expect(brOnly.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(brOnly.rawPayload).toString()).data.users.length).toBeGreaterThan(
      30,
    );
    // Small answers go as they are.
    const small = await plain.app.inject({ url: '/healthz', headers: { 'accept-encoding': 'gzip, br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('never compress an answer carrying a token', async () => {
    const user = await createUser(plain, 'viewer', { name: 'x'.repeat(2000) });
    const login = await plain.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'accept-encoding': 'gzip, br' },
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(login.rawPayload.length).toBeGreaterThan(2000);
    expect(login.headers['content-encoding']).toBeUndefined();
    const refresh = await plain.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      headers: { 'accept-encoding': 'gzip, br' },
      payload: { refreshToken: login.json().data.refreshToken },
    });
    expect(refresh.statusCode).toBe(200);
    expect(refresh.headers['content-encoding']).toBeUndefined();
  });
});

describe('requests the router refuses', () => {
  it('answer an undecodable path with the contract error body and every header', async () => {
    for (const url of ['/api/v1/clients/%FF', '/api/v1/users/%E0%A4%A']) {
      const response = await proxied.app.inject({ url, headers: HTTPS_HOPS });
      expect(response.statusCode, url).toBe(400);
      expect(errorBodySchema.parse(response.json())).toEqual({
        message: 'The request path is not valid',
        code: 'VALIDATION_FAILED',
      });
      expect(String(response.headers['content-security-policy']), url).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['strict-transport-security'], url).toBe('max-age=31536000');
      expect(response.headers['x-request-id'], url).toBeTruthy();
    }
  });

  it('answer an overlong path parameter with 414 and the contract error body', async () => {
    const response = await plain.app.inject(`/api/v1/clients/${'a'.repeat(500)}`);
    expect(response.statusCode).toBe(414);
    expect(errorBodySchema.parse(response.json()).message).toBe('The request path is too long');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('request ids', () => {
  it("keep a client's short plain id and replace anything else", async () => {
    const kept = await plain.app.inject({ url: '/healthz', headers: { 'x-request-id': 'lb-7f3a.91:2' } });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.91:2');
    for (const bad of ['a b', 'x'.repeat(65), 'id"}{"level":60', '<script>']) {
      const replaced = await plain.app.inject({ url: '/healthz', headers: { 'x-request-id': bad } });
      expect(replaced.headers['x-request-id'], bad).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
