// 405 with `Allow` (RFC 9110 §15.5.6) for a method a known path does not support, instead of 404 or of
// another route's answer. Fastify's router looks a path up in the tree of the request's method only, so
// `PUT /api/v1/auth/login` finds nothing (404), and `DELETE /api/v1/certificates/validate` is taken as
// `DELETE /api/v1/certificates/:id` with the id "validate". Here the path is matched against every route of
// every method, with the router's own precedence (per segment: static, then parameter, then wildcard); when
// the best match is a route the request's method does not have, the answer is 405 listing that route's methods.
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES, type ErrorBody } from '../../contract/errors';

type Segment = { kind: 'static'; text: string } | { kind: 'param' } | { kind: 'wildcard' };
interface KnownPath {
  url: string;
  segments: Segment[];
  methods: Set<string>;
}

const RANK = { static: 2, param: 1, wildcard: 0 } as const;

function parse(url: string): Segment[] {
  return url
    .split('/')
    .map((text): Segment =>
      text === '*'
        ? { kind: 'wildcard' }
        : text.startsWith(':')
          ? { kind: 'param' }
          : { kind: 'static', text },
    );
}

/** Whether `path` (split on `/`, decoded) is matched by `segments`, as find-my-way would match it. */
function matches(segments: readonly Segment[], path: readonly string[]): boolean {
  for (const [index, segment] of segments.entries()) {
    if (segment.kind === 'wildcard') return true;
    const part = path[index];
    if (part === undefined) return false;
    if (segment.kind === 'static' ? part !== segment.text : part === '') return false;
  }
  return segments.length === path.length;
}

/** > 0 when `a` takes precedence over `b` for a path both match. */
function precedence(a: readonly Segment[], b: readonly Segment[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) {
    const difference = RANK[a[i]!.kind] - RANK[b[i]!.kind];
    if (difference !== 0) return difference;
  }
  return 0;
}

/** Whether some path is matched by both `a` and `b`. */
function overlap(a: readonly Segment[], b: readonly Segment[]): boolean {
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const [x, y] = [a[i], b[i]];
    if (x?.kind === 'wildcard' || y?.kind === 'wildcard') return true;
    if (!x || !y) return false;
    if (x.kind === 'static' && y.kind === 'static' && x.text !== y.text) return false;
  }
  return true;
}

function decodeSegment(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Adds the route table and the 405 check (an onRequest hook, so also on requests that found no route). */
export const methodNotAllowedPlugin = fp(async (app) => {
  const known = new Map<string, KnownPath>();
  app.addHook('onRoute', (route: RouteOptions) => {
    const entry = known.get(route.url) ?? {
      url: route.url,
      segments: parse(route.url),
      methods: new Set<string>(),
    };
    for (const method of [route.method].flat()) entry.methods.add(method);
    // Fastify answers HEAD wherever it answers GET.
    if (entry.methods.has('GET')) entry.methods.add('HEAD');
    known.set(route.url, entry);
  });

  // For each route, the routes that may take a path from it (built on first use, once every route is known):
  // most have none, so the check costs nothing on them.
  const rivals = new Map<KnownPath, KnownPath[]>();
  const rivalsOf = (route: KnownPath) => {
    let found = rivals.get(route);
    if (!found) {
      found = [...known.values()].filter(
        (other) => precedence(other.segments, route.segments) > 0 && overlap(other.segments, route.segments),
      );
      rivals.set(route, found);
    }
    return found;
  };

  /** The methods of the route that best matches the request's path, when that route lacks the request's method. */
  function allowedMethods(request: FastifyRequest): string[] | undefined {
    const matched = request.is404 ? undefined : known.get(request.routeOptions.url ?? '');
    const candidates = matched ? rivalsOf(matched) : [...known.values()];
    if (candidates.length === 0) return undefined;
    const path = (request.url.split('?')[0] ?? '').split('/').map(decodeSegment);
    let best: KnownPath | undefined = matched;
    for (const candidate of candidates) {
      if (!matches(candidate.segments, path)) continue;
      if (!best || precedence(candidate.segments, best.segments) > 0) best = candidate;
    }
    if (!best || best.methods.has(request.method)) return undefined;
    return [...best.methods].sort();
  }

  // A callback hook: it runs on every request, and an async one costs a promise each time.
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const allowed = allowedMethods(request);
    if (!allowed) return done();
    const body: ErrorBody = { message: MESSAGES.methodNotAllowed, code: 'METHOD_NOT_ALLOWED' };
    // Answered here, so `done` is not called: the request goes no further.
    reply.code(405).header('allow', allowed.join(', ')).send(body);
  });
});
