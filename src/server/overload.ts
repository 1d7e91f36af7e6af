// Load shedding: when the process is overloaded, a request is refused at once (503 OVERLOADED, `Retry-After`)
// instead of joining the queue behind the work that overloads it. Without it, 200 busy connections on two cores
// made requests wait 10 s and more for nothing, and `/healthz` stopped answering, so a load balancer would take the
// process out exactly when it was busy (docs/performance.md).
//
// One monitor decides for the whole process: the Fastify hook (`loadSheddingPlugin`, below; readiness answers 503
// through it) and the routes answered in front of Fastify (hot-routes.ts) both ask it, so they refuse alike. Two levels: every route is shed
// over the lower thresholds; the licence check, which shipped software depends on, only over the higher ones.
// `/healthz` is never shed: it says the process is alive, and a busy process is alive.
//
// The monitor decides from readings a sampler gives it. In the server the sampler is `processSampler` (below); a
// test gives it readings of its own (`useSampler`), so no test has to overload a machine or race a timer.
import underPressure from '@fastify/under-pressure';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES, type ErrorBody } from '../contract/errors';
import type { Env } from './env';

export interface OverloadReadings {
  /** How long the event loop is kept from turning, in milliseconds. */
  eventLoopDelayMs: number;
  heapUsedBytes: number;
}

export type OverloadSampler = () => OverloadReadings;

/** The thresholds of one level: over either one, its requests are refused. 0 leaves that measure unchecked. */
export interface OverloadLimits {
  eventLoopDelayMs: number;
  heapUsedBytes: number;
}

/** Every route but the probes, or the licence check (shed last). */
export type OverloadLevel = 'routes' | 'licenseCheck';

/**
 * Overload here passes within seconds (the work in flight drains, the loop turns again): a short wait spreads the
 * retries without keeping licensed machines or the console away for long.
 */
export const OVERLOAD_RETRY_AFTER_SECONDS = 5;
export const OVERLOADED_BODY: ErrorBody = { message: MESSAGES.overloaded, code: 'OVERLOADED' };
export const OVERLOADED_HEADERS: Readonly<Record<string, string>> = {
  'retry-after': String(OVERLOAD_RETRY_AFTER_SECONDS),
};
/**
 * How often @fastify/under-pressure samples the heap and the event loop's delay. Its default (a second) lets a
 * second of overload go by before anything is refused; a sample costs a few microseconds.
 */
export const OVERLOAD_SAMPLE_INTERVAL_MS = 250;
/** At most one warning this often while requests are being refused: under overload a line per refusal would add to it. */
const WARNING_INTERVAL_MS = 10_000;
const MIB = 1024 * 1024;

export interface OverloadMonitor {
  /** Whether a request of this level is refused now. */
  sheds(level: OverloadLevel): boolean;
  /** A request the app goes on to work on; `leave` when its answer is sent or its connection closes. */
  enter(): () => void;
  /** The requests the app is working on now. */
  readonly inFlight: number;
  /** The thresholds, as configured (docs/configuration.md). */
  readonly limits: Readonly<Record<OverloadLevel, OverloadLimits>>;
  /** Readings from another sampler from now on (tests set theirs). */
  useSampler(sampler: OverloadSampler): void;
}

export interface OverloadMonitorOptions {
  limits: Record<OverloadLevel, OverloadLimits>;
  /**
   * The most requests the app works on at once, per level (0: no cap): a backstop beside the delay, for work that
   * piles up without the loop falling behind (requests waiting on the database). Under the bench's overload it is
   * the delay that refuses (docs/performance.md "Overload").
   */
  maxInFlight?: Record<OverloadLevel, number>;
  sampler: OverloadSampler;
  log?: FastifyBaseLogger;
  /** Milliseconds, for the warnings' spacing. */
  now?: () => number;
}

const checksAnything = (limits: OverloadLimits) => limits.eventLoopDelayMs > 0 || limits.heapUsedBytes > 0;
const isOver = (limits: OverloadLimits, readings: OverloadReadings) =>
  (limits.eventLoopDelayMs > 0 && readings.eventLoopDelayMs > limits.eventLoopDelayMs) ||
  (limits.heapUsedBytes > 0 && readings.heapUsedBytes > limits.heapUsedBytes);

export function createOverloadMonitor(options: OverloadMonitorOptions): OverloadMonitor {
  const { limits, log } = options;
  const now = options.now ?? (() => performance.now());
  let sampler = options.sampler;
  // Nothing is sampled for a level that checks nothing: with shedding off a request pays one comparison.
  const checked: Record<OverloadLevel, boolean> = {
    routes: checksAnything(limits.routes),
    licenseCheck: checksAnything(limits.licenseCheck),
  };
  const maxInFlight = options.maxInFlight ?? { routes: 0, licenseCheck: 0 };
  let inFlight = 0;
  let refused = 0;
  let warnedAt = -Infinity;

  function noteRefusal(level: OverloadLevel, readings: OverloadReadings) {
    refused += 1;
    const at = now();
    if (!log || at - warnedAt < WARNING_INTERVAL_MS) return;
    log.warn(
      {
        event: 'overload.shedding',
        level,
        refused,
        inFlight,
        eventLoopDelayMs: Math.round(readings.eventLoopDelayMs),
        heapUsedMb: Math.round(readings.heapUsedBytes / MIB),
      },
      'refusing requests: the process is overloaded',
    );
    warnedAt = at;
    refused = 0;
  }

  return {
    limits,
    get inFlight() {
      return inFlight;
    },
    enter() {
      inFlight += 1;
      let left = false;
      return () => {
        if (left) return;
        left = true;
        inFlight -= 1;
      };
    },
    sheds(level) {
      const cap = maxInFlight[level];
      if (cap > 0 && inFlight >= cap) {
        noteRefusal(level, sampler());
        return true;
      }
      if (!checked[level]) return false;
      const readings = sampler();
      if (!isOver(limits[level], readings)) return false;
      noteRefusal(level, readings);
      return true;
    },
    useSampler(next) {
      sampler = next;
    },
  };
}

