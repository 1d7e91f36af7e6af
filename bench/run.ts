// `npm run bench`: the server on a large database, loaded by autocannon from this (second) process.
// Usage: npm run bench -- [--db pglite|postgres] [--certificates N] [--clients N] [--duration S] [--console]
//                         [--routes healthz,validate] (only the routes whose names start with one of these)
//                         [--profile] (the server writes a V8 CPU profile into bench/.profiles when it stops;
//                         with --console, each page's whole Lighthouse report goes there too)
//                         [--overload-seconds S] (the overload row's length, 30 by default)
//                         [--backup] (only the backup row: how long an owner's backup takes, and how long a read
//                         of the database waits meanwhile; its own row of the results file)
// The overload row (`--routes overload` alone) loads a mix of routes at 200 connections and probes /healthz beside
// it; run alone, it updates that row of the results file and leaves the routes' figures as they were. Its "before"
// is the server without shedding: OVERLOAD_EVENT_LOOP_DELAY_MS=0 OVERLOAD_HEAP_USED_MB=0 npm run bench -- ….
// Variables set in the bench's own environment reach the server, unless the bench sets them itself (below).
// With --console: Lighthouse on the built console instead of the API load (bench/lighthouse.ts), into
// bench/results-console.json.
// Prints a table, writes bench/results.json; docs/performance.md records the figures and what dominates.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import autocannon from 'autocannon';
import { ROLE_IDS } from '../src/contract/roles';
import { openDatabase } from '../src/server/db/client';
import { users } from '../src/server/db/schema';
import { hashPassword } from '../src/server/services/auth/passwords';
import { progressBar, seedBulk } from '../src/server/seed/bulk';
import { freePort, startPostgres, type PostgresCluster } from '../tests/support/postgres-cluster';
import { ensureConsoleBuilt } from '../scripts/console-build.mjs';
import { ensureServerBuilt, SERVER_MAIN } from '../scripts/server-build.mjs';
import { measureConsole } from './lighthouse';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    certificates: { type: 'string' },
    clients: { type: 'string' },
    duration: { type: 'string', default: '8' },
    out: { type: 'string' },
    console: { type: 'boolean', default: false },
    routes: { type: 'string' },
    profile: { type: 'boolean', default: false },
    'overload-seconds': { type: 'string', default: '30' },
    backup: { type: 'boolean', default: false },
  },
});
const kind = values.db === 'postgres' ? 'postgres' : 'pglite';
const certificates = Number(values.certificates ?? (kind === 'postgres' ? 1_000_000 : 100_000));
const clients = Number(values.clients ?? Math.max(100, Math.round(certificates / 10)));
const duration = Number(values.duration);
const OWNER = { email: 'bench-owner@example.test', password: 'bench-owner-password' };
const root = process.cwd();
const children: ChildProcess[] = [];
let cluster: PostgresCluster | undefined;

function cleanup() {
  for (const child of children) child.kill('SIGTERM');
  cluster?.stop();
}
process.on('exit', cleanup);
process.on('SIGINT', () => process.exit(130));

function startProcess(args: string[], env: Record<string, string>, ready: RegExp): Promise<string> {
  // node with tsx as a loader (not the tsx CLI, whose grandchild our signals would not reach); workspace packages
  // load from their TypeScript sources (the `license-console-source` condition of their exports).
  const child = spawn(process.execPath, ['--conditions=license-console-source', '--import', 'tsx', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = ready.exec(output);
      if (match) resolve(match[1] ?? '');
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) =>
      reject(new Error(`${args.join(' ')} exited with ${code}:\n${output.slice(-2000)}`)),
    );
  });
}

