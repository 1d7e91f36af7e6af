// Security headers on every answer, fitted to how the request arrived. The console is deployed on plain
// HTTP inside company networks as often as over HTTPS, so headers that only make sense on a secure
// origin are sent only there (docs/deployment.md):
// - `upgrade-insecure-requests` would make a browser on http://licences.corp:3000 fetch every script over
//   HTTPS from a port that speaks HTTP: a white page. Only HTTPS answers carry it.
// - HSTS is ignored on HTTP by browsers and, with includeSubDomains, would force HTTPS onto sibling hosts:
//   HTTPS answers only, sub-domains only when the operator says so (HSTS_INCLUDE_SUBDOMAINS).
// - Cross-Origin-Opener-Policy and Origin-Agent-Cluster are ignored (with a console warning) on an origin
//   that is not potentially trustworthy: sent over HTTPS and on loopback names, which browsers trust.
// Everything else is the same everywhere and as strict as before: no inline scripts, never framed.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

export interface SecurityHeadersOptions {
  hstsIncludeSubDomains: boolean;
  /** TRUST_PROXY: the protocol the browser used is the proxy's X-Forwarded-Proto. */
  trustProxy: boolean;
}

const HSTS_MAX_AGE_SECONDS = 31_536_000;

/** The headers that do not depend on the transport (helmet's defaults, tightened). */
const staticHeadersMiddleware = helmet({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      // Added per answer, over HTTPS only (see above).
      upgradeInsecureRequests: null,
    },
  },
  referrerPolicy: { policy: 'no-referrer' },
  // The same answer as the policy's frame-ancestors 'none', for browsers that only know this header.
  frameguard: { action: 'deny' },
  hsts: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
});

/**
 * helmet's answer, worked out once: every header above depends on nothing in the request, and running helmet's
 * chain of middlewares per request cost more than the rest of `/healthz` (docs/performance.md).
 */
const STATIC_HEADERS: readonly (readonly [string, string])[] = headersSetBy(staticHeadersMiddleware);

function headersSetBy(
  middleware: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void,
) {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) =>
      void headers.set(name, String(value)),
    removeHeader: (name: string) => void headers.delete(name),
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
  });
  return [...headers];
}

/** Loopback names browsers treat as potentially trustworthy even over plain HTTP. */
function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host)
  );
}

/** What the transport headers depend on: how the request arrived, as the browser sees it. */
export interface ArrivedVia {
  /** The connection to this server is TLS. */
  encrypted: boolean;
  /** X-Forwarded-Proto as received (read only when TRUST_PROXY is on). */
  forwardedProto: string | string[] | undefined;
  /** The host name the browser asked for, without the port (Fastify's `request.hostname`). */
  hostname: string;
}

/**
 * Whether the browser sees this answer on a secure origin: HTTPS directly, or at a trusted proxy (its
 * X-Forwarded-Proto, the last hop's value, as Fastify reads it). Worked out here rather than taken from
 * `request.protocol`, which answers sent before routing do not have.
 */
export function arrivedOverHttps(via: Omit<ArrivedVia, 'hostname'>, trustProxy: boolean): boolean {
  if (via.encrypted) return true;
  const forwarded = via.forwardedProto;
  const last = (Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? '')).split(',').pop()?.trim();
  return trustProxy && last === 'https';
}

/** How a request Fastify routed arrived. */
export const arrivedViaOf = (request: FastifyRequest): ArrivedVia => ({
  encrypted: Boolean((request.raw.socket as TLSSocket | null)?.encrypted),
  forwardedProto: request.headers['x-forwarded-proto'],
  hostname: request.hostname,
});

/**
 * The headers that depend on the transport, given the policy the answer carries so far (a route may have replaced
 * the static one); the policy comes back with the upgrade added over HTTPS.
 */
export function transportHeaders(
  via: ArrivedVia,
  options: SecurityHeadersOptions,
  policy: unknown,
): (readonly [string, string])[] {
  const headers: (readonly [string, string])[] = [];
  const https = arrivedOverHttps(via, options.trustProxy);
  if (https || isLoopbackHost(via.hostname)) {
    headers.push(['cross-origin-opener-policy', 'same-origin'], ['origin-agent-cluster', '?1']);
  }
  if (!https) return headers;
  headers.push(['strict-transport-security', hstsHeader(options)]);
  // (The API reference sets its own policy after this hook, without the upgrade: it loads nothing but its own
  // files from this origin, so there is nothing to upgrade.)
  if (typeof policy === 'string' && !policy.includes('upgrade-insecure-requests')) {
    headers.push(['content-security-policy', `${policy.replace(/;\s*$/, '')}; upgrade-insecure-requests`]);
  }
  return headers;
}

/**
 * Every security header of an answer written outside Fastify (src/server/hot-routes.ts), as the flat
 * `[name, value, ...]` list `writeHead` takes. They vary only with HTTPS and a loopback name, so each of those few
 * lists is worked out once and kept: building them per answer was a third of the health probe's time.
 */
export function rawSecurityHeaders(options: SecurityHeadersOptions): (via: ArrivedVia) => readonly string[] {
  const lists = new Map<string, readonly string[]>();
  return (via) => {
    const https = arrivedOverHttps(via, options.trustProxy);
    const key = https ? 'https' : isLoopbackHost(via.hostname) ? 'loopback' : 'http';
    let list = lists.get(key);
    if (!list) {
      const headers = new Map(STATIC_HEADERS.map(([name, value]) => [name.toLowerCase(), value]));
      for (const [name, value] of transportHeaders(via, options, headers.get('content-security-policy')))
        headers.set(name, value);
      list = [...headers].flat();
      lists.set(key, list);
    }
    return list;
  };
}

/** Sets the headers every answer carries; before the handler, so a route may still replace its policy. */
function setStaticHeaders(reply: FastifyReply): void {
  for (const [name, value] of STATIC_HEADERS) reply.raw.setHeader(name, value);
}

/** Sets the headers that depend on the transport, on the answer as it is about to go out. */
function setTransportHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  options: SecurityHeadersOptions,
): void {
  const policy = reply.getHeader('content-security-policy') ?? reply.raw.getHeader('content-security-policy');
  for (const [name, value] of transportHeaders(arrivedViaOf(request), options, policy))
    reply.header(name, value);
}

function hstsHeader(options: SecurityHeadersOptions): string {
  return `max-age=${HSTS_MAX_AGE_SECONDS}${options.hstsIncludeSubDomains ? '; includeSubDomains' : ''}`;
}

/**
 * Every security header at once, for answers sent outside the request lifecycle (a path the router refuses
 * before any hook runs).
 */
export function setSecurityHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  options: SecurityHeadersOptions,
): void {
  setStaticHeaders(reply);
  setTransportHeaders(request, reply, options);
}

// Callback hooks, not async ones: these run on every request, and a promise per hook per request shows in the
// licence check's profile.
export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: SecurityHeadersOptions) => {
  app.addHook('onRequest', (_request, reply, done: HookHandlerDoneFunction) => {
    setStaticHeaders(reply);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    setTransportHeaders(request, reply, options);
    done(null, payload);
  });
});
