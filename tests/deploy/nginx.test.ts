// deploy/nginx.conf, as shipped (only ports, certificate paths and the upstream changed), in front of a real
// server with TRUST_PROXY=1: nginx terminates TLS and the server answers as an HTTPS origin.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureConsoleBuilt } from '../../scripts/console-build.mjs';
import { freePort } from '../support/postgres-cluster';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { throwawayCertificate } from '../support/tls';
import { REPO_ROOT } from './release';

const HOST = 'licences.example.com';
let server: ServerProcess;
let nginx: ChildProcess;
let nginxOutput = '';
let httpsPort: number;
let httpPort: number;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One request through nginx, naming the public host (TLS server name and Host header). */
function viaNginx(
  path: string,
  options: { tls?: boolean; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const tls = options.tls ?? true;
  const send = tls ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(
      {
        host: '127.0.0.1',
        port: tls ? httpsPort : httpPort,
        path,
        servername: HOST,
        rejectUnauthorized: false,
        headers: { host: HOST, ...options.headers },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lc-nginx-'));
  ensureConsoleBuilt(); // the server serves this checkout's dist/
  server = await startServerProcess({
    DATA_DIR: join(dir, 'data'),
    DATABASE_URL: '',
    TRUST_PROXY: '1',
    LOG_LEVEL: 'info',
  });
  const upstreamPort = new URL(server.url).port;
  httpsPort = await freePort();
  httpPort = await freePort();
  const tls = throwawayCertificate(HOST);
  const site = readFileSync(join(REPO_ROOT, 'deploy', 'nginx.conf'), 'utf8')
    .replace('server 127.0.0.1:3000;', `server 127.0.0.1:${upstreamPort};`)
    .replace('listen 80;', `listen 127.0.0.1:${httpPort};`)
    .replace('listen 443 ssl http2;', `listen 127.0.0.1:${httpsPort} ssl http2;`)
    .replace('/etc/ssl/licences/fullchain.pem', tls.cert)
    .replace('/etc/ssl/licences/privkey.pem', tls.key)
    .replace('return 301 https://$host$request_uri;', `return 301 https://$host:${httpsPort}$request_uri;`);
  writeFileSync(join(dir, 'site.conf'), site);
  // A whole nginx of its own: one process in the foreground, every path inside the temp folder.
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'master_process off;',
      `pid ${dir}/nginx.pid;`,
      'error_log stderr warn;',
      'events {}',
      'http {',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (kind) => `  ${kind}_temp_path ${dir}/${kind};`,
      ),
      `  include ${dir}/site.conf;`,
      '}',
    ].join('\n'),
  );
  nginx = spawn(
    existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx',
    ['-p', dir, '-c', join(dir, 'nginx.conf')],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  nginx.stderr?.on('data', (chunk: Buffer) => (nginxOutput += chunk.toString()));
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (nginx.exitCode !== null) throw new Error(`nginx exited: ${nginxOutput}`);
    try {
      if ((await viaNginx('/readyz')).status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`nginx did not answer: ${nginxOutput}`);
}, 120_000);

afterAll(async () => {
  nginx?.kill('SIGTERM');
  server?.child.kill('SIGTERM');
  await server?.exited;
});

describe('behind nginx terminating TLS (deploy/nginx.conf)', () => {
  it('serves the console as an HTTPS origin: HSTS and the upgrade directive', async () => {
    const page = await viaNginx('/');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(page.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('passes the precompressed files and their caching through', async () => {
    const page = await viaNginx('/');
    // The first screen's chunk (vite.config.ts): the entry itself is a few bytes, under the size twins are made from.
    const firstScreen = /href="(\/assets\/console-[\w-]+\.js)"/.exec(page.body)?.[1];
    expect(firstScreen).toBeTruthy();
    const script = await viaNginx(firstScreen!, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(script.status).toBe(200);
    expect(script.headers['content-encoding']).toBe('br');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it("keeps nginx's request id and logs the client's own address, not the proxy's", async () => {
    const answer = await viaNginx('/healthz', { headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
    // The server writes its log line as the answer goes out: wait for it rather than for a fixed time.
    await expect.poll(() => server.output(), { timeout: 5000 }).toContain('"remoteAddress":"203.0.113.7"');
  });

  it('sends plain-HTTP visitors to HTTPS', async () => {
    const answer = await viaNginx('/certificates', { tls: false });
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe(`https://${HOST}:${httpsPort}/certificates`);
  });
});