/**
 * The cap on requests in flight the environment sets; the licence check (when the app answers it, not the hot route)
 * may have twice as many, so it is refused last.
 */
export function maxInFlightOf(env: Env): Record<OverloadLevel, number> {
  return { routes: env.OVERLOAD_MAX_IN_FLIGHT, licenseCheck: env.OVERLOAD_MAX_IN_FLIGHT * 2 };
}

/** The thresholds the environment sets (env.ts resolves the defaults). */
export function overloadLimitsOf(env: Env): Record<OverloadLevel, OverloadLimits> {
  return {
    routes: {
      eventLoopDelayMs: env.OVERLOAD_EVENT_LOOP_DELAY_MS,
      heapUsedBytes: env.OVERLOAD_HEAP_USED_MB * MIB,
    },
    licenseCheck: {
      eventLoopDelayMs: env.OVERLOAD_LICENSE_CHECK_EVENT_LOOP_DELAY_MS,
      heapUsedBytes: env.OVERLOAD_LICENSE_CHECK_HEAP_USED_MB * MIB,
    },
  };
}

/** What @fastify/under-pressure reports (its `memoryUsage()`). */
export interface PressureSample {
  eventLoopDelay: number;
  heapUsed: number;
}

/**
 * The server's readings. The heap and the event loop's mean delay come from @fastify/under-pressure, sampled every
 * `OVERLOAD_SAMPLE_INTERVAL_MS`. A sample alone comes too late, though: work for the database runs on this thread
 * (PGlite) and every request that arrives in one turn of the event loop is worked through before the loop turns
 * again, so a turn that takes in 200 requests holds the loop for half a second, and no sample taken after it can
 * give that time back. So the delay read is also how long the current turn has been answering requests: past the
 * threshold, the requests still arriving in the same turn are refused, and the turn ends soon after.
 */
export function processSampler(sample: () => PressureSample): OverloadSampler {
  let turnStartedAt: number | undefined;
  // An immediate runs once the I/O callbacks of the turn that scheduled it are done.
  const turnEnded = () => {
    turnStartedAt = undefined;
  };
  return () => {
    const at = performance.now();
    if (turnStartedAt === undefined) {
      turnStartedAt = at;
      setImmediate(turnEnded);
    }
    const { eventLoopDelay, heapUsed } = sample();
    return { eventLoopDelayMs: Math.max(eventLoopDelay, at - turnStartedAt), heapUsedBytes: heapUsed };
  };
}

export interface LoadSheddingOptions {
  limits: Record<OverloadLevel, OverloadLimits>;
  maxInFlight?: Record<OverloadLevel, number>;
  /** Routes (as registered) refused at the licence check's level. */
  licenseRoutes: ReadonlySet<string>;
  /** Routes the hook leaves alone (liveness). */
  neverShed: ReadonlySet<string>;
}

const UNMEASURED: OverloadReadings = { eventLoopDelayMs: 0, heapUsedBytes: 0 };

/**
 * The monitor (`app.overload`) and the hook that refuses by it. @fastify/under-pressure is told no thresholds of its
 * own (it would refuse alone, at one level, where the hot routes do not see it): it samples, the monitor decides.
 * With every threshold off (outside production, by default) nothing is sampled.
 */
export const loadSheddingPlugin = fp<LoadSheddingOptions>(
  async (app, { limits, maxInFlight, licenseRoutes, neverShed }) => {
    const measures = checksAnything(limits.routes) || checksAnything(limits.licenseCheck);
    if (measures) await app.register(underPressure, { sampleInterval: OVERLOAD_SAMPLE_INTERVAL_MS });
    const counts = maxInFlight !== undefined && (maxInFlight.routes > 0 || maxInFlight.licenseCheck > 0);
    // What the event loop went through while the process started (migrations, compiling, the first queries) says
    // nothing of load, and would refuse the first callers: the sampled delay counts from two samples after listening.
    let startedUp = false;
    app.addHook('onListen', (done) => {
      setTimeout(() => (startedUp = true), 2 * OVERLOAD_SAMPLE_INTERVAL_MS).unref();
      done();
    });
    const pressure = (): PressureSample => {
      const { eventLoopDelay, heapUsed } = app.memoryUsage();
      return { eventLoopDelay: startedUp ? eventLoopDelay : 0, heapUsed };
    };
    const monitor = createOverloadMonitor({
      limits,
      ...(maxInFlight ? { maxInFlight } : {}),
      sampler: measures ? processSampler(pressure) : () => UNMEASURED,
      log: app.log,
    });
    app.decorate('overload', monitor);
    // A callback hook: it runs on every request, and an async one costs a promise each time.
    app.addHook(
      'onRequest',
      (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
        const route = request.routeOptions.url;
        if (route !== undefined && neverShed.has(route)) return done();
        const level = route !== undefined && licenseRoutes.has(route) ? 'licenseCheck' : 'routes';
        if (!monitor.sheds(level)) {
          // Counted until the connection is done with the answer (or gone), whichever way the request ends.
          if (counts) reply.raw.once('close', monitor.enter());
          return done();
        }
        // Answered here, so `done` is not called: the request goes no further.
        reply.code(503).headers(OVERLOADED_HEADERS).send(OVERLOADED_BODY);
      },
    );
  },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** Load shedding's monitor; tests give it readings of their own with `useSampler`. */
    overload: OverloadMonitor;
  }
}
