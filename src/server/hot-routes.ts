// The two routes called most, answered in front of Fastify: the licence check every licensed machine calls
// (`POST /api/v1/certificates/validate`, anonymous) and the liveness probe a load balancer polls (`GET /healthz`).
//
// Fastify's work per request (routing, hooks, a child logger, body parsing, the schema pass, its header checks)
// cost more than the check itself: the check answered at about 30 % of a bare server's rate (docs/performance.md).
// Here a request that is plainly one of the two is answered with what the app would send: the same
// security headers (plugins/security-headers.ts), request id, log line (request-log.ts), rate limit and error
// bodies (plugins/errors.ts), from the same modules. Anything else goes to Fastify:
// - before its body is read (a bearer token, a body that is not plain JSON or has no length, a server closing),
//   by handing the request on;
// - after (a body that does not parse or match the contract's schema), by replaying it through the app with
//   `inject`, so that every refusal is the app's own, word for word.
// Under overload the check is refused here as the app's shedding hook refuses it, asking the same monitor
// (overload.ts), before its body is read; the probe is never refused.
// hot-routes.test.ts holds both ways to the same answers. Plain HTTP only: with TLS the app serves HTTP/2 itself
// (app.ts), and a replay would not know the request came encrypted.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import secureJson from 'secure-json-parse';
import { validateLicenseRequestSchema } from '../contract/licensing';
import { createRecentMap } from './recent-map';
import { HttpError, rateLimited } from './errors';
import type { LicenseService } from './licensing/license-service';
import { loggableError } from './log-redaction';
import { OVERLOADED_BODY, OVERLOADED_HEADERS, type OverloadMonitor } from './overload';
import { errorAnswerOf } from './plugins/errors';
import { rawSecurityHeaders, type SecurityHeadersOptions } from './plugins/security-headers';
import { logRequestCompleted, logsRequests } from './request-log';
import { requestIdOf } from './request-id';
import { HEALTHY, HEALTHZ_PATH } from './routes/health';
import { addressBucket, type MinuteLimiter } from './services/shared/minute-limiter';

/** A licence file is a few KiB; a larger body goes to Fastify, which holds it to the app's body limit. */
const MAX_BODY_BYTES = 64 * 1024;
const JSON_TYPE = 'application/json; charset=utf-8';
/** The content types the app's JSON parser takes; any other goes to Fastify for its 415. */
const PLAIN_JSON = new Set(['application/json', 'application/json; charset=utf-8']);
/** Headers of a replayed answer that belong to its own (simulated) connection, not to this one. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date']);
const HEALTHY_ANSWER = JSON.stringify(HEALTHY);
const OVERLOADED_ANSWER = JSON.stringify(OVERLOADED_BODY);
const OVERLOADED_HEADER_LIST = Object.entries(OVERLOADED_HEADERS).flat();
/** Request bodies remembered (a licensed machine's is a few KiB and always the same). */
const KNOWN_BODIES = 10_000;

/** A licence check's body as the contract reads it. */
type CheckInput = Readonly<{
  license: Readonly<Record<string, unknown>>;
  serialNumber: string | undefined;
  nonce: string | undefined;
  requiredEntitlements: readonly string[] | undefined;
}>;
const trustEveryHop = () => true;

/** What a replay through the whole app answered (Fastify's `inject`). */
export interface ReplayedAnswer {
  statusCode: number;
  headers: Record<string, string | number | string[] | undefined>;
  rawPayload: Buffer;
}

export interface HotRoutesOptions {
  /** The licence check's full path. */
  checkUrl: string;
  licensing: Pick<LicenseService, 'validate' | 'validateFromMemory'>;
  /** Anonymous checks per client address (VALIDATE_RATE_LIMIT); the Fastify route counts with the same one. */
  limiter: MinuteLimiter | null;
  security: SecurityHeadersOptions;
  log: FastifyBaseLogger;
  /** The request again, through the app, with the body already read. */
  replay(request: IncomingMessage, body: Buffer): Promise<ReplayedAnswer>;
  /** The app is closing: its own handler answers 503 from then on. */
  isClosing(): boolean;
  /** The load shedding monitor the app's hook asks too. */
  overload: Pick<OverloadMonitor, 'sheds'>;
  /** Paths refused at the licence check's level (shed last), as the app's hook refuses them. */
  licenseUrls?: ReadonlySet<string>;
}