/** Seeds once per size: a PGlite folder is kept in bench/.data (ignored by git) and reused by later runs. */
async function prepareDatabase(): Promise<Record<string, string>> {
  let env: Record<string, string>;
  let seedNeeded = true;
  if (kind === 'postgres') {
    const url = process.env.BENCH_DATABASE_URL ?? (cluster = await startPostgres()).url;
    env = { DATABASE_URL: url };
    // A database of one's own (BENCH_DATABASE_URL) is seeded by the first run and reused by the next ones.
    seedNeeded = !process.env.BENCH_DATABASE_URL || !(await hasBenchOwner(url));
  } else {
    const dataDir = join(root, 'bench', '.data', `pglite-${certificates}`);
    seedNeeded = !existsSync(join(dataDir, 'seeded'));
    if (seedNeeded) rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
    env = { DATA_DIR: dataDir };
  }
  if (seedNeeded) {
    const database = await openDatabase(
      kind === 'postgres' ? { kind, url: env.DATABASE_URL! } : { kind, dataDir: env.DATA_DIR! },
    );
    const started = Date.now();
    await seedBulk(database.db, {
      clients,
      certificates,
      users: 1000,
      onProgress: (phase, done, total) =>
        process.stderr.write(`\r${progressBar(phase, done, total)}${done === total ? '\n' : ''}`),
    });
    await database.db.insert(users).values({
      id: randomUUID(),
      name: 'Bench Owner',
      email: OWNER.email,
      passwordHash: await hashPassword(OWNER.password),
      roleId: ROLE_IDS.owner,
    });
    await database.close();
    if (kind === 'pglite') writeFileSync(join(env.DATA_DIR!, 'seeded'), new Date().toISOString());
    console.log(
      `seeded ${certificates.toLocaleString('en-US')} certificates in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
  }
  return env;
}

/** Whether a PostgreSQL database was seeded by an earlier run (its owner is the last row the seed writes). */
async function hasBenchOwner(url: string): Promise<boolean> {
  const database = await openDatabase({ kind: 'postgres', url });
  try {
    const found = await database.db.select({ id: users.id }).from(users).where(eq(users.email, OWNER.email));
    return found.length > 0;
  } finally {
    await database.close();
  }
}

async function api<T>(base: string, path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const call = () =>
    fetch(`${base}${path}`, {
      ...init,
      headers: {
        'content-type': 'application/json',
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      },
    });
  let response = await call();
  // A server that has just started on a busy machine may shed load: try again a moment later, as a client would.
  for (let attempt = 1; response.status === 503 && attempt < 20; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    response = await call();
  }
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

interface Target {
  name: string;
  path: string;
  /** Several paths instead: each connection goes round them in turn (the search's varied queries). */
  paths?: string[];
  method?: 'GET' | 'POST';
  body?: string;
  /** A body made afresh for every request (a check with its own nonce). */
  bodyOf?: () => string;
  auth?: boolean;
}

interface Result {
  name: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  ratio: number;
}

async function load(
  base: string,
  target: Target,
  connections: number,
  token: string,
  seconds: number = duration,
) {
  const headers = {
    'content-type': 'application/json',
    ...(target.auth === false ? {} : { authorization: `Bearer ${token}` }),
  };
  const result = await autocannon({
    url: `${base}${target.path}`,
    method: target.method ?? 'GET',
    connections,
    duration: seconds,
    headers,
    ...(target.body ? { body: target.body } : {}),
    ...(target.paths
      ? { requests: target.paths.map((path) => ({ method: target.method ?? 'GET', path, headers })) }
      : {}),
    ...(target.bodyOf
      ? {
          requests: [
            {
              method: target.method ?? 'POST',
              path: target.path,
              headers,
              setupRequest: (request: autocannon.Request) => ({ ...request, body: target.bodyOf!() }),
            },
          ],
        }
      : {}),
  });
  const errors = result.errors + result.timeouts + result.non2xx;
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors };
}

/**
 * The overload row: more connections than two cores can answer in time, on what a busy day mixes (licence checks,
 * the certificates list, the dashboard's stats), with a probe of /healthz beside it as a load balancer would send.
 * Target (docs/performance.md): nothing waits over 2 s (a request is answered, or refused at once), no time-outs,
 * and /healthz answers within 100 ms at the p99.
 */
const OVERLOAD = {
  name: 'overload (mix, 200 connections)',
  connections: 200,
  /** autocannon's time-out: a request unanswered this long is counted as timed out. */
  timeoutSeconds: 10,
  inTimeMs: 2000,
  probeEveryMs: 250,
  probeTimeoutMs: 5000,
  healthzP99Ms: 100,
  /** Seconds of each route of the mix at 10 connections before the run, not counted. */
  warmUpSeconds: 2,
};

interface OverloadResult {
  name: string;
  connections: number;
  durationSeconds: number;
  measuredAt: string;
  requests: number;
  /** 2xx within 2 s, and their latency. */
  answeredInTime: number;
  p50: number;
  p99: number;
  /** 503 OVERLOADED within 2 s. */
  shed: number;
  /** Any answer after 2 s. */
  late: number;
  /** Other statuses, and connection errors. */
  errors: number;
  timedOut: number;
  slowestMs: number;
  healthz: { probes: number; unanswered: number; p50: number; p99: number; maxMs: number };
  met: boolean;
}

const percentile = (sorted: readonly number[], share: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
const ms = (value: number) => Math.round(value * 10) / 10;

/**
 * The /healthz probe, on a thread of its own so that the load generator's work does not delay its clock: a new
 * connection every `everyMs` (as a load balancer's probe comes), each given `timeoutMs` to answer 200.
 */
const HEALTHZ_PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
const { request } = require('node:http');
const { port, everyMs, timeoutMs, durationMs } = workerData;
const latencies = [];
let unanswered = 0;
let pending = 0;
let stopped = false;
const report = () => parentPort.postMessage({ latencies, unanswered });
function probe() {
  pending += 1;
  const started = performance.now();
  let settled = false;
  const settle = (answered) => {
    if (settled) return;
    settled = true;
    pending -= 1;
    clearTimeout(timer);
    if (answered) latencies.push(performance.now() - started);
    else unanswered += 1;
    if (stopped && pending === 0) report();
  };
  const outgoing = request(
    { host: '127.0.0.1', port, path: '/healthz', agent: false, headers: { connection: 'close' } },
    (response) => {
      response.resume();
      response.on('end', () => settle(response.statusCode === 200));
    },
  );
  const timer = setTimeout(() => {
    settle(false);
    outgoing.destroy();
  }, timeoutMs);
  outgoing.on('error', () => settle(false));
  outgoing.end();
}
const ticker = setInterval(probe, everyMs);
setTimeout(() => {
  clearInterval(ticker);
  stopped = true;
  if (pending === 0) report();
}, durationMs);
`;

function probeHealthz(port: number, seconds: number): Promise<{ latencies: number[]; unanswered: number }> {
  const worker = new Worker(HEALTHZ_PROBE, {
    eval: true,
    workerData: {
      port,
      everyMs: OVERLOAD.probeEveryMs,
      timeoutMs: OVERLOAD.probeTimeoutMs,
      durationMs: seconds * 1000,
    },
  });
  return new Promise((resolve, reject) => {
    worker.once('message', (result: { latencies: number[]; unanswered: number }) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

async function overloadRun(
  base: string,
  port: number,
  mix: Target[],
  token: string,
): Promise<OverloadResult> {
  const seconds = Number(values['overload-seconds']);
  const answered: number[] = [];
  const counts = { shed: 0, late: 0, errors: 0 };
  let slowestMs = 0;
  // A warm server, as one that has been serving is: the first queries of a fresh process read the database's pages
  // into memory and compile the code (seconds on PGlite), which is start-up, not overload.
  for (const target of mix) await load(base, target, 10, token, OVERLOAD.warmUpSeconds);
  const probes = probeHealthz(port, seconds);
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections: OVERLOAD.connections,
        duration: seconds,
        timeout: OVERLOAD.timeoutSeconds,
        // Each connection goes round the mix: a check, a list page, the stats, a check, …
        requests: mix.map((target) => ({
          method: target.method ?? 'GET',
          path: target.path,
          headers: {
            'content-type': 'application/json',
            ...(target.auth === false ? {} : { authorization: `Bearer ${token}` }),
          },
          ...(target.body ? { body: target.body } : {}),
        })),
      },
      (error: unknown, done: autocannon.Result) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      slowestMs = Math.max(slowestMs, responseTime);
      if (responseTime > OVERLOAD.inTimeMs) counts.late += 1;
      else if (statusCode === 503) counts.shed += 1;
      else if (statusCode >= 200 && statusCode < 300) answered.push(responseTime);
      else counts.errors += 1;
    });
  });
  const healthz = await probes;
  answered.sort((a, b) => a - b);
  const latencies = healthz.latencies.sort((a, b) => a - b);
  const timedOut = result.timeouts;
  const probe = {
    probes: latencies.length + healthz.unanswered,
    unanswered: healthz.unanswered,
    p50: ms(percentile(latencies, 0.5)),
    p99: ms(percentile(latencies, 0.99)),
    maxMs: ms(latencies.at(-1) ?? 0),
  };
  return {
    name: OVERLOAD.name,
    connections: OVERLOAD.connections,
    durationSeconds: seconds,
    measuredAt: new Date().toISOString(),
    requests: answered.length + counts.shed + counts.late + counts.errors + timedOut,
    answeredInTime: answered.length,
    p50: ms(percentile(answered, 0.5)),
    p99: ms(percentile(answered, 0.99)),
    shed: counts.shed,
    late: counts.late,
    // Connection errors beside the time-outs autocannon counts among its errors.
    errors: counts.errors + Math.max(0, result.errors - timedOut),
    timedOut,
    slowestMs: ms(slowestMs),
    healthz: probe,
    met:
      counts.late === 0 &&
      timedOut === 0 &&
      probe.unanswered === 0 &&
      probe.p99 < OVERLOAD.healthzP99Ms &&
      slowestMs <= OVERLOAD.inTimeMs,
  };
}

function printOverload(r: OverloadResult) {
  const h = r.healthz;
  console.log(
    [
      `\n${r.name}, ${r.durationSeconds} s of validate + certificates list + dashboard stats:`,
      `  ${r.requests} requests: ${r.answeredInTime} answered in time (p50 ${r.p50} ms, p99 ${r.p99} ms), ${r.shed} shed (503), ${r.late} after 2 s, ${r.timedOut} timed out (10 s), ${r.errors} other errors; slowest ${r.slowestMs} ms`,
      `  /healthz, a new connection every ${OVERLOAD.probeEveryMs} ms: p50 ${h.p50} ms, p99 ${h.p99} ms, max ${h.maxMs} ms, ${h.unanswered} of ${h.probes} unanswered in 5 s`,
      `  target: nothing over 2 s, 0 time-outs, /healthz p99 < ${OVERLOAD.healthzP99Ms} ms: ${r.met ? 'met' : 'MISSED'}`,
    ].join('\n'),
  );
}

async function main() {
  // The console bench measures the built console the server serves.
  if (values.console) ensureConsoleBuilt();
  const env = await prepareDatabase();
  const port = await freePort();
  const profileDir = join(root, 'bench', '.profiles');
  // The server's build, as production runs it.
  await ensureServerBuilt();
  await startProcess(
    [...(values.profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), SERVER_MAIN],
    {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      LOGIN_RATE_LIMIT: '0',
      VALIDATE_RATE_LIMIT: '0',
      // Backups only for the backup row: the daily one would otherwise be made (at start) under another row's load.
      ...(values.backup
        ? {
            BACKUP_DIR: mkdtempSync(join(tmpdir(), 'lc-bench-backups-')),
            BACKUP_KEY: randomBytes(32).toString('hex'),
          }
        : {}),
    },
    /(License Console is running)/,
  );
  const base = `http://127.0.0.1:${port}`;
  if (values.console) {
    const out = values.out ?? 'bench/results-console.json';
    console.log('\nLighthouse, mobile preset, cold:');
    const pages = await measureConsole(
      base,
      OWNER,
      (page) =>
        console.log(
          `${page.page.padEnd(14)} score ${String(page.score).padStart(3)}  LCP ${page.lcpMs} ms  TBT ${page.tbtMs} ms  FCP ${page.fcpMs} ms  CLS ${page.cls}  (targets: score >= 90, LCP < 2500 ms, TBT < 200 ms)`,
        ),
      values.profile ? profileDir : undefined,
    );
    writeFileSync(
      out,
      `${JSON.stringify({ database: kind, certificates, measuredAt: new Date().toISOString(), preset: 'mobile', pages }, null, 2)}\n`,
    );
    console.log(`\nwrote ${out}`);
    return;
  }
  const helloPort = await startProcess(['bench/hello.ts'], { PORT: '0' }, /listening (\d+)/);

  const login = await api<{ data: { accessToken: string } }>(base, '/api/v1/auth/login', {
    method: 'POST',
    body: JSON.stringify(OWNER),
  });
  const token = login.data.accessToken;
  if (values.backup) return backupRun(base, token);
  // A real signed licence for the validate route: activate a pending certificate and download its file.
  const pending = await api<{ data: { certificates: { uuid: string; serialNumber: string }[] } }>(
    base,
    '/api/v1/certificates?status=pending&limit=1',
    { token },
  );
  const certificate = pending.data.certificates[0];
  if (!certificate) throw new Error('no pending certificate to activate');
  await api(base, `/api/v1/certificates/${certificate.uuid}/activate`, { method: 'POST', token, body: '{}' });
  // A licence that keeps in touch: a 30-day file lifetime, so the check-in rows hand out a v2 file.
  await api(base, `/api/v1/certificates/${certificate.uuid}/terms`, {
    method: 'PUT',
    token,
    body: JSON.stringify({ fileLifetimeDays: 30 }),
  });
  const license = await api<Record<string, unknown>>(
    base,
    `/api/v1/certificates/${certificate.uuid}/download`,
    { method: 'POST', token, body: '{}' },
  );
  // What a person types: the distinctive tail of one serial number (a prefix shared by every row would be a scan).
  const search = certificate.serialNumber.slice(-6);
  const palette = await searchQueries(base, token);

  const targets: Target[] = [
    // The request pipeline alone (security headers, request id, logging), no database: the /healthz target
    // (docs/performance.md).
    { name: 'healthz (no database)', path: '/healthz', auth: false },
    {
      name: 'validate (anonymous)',
      path: '/api/v1/certificates/validate',
      method: 'POST',
      auth: false,
      body: JSON.stringify({ license }),
    },
    {
      name: 'validate with a nonce',
      path: '/api/v1/certificates/validate',
      method: 'POST',
      auth: false,
      bodyOf: () => JSON.stringify({ license, nonce: randomBytes(18).toString('base64url') }),
    },
    {
      name: 'check-in with a nonce',
      path: '/api/v1/licensing/check-in',
      method: 'POST',
      auth: false,
      bodyOf: () =>
        JSON.stringify({
          license,
          serialNumber: certificate.serialNumber,
          nonce: randomBytes(18).toString('base64url'),
          machine: { hostname: 'bench-host', softwareVersion: '1.0.0' },
        }),
    },
    { name: 'certificates list', path: '/api/v1/certificates?page=1&limit=10' },
    {
      name: 'certificates search',
      path: `/api/v1/certificates?page=1&limit=10&search=${encodeURIComponent(search)}`,
    },
    { name: 'certificates of a status', path: '/api/v1/certificates?page=3&limit=10&status=expired' },
    // Sorted pages: each key is read in order from its index (drizzle/0006_list_sort_indexes.sql).
    {
      name: 'certificates by validTo desc',
      path: '/api/v1/certificates?page=3&limit=10&sort=validTo&order=desc',
    },
    { name: 'certificates by clientName', path: '/api/v1/certificates?page=3&limit=10&sort=clientName' },
    {
      name: 'certificates by lastUsedAt',
      path: '/api/v1/certificates?page=1&limit=25&sort=lastUsedAt&order=desc',
    },
    // By status, cut from the status buckets (services/certificates/status-order.ts): page 3 like the other sorts,
    // then 80,000 rows in, where the revoked end and the expired begin (a deep page costs its offset in any order).
    { name: 'certificates by status', path: '/api/v1/certificates?page=3&limit=10&sort=status' },
    {
      name: 'certificates by status, page 8,001',
      path: '/api/v1/certificates?page=8001&limit=10&sort=status&order=desc',
    },
    {
      name: 'clients by certificates',
      path: '/api/v1/clients?page=1&limit=10&sort=certificateCount&order=desc',
    },
    { name: 'clients list', path: '/api/v1/clients?page=1&limit=10' },
    { name: 'users list', path: '/api/v1/users?page=1&limit=10' },
    { name: 'dashboard stats', path: '/api/v1/dashboard/stats' },
    { name: 'certificate-expiration', path: '/api/v1/dashboard/certificate-expiration?days=30' },
    { name: 'activity', path: '/api/v1/dashboard/activity?page=1&limit=10' },
    // The audit log filtered: one action among a million rows and a serial number in the descriptions,
    // with the count of its matches.
    {
      name: 'activity filtered',
      path: `/api/v1/dashboard/activity?page=1&limit=10&action=certificate.created&search=${encodeURIComponent(search)}`,
    },
    // The command palette (GET /search): varied queries, each connection going round them (searchQueries).
    { name: 'search (3+ characters)', path: palette.long[0]!, paths: palette.long },
    { name: 'search (1-2 characters)', path: palette.short[0]!, paths: palette.short },
    { name: 'search (whole client names)', path: palette.names[0]!, paths: palette.names },
    { name: 'login', path: '/api/v1/auth/login', method: 'POST', auth: false, body: JSON.stringify(OWNER) },
  ];

  const mix = ['validate', 'certificates list', 'dashboard stats'].map((name) =>
    targets.find((target) => target.name.startsWith(name))!,
  );
  // A quick loop while working on one route; the recorded figures are always a whole run (the overload row alone
  // updates its own row).
  const only = values.routes?.split(',').map((name) => name.trim().toLowerCase());
  const measuresOverload = !only || only.some((name) => OVERLOAD.name.startsWith(name));
  if (only) {
    const kept = targets.filter((target) => only.some((name) => target.name.toLowerCase().startsWith(name)));
    if (kept.length === 0 && !measuresOverload) throw new Error(`--routes ${values.routes} names no route`);
    targets.splice(0, targets.length, ...kept);
  }

  console.log(
    `\nLoading ${kind} with ${certificates.toLocaleString('en-US')} certificates, ${duration} s per run (throughput at 50 connections, latency at 10)\n`,
  );
  const ceiling =
    targets.length > 0
      ? await load(
          `http://127.0.0.1:${helloPort}`,
          { name: 'ceiling', path: '/hello', auth: false },
          50,
          token,
        )
      : { rps: 0, p50: 0, p99: 0, errors: 0 };
  const results: Result[] =
    targets.length > 0 ? [{ name: 'ceiling (bare Fastify)', connections: 50, ...ceiling, ratio: 1 }] : [];
  if (targets.length > 0) console.log(`ceiling: ${ceiling.rps.toFixed(0)} req/s`);
  for (const [index, target] of targets.entries()) {
    // A line per route as it goes: the whole run takes minutes.
    process.stdout.write(`[${index + 1}/${targets.length}] ${target.name}: `);
    const throughput = await load(base, target, 50, token);
    const latency = await load(base, target, 10, token);
    console.log(
      `${throughput.rps.toFixed(0)} req/s (${((throughput.rps / ceiling.rps) * 100).toFixed(1)} % of the ceiling), p99 ${latency.p99} ms`,
    );
    results.push({
      name: target.name,
      connections: 50,
      rps: throughput.rps,
      ratio: throughput.rps / ceiling.rps,
      // Latency is measured at 10 connections; errors are summed over both runs.
      p50: latency.p50,
      p99: latency.p99,
      errors: throughput.errors + latency.errors,
    });
  }

  // Last: overload leaves the server's memory and caches as no route's own figures should find them.
  const overload = measuresOverload ? await overloadRun(base, port, mix, token) : undefined;

  const header = `${'route'.padEnd(34)} ${'req/s'.padStart(9)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'errors'.padStart(7)} ${'of ceiling'.padStart(10)}  target`;
  if (results.length > 0) console.log(`${header}\n${'-'.repeat(header.length)}`);
  for (const r of results) {
    const target = r.name.startsWith('ceiling') ? '' : targetOf(r);
    console.log(
      `${r.name.padEnd(34)} ${r.rps.toFixed(0).padStart(9)} ${String(r.p50).padStart(7)} ${String(r.p99).padStart(7)} ${String(r.errors).padStart(7)} ${`${(r.ratio * 100).toFixed(1)} %`.padStart(10)}  ${target}`,
    );
  }
  if (overload) printOverload(overload);
  const out = values.out ?? 'bench/results.json';
  if (only && !values.out) {
    if (!overload || targets.length > 0)
      return console.log('\n(a partial run: bench/results.json left as it was)');
    // The overload row alone: its own row of the results file, the routes' figures left as they were.
    const recorded = existsSync(out)
      ? (JSON.parse(readFileSync(out, 'utf8')) as Record<string, unknown>)
      : {};
    writeFileSync(out, `${JSON.stringify({ ...recorded, overload }, null, 2)}\n`);
    return console.log(`\nwrote the overload row of ${out}`);
  }
  writeFileSync(
    out,
    `${JSON.stringify({ database: kind, certificates, clients, durationSeconds: duration, measuredAt: new Date().toISOString(), routes: results, ...(overload ? { overload } : {}) }, null, 2)}\n`,
  );
  console.log(`\nwrote ${out}`);
}

interface BackupRow {
  name: string;
  measuredAt: string;
  /** The owner's POST /backups, from request to answer. */
  backupMs: number;
  sizeBytes: number | null;
  rows: number | null;
  /** Reads of the database (a page of clients) sent one after another while it ran. */
  probes: number;
  probeP50: number;
  /** The longest a read waited: the pause other requests see. */
  probeMaxMs: number;
}

/**
 * The backup row: an owner's backup now, with a read of the database (one page of clients) sent one after another
 * beside it, each timed. On PGlite the backup holds the one connection, so the longest read is the pause.
 */
async function backupRun(base: string, token: string) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  // The daily backup made at start (BACKUP_TIME has passed) finishes first.
  for (let waited = 0; ; waited += 500) {
    const overview = await api<{ data: { backups: { status: string }[] } }>(base, '/api/v1/backups', {
      token,
    });
    if (!overview.data.backups.some((backup) => backup.status === 'running')) break;
    if (waited > 300_000) throw new Error('the daily backup made at start did not finish');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const probes: number[] = [];
  let running = true;
  const probing = (async () => {
    while (running) {
      const started = performance.now();
      await fetch(`${base}/api/v1/clients?page=1&limit=1`, { headers }).then((response) =>
        response.arrayBuffer(),
      );
      probes.push(performance.now() - started);
    }
  })();
  const started = performance.now();
  const answer = await fetch(`${base}/api/v1/backups`, {
    method: 'POST',
    headers: { authorization: headers.authorization },
  });
  const backupMs = performance.now() - started;
  running = false;
  await probing;
  const made = (await answer.json()) as {
    data?: { status: string; sizeBytes: number | null; rows: number | null };
  };
  if (answer.status !== 201 || made.data?.status !== 'done')
    throw new Error(`backup failed: ${JSON.stringify(made)}`);
  const sorted = [...probes].sort((a, b) => a - b);
  const row: BackupRow = {
    name: `backup (${kind}, ${certificates.toLocaleString('en-US')} certificates)`,
    measuredAt: new Date().toISOString(),
    backupMs: Math.round(backupMs),
    sizeBytes: made.data.sizeBytes,
    rows: made.data.rows,
    probes: probes.length,
    probeP50: Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0),
    probeMaxMs: Math.round(sorted.at(-1) ?? 0),
  };
  console.log(
    `\n${row.name}: ${row.backupMs} ms, ${((row.sizeBytes ?? 0) / 1e6).toFixed(1)} MB, ${row.rows} rows; ${row.probes} reads beside it, p50 ${row.probeP50} ms, the longest ${row.probeMaxMs} ms`,
  );
  const out = values.out ?? (kind === 'postgres' ? 'bench/results-postgres.json' : 'bench/results.json');
  const recorded = existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')) as Record<string, unknown>) : {};
  writeFileSync(out, `${JSON.stringify({ ...recorded, backup: row }, null, 2)}\n`);
  console.log(`wrote the backup row of ${out}`);
}

/**
 * The command palette's queries, from five certificates of different clients: parts of serial numbers (the whole
 * serial, its start, four and three characters of its middle, its tail, an id) and of client names (the first word,
 * which a tenth of the clients share, and two words), a user's name and address; one- and two-character starts; and
 * whole client names, measured apart: the seed puts one 8-character salt into every client's name, so a whole name
 * holds six trigrams that every client has, which real names do not share (docs/performance.md).
 */
async function searchQueries(
  base: string,
  token: string,
): Promise<{ long: string[]; names: string[]; short: string[] }> {
  const sample: { uuid: string; serialNumber: string; clientName: string }[] = [];
  for (const page of [997, 1994, 2991, 3988, 4985]) {
    const found = await api<{
      data: { certificates: { uuid: string; serialNumber: string; clientName: string }[] };
    }>(base, `/api/v1/certificates?page=${page}&limit=1`, { token });
    sample.push(...found.data.certificates);
  }
  const long = sample.flatMap(({ serialNumber: serial, clientName }) => {
    const words = clientName.split(' ');
    return [
      serial,
      serial.slice(0, 7),
      serial.slice(4, 8),
      serial.slice(12, 15),
      serial.slice(-6).toLowerCase(),
      words[0]!,
      words.slice(0, 2).join(' ').toLowerCase(),
    ];
  });
  long.push(sample[0]!.uuid, 'bulk user 12', 'bulk.user7');
  const first = sample[0]!;
  const short = [
    's',
    'SN',
    first.serialNumber.slice(3, 5),
    first.clientName.slice(0, 2),
    'b',
    'bu',
    'w',
    '7',
  ];
  const path = (q: string) => `/api/v1/search?q=${encodeURIComponent(q)}`;
  return { long: long.map(path), names: sample.map((row) => path(row.clientName)), short: short.map(path) };
}

/** The performance targets, said beside each route with whether this run meets them (docs/performance.md). */
function targetOf(result: Result): string {
  const verdict = (met: boolean) => (met ? 'met' : 'MISSED');
  if (result.name.startsWith('search')) {
    const p99 = kind === 'postgres' ? 30 : 100;
    return `p99 < ${p99} ms: ${verdict(result.p99 < p99 && result.errors === 0)}`;
  }
  if (result.name.startsWith('login')) return 'reported (argon2id by design)';
  if (result.name.startsWith('healthz')) return `>= 60 % of the ceiling: ${verdict(result.ratio >= 0.6)}`;
  if (result.name === 'validate with a nonce' || result.name.startsWith('check-in'))
    return `>= 15 %, p99 < 15 ms: ${verdict(result.ratio >= 0.15 && result.p99 < 15)}`;
  if (result.name.startsWith('validate'))
    return `>= 40 %, p99 < 10 ms: ${verdict(result.ratio >= 0.4 && result.p99 < 10)}`;
  const p99 = kind === 'postgres' ? 20 : 150;
  return `p99 < ${p99} ms: ${verdict(result.p99 < p99 && result.errors === 0)}`;
}

main()
  .then(() => process.exit(0))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