/** One request being answered here: its id and start, as Fastify gives every request. */
interface Exchange {
  request: IncomingMessage;
  response: ServerResponse;
  id: string;
  started: number;
}

const exchangeOf = (request: IncomingMessage, response: ServerResponse): Exchange => ({
  request,
  response,
  id: requestIdOf(request.headers['x-request-id']),
  started: performance.now(),
});

export interface HotRoutes {
  /** Answers `request` and returns true when it is one of the hot routes; returns false (untouched) otherwise. */
  take(request: IncomingMessage, response: ServerResponse): boolean;
  /** How many requests were taken here (tests tell the two ways apart by it). */
  readonly taken: number;
}

export function createHotRoutes(options: HotRoutesOptions): HotRoutes {
  const { security, log } = options;
  // The bodies licensed machines send, each the same again and again: decoded and checked against the contract once.
  const knownBodies = createRecentMap<string, CheckInput>(KNOWN_BODIES);
  const securityHeaders = rawSecurityHeaders(security);

  // As Fastify reads them (its `request.ip` and `request.host`), with TRUST_PROXY meaning "trust every hop".
  const ipOf = (request: IncomingMessage) =>
    security.trustProxy ? proxyAddr.all(request, trustEveryHop).at(-1) : request.socket.remoteAddress;
  const hostOf = (request: IncomingMessage): string => {
    const forwarded = security.trustProxy ? request.headers['x-forwarded-host'] : undefined;
    if (typeof forwarded === 'string' && forwarded !== '') return forwarded.split(',').at(-1)!.trim();
    return request.headers.host ?? '';
  };
  const hostnameOf = (host: string) =>
    host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : (host.split(':', 1)[0] ?? '');

  function send(
    { request, response, id, started }: Exchange,
    answer: { status: number; payload: string; headers?: readonly string[] | undefined },
  ): void {
    const host = hostOf(request);
    const via = {
      encrypted: Boolean((request.socket as TLSSocket).encrypted),
      forwardedProto: request.headers['x-forwarded-proto'],
      hostname: hostnameOf(host),
    };
    const extra = answer.headers ?? [];
    const length = String(Buffer.byteLength(answer.payload));
    response.writeHead(
      answer.status,
      securityHeaders(via).concat(extra, [
        'content-type',
        JSON_TYPE,
        'content-length',
        length,
        'x-request-id',
        id,
      ]),
    );
    response.end(answer.payload);
    if (logsRequests(log))
      logRequestCompleted(log, {
        id,
        request: { method: request.method ?? '', url: request.url ?? '', headers: request.headers, host },
        ip: ipOf(request),
        remotePort: request.socket.remotePort,
        statusCode: answer.status,
        responseTime: performance.now() - started,
      });
  }

  function sendError(exchange: Exchange, error: Error) {
    const { status, body } = errorAnswerOf(error);
    if (status >= 500) log.error({ reqId: exchange.id, err: loggableError(error) }, 'request failed');
    const headers = error instanceof HttpError ? Object.entries(error.headers ?? {}).flat() : [];
    send(exchange, { status, payload: JSON.stringify(body), headers });
  }

  async function replay({ request, response }: Exchange, body: Buffer) {
    const answer = await options.replay(request, body);
    const headers: Record<string, string | number | string[]> = {};
    for (const [name, value] of Object.entries(answer.headers))
      if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
    response.writeHead(answer.statusCode, headers);
    response.end(answer.rawPayload);
  }

  /** The request as the contract reads it, or null when the app must answer it (it does not parse or match). */
  function inputOf(text: string): CheckInput | null {
    const known = knownBodies.get(text);
    if (known) return known;
    let parsed: unknown;
    try {
      parsed = secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
    } catch {
      return null;
    }
    const input = validateLicenseRequestSchema.safeParse(parsed);
    if (!input.success) return null;
    // Frozen, so the licence service may remember what it made of this very object (licensing/known-files.ts).
    const { license, serialNumber, nonce, requiredEntitlements } = input.data;
    const checked: CheckInput = Object.freeze({
      license: Object.freeze(license),
      serialNumber,
      nonce,
      requiredEntitlements: requiredEntitlements && Object.freeze(requiredEntitlements),
    });
    // A body with a nonce is never seen again: remembering it would only push the machines' bodies out.
    if (nonce === undefined) knownBodies.set(text, checked);
    return checked;
  }

  async function check(exchange: Exchange, body: Buffer) {
    const input = inputOf(body.toString('utf8'));
    if (!input) return replay(exchange, body);
    // Counted here, once the request is known to be answered here; a replayed one is counted by the route.
    const wait = options.limiter?.hit(addressBucket(ipOf(exchange.request) ?? '')) ?? null;
    if (wait !== null) return sendError(exchange, rateLimited(wait));
    try {
      // Anonymous: a licensed machine using its licence, so the use is recorded (as the route does). Most checks are
      // answered from memory, at once; the others wait for what the service reads.
      const { license, serialNumber, nonce, requiredEntitlements } = input;
      const checkOptions = { recordUse: true, nonce, requiredEntitlements };
      const verdict =
        options.licensing.validateFromMemory(license, serialNumber, checkOptions) ??
        (await options.licensing.validate(license, serialNumber, checkOptions));
      send(exchange, { status: 200, payload: JSON.stringify({ data: verdict }) });
    } catch (error) {
      sendError(exchange, error instanceof Error ? error : new Error(String(error)));
    }
  }

  function takeCheck(request: IncomingMessage, response: ServerResponse): boolean {
    if (request.headers.authorization !== undefined) return false;
    if (!PLAIN_JSON.has(request.headers['content-type']?.toLowerCase() ?? '')) return false;
    const length = Number(request.headers['content-length']);
    if (!(length > 0 && length <= MAX_BODY_BYTES)) return false;
    const exchange = exchangeOf(request, response);
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      check(exchange, Buffer.concat(chunks)).catch((error: unknown) => {
        log.error({ reqId: exchange.id, err: loggableError(error) }, 'licence check failed');
        response.destroy();
      });
    });
    // A client that goes away mid-body: nothing to answer.
    request.on('error', () => response.destroy());
    return true;
  }

  function take(request: IncomingMessage, response: ServerResponse): boolean {
    if (options.isClosing()) return false;
    if (request.method === 'POST' && request.url === options.checkUrl) {
      if (!options.overload.sheds('licenseCheck')) return takeCheck(request, response);
      // Refused before the body is read: a refusal must cost next to nothing (Node drops the unread body).
      send(exchangeOf(request, response), {
        status: 503,
        payload: OVERLOADED_ANSWER,
        headers: OVERLOADED_HEADER_LIST,
      });
      return true;
    }
    if (request.method === 'GET' && request.url === HEALTHZ_PATH) {
      send(exchangeOf(request, response), { status: 200, payload: HEALTHY_ANSWER });
      return true;
    }
    // Every other refusal for overload is made here too, as the app's hook would make it: under a storm of
    // requests it is the refusals that fill the turns of the event loop, and through Fastify each costs several
    // times as much, enough to keep the probes waiting.
    const path = request.url?.split('?', 1)[0] ?? '';
    if (path === HEALTHZ_PATH) return false;
    if (options.overload.sheds(options.licenseUrls?.has(path) ? 'licenseCheck' : 'routes')) {
      send(exchangeOf(request, response), {
        status: 503,
        payload: OVERLOADED_ANSWER,
        headers: OVERLOADED_HEADER_LIST,
      });
      return true;
    }
    return false;
  }

  let taken = 0;
  return {
    take(request, response) {
      const isTaken = take(request, response);
      if (isTaken) taken += 1;
      return isTaken;
    },
    get taken() {
      return taken;
    },
  };
}

/**
 * Fastify's `serverFactory`: its own HTTP/1 server (the four settings it gives one itself), with the hot routes in
 * front of its handler once `hotRoutes()` has them (they need the app's services, made after the server).
 */
export function serverWithHotRoutes(hotRoutes: () => HotRoutes | undefined) {
  return (
    handler: (request: IncomingMessage, response: ServerResponse) => void,
    options: FastifyServerOptions,
  ): Server => {
    const server = createServer((request, response) => {
      if (!hotRoutes()?.take(request, response)) handler(request, response);
    });
    server.keepAliveTimeout = options.keepAliveTimeout ?? server.keepAliveTimeout;
    server.requestTimeout = options.requestTimeout ?? server.requestTimeout;
    server.setTimeout(options.connectionTimeout ?? 0);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}
