// The dispatcher, in every server process: fans new outbox events out into one delivery per enabled endpoint that
// subscribes to the event's type, claims due deliveries with `FOR UPDATE SKIP LOCKED` (committed before sending, each
// claim holding a lease, so two processes never send the same attempt and a process that dies mid-send leaves the
// attempt to be taken up after its lease), sends each attempt signed (Standard Webhooks), and writes the outcome and
// the attempt's row: delivered, retrying at the next step of the schedule, or dead. An endpoint failing for a day, or
// whose delivery exhausted the schedule, is disabled with its reason and an activity row. The SQL of each step is in
// dispatch-store.ts.
//
// Endpoints do not wait for each other: a claim takes each endpoint's due deliveries up to what that endpoint may
// have in flight (counted across processes from the leases), and every attempt runs on its own, its slot claimed
// again as soon as it ends. A receiver that hangs therefore holds only its own slots, and after a time-out it gets one
// attempt at a time until it answers again (docs/webhooks.md "How deliveries are scheduled").
import type { WebhookPayload } from '../../../contract/webhooks';
import { loggableError } from '../../log-redaction';
import type { AppContext } from '../shared/context';
import { leaseUntil } from '../shared/serial-passes';
import type { ResolveHost } from './address-policy';
import { claim, type Claimed, fanOut, FAN_OUT_BATCH, recordAttempt } from './dispatch-store';
import { DEFAULT_RETRY_SCHEDULE_SECONDS } from './retry-schedule';
import { sendAttempt, WEBHOOK_TIMEOUT_MS, type AttemptResult } from './sender';
import { signWebhook } from './signing';

export { purgeWebhookDeliveries } from './dispatch-store';

export const DISPATCH_INTERVAL_MS = 1000;
/** Attempts one process has in flight, all endpoints together. */
const PROCESS_IN_FLIGHT = 20;
/** Attempts one endpoint may have in flight, all processes together; one while it is timing out. */
export const ENDPOINT_IN_FLIGHT = 5;

export interface DispatcherOptions {
  /** Seconds before each retry; WEBHOOK_RETRY_SCHEDULE or the default. */
  schedule?: readonly number[];
  timeoutMs?: number;
  /** Attempts this process has in flight at most (PROCESS_IN_FLIGHT). */
  maxInFlight?: number;
  /** Attempts one endpoint may have in flight at most (ENDPOINT_IN_FLIGHT). */
  endpointInFlight?: number;
  /** The host names' resolver (the system's unless a test answers for a name). */
  resolve?: ResolveHost;
}

export interface DispatchResult {
  fannedOut: number;
  attempts: number;
  delivered: number;
}

/** The body and headers of one attempt; `webhook-id` is the event's id, the same on every retry. */
export function signedRequest(
  delivery: Pick<Claimed, 'event_id' | 'type' | 'data' | 'event_at' | 'secret'>,
  at: Date,
) {
  const payload: WebhookPayload = {
    type: delivery.type as WebhookPayload['type'],
    timestamp: new Date(delivery.event_at).toISOString(),
    data: delivery.data,
  };
  const body = JSON.stringify(payload);
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    body,
    headers: {
      'webhook-id': delivery.event_id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook(delivery.secret, delivery.event_id, timestamp, body),
    },
  };
}

export interface WebhookDispatcher {
  /**
   * Fans out new events, then attempts every delivery due now once (each endpoint within what it may have in flight),
   * and answers when those attempts are over: what tests drive, as the timer's passes do without waiting.
   */
  runOnce(): Promise<DispatchResult>;
  /** Stops the timer (if started) and waits for the claim in progress and every attempt in flight. */
  stop(): Promise<void>;
  /** Passes at `intervalMs` until stopped, and a claim again whenever an attempt ends; failures are logged. */
  start(intervalMs?: number): void;
}

interface Round {
  fannedOut: number;
  /** The deliveries this round claimed. */
  ids: string[];
  /** Their attempts; each answers its outcome, or null when writing it failed (it is logged). */
  started: Promise<AttemptResult | null>[];
}

export function createWebhookDispatcher(
  ctx: Pick<AppContext, 'db' | 'log' | 'now'> & { env?: Pick<AppContext['env'], 'WEBHOOK_RETRY_SCHEDULE'> },
  options: DispatcherOptions = {},
): WebhookDispatcher {
  const schedule = options.schedule ?? ctx.env?.WEBHOOK_RETRY_SCHEDULE ?? DEFAULT_RETRY_SCHEDULE_SECONDS;
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const maxInFlight = options.maxInFlight ?? PROCESS_IN_FLIGHT;
  const endpointInFlight = options.endpointInFlight ?? ENDPOINT_IN_FLIGHT;
  const inFlight = new Set<Promise<AttemptResult | null>>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  // A pass (or a claim) waiting for its turn makes another one asked for meanwhile needless.
  let passQueued = false;
  let claimQueued = false;
  // Claims run one after another in a process (the attempts they start do not): two claims at once would only
  // compete for the same rows.
  let claims: Promise<unknown> = Promise.resolve();
  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const next = claims.then(work, work);
    claims = next.catch(() => undefined);
    return next;
  };
  const logFailure = (error: unknown) =>
    ctx.log.error(
      { err: loggableError(error), event: 'webhooks.dispatch_failed' },
      'webhook dispatch failed',
    );

  const attempt = async (delivery: Claimed): Promise<AttemptResult | null> => {
    try {
      const sentAt = ctx.now();
      const { body, headers } = signedRequest(delivery, sentAt);
      const outcome = await sendAttempt({
        url: delivery.url,
        headers,
        body,
        timeoutMs,
        ...(options.resolve ? { resolve: options.resolve } : {}),
      });
      await recordAttempt(ctx, delivery, outcome, sentAt, ctx.now(), schedule);
      if (!outcome.ok)
        ctx.log.info(
          {
            event: 'webhooks.attempt_failed',
            deliveryId: delivery.id,
            attempt: delivery.attempt,
            error: outcome.error,
          },
          'webhook attempt failed',
        );
      return outcome;
    } catch (error) {
      // The outcome could not be written: the delivery keeps its lease and is tried again once the lease ends.
      logFailure(error);
      return null;
    }
  };

  /** Starts the attempts of one claim; with the timer on, each slot freed is claimed again at once. */
  const round = async (withFanOut: boolean, except: readonly string[] = []): Promise<Round> => {
    if (stopped) return { fannedOut: 0, ids: [], started: [] };
    let fannedOut = 0;
    if (withFanOut)
      for (;;) {
        const taken = await fanOut(ctx.db, ctx.now());
        fannedOut += taken;
        if (taken < FAN_OUT_BATCH) break;
      }
    const room = maxInFlight - inFlight.size;
    if (room <= 0 || stopped) return { fannedOut, ids: [], started: [] };
    const at = ctx.now();
    const claimed = await claim(ctx.db, {
      at,
      leaseUntil: leaseUntil(at, timeoutMs),
      room,
      endpointInFlight,
      except,
    });
    const started = claimed.map((delivery) => {
      const sending = attempt(delivery).finally(() => {
        inFlight.delete(sending);
        claimAgain();
      });
      inFlight.add(sending);
      return sending;
    });
    return { fannedOut, ids: claimed.map((delivery) => delivery.id), started };
  };

  /** With the timer on, an attempt that ends frees a slot: claim it now rather than at the next pass. */
  const claimAgain = () => {
    if (!timer || stopped || claimQueued) return;
    claimQueued = true;
    serially(() => {
      claimQueued = false;
      return round(false);
    }).catch(logFailure);
  };

  return {
    async runOnce() {
      const result: DispatchResult = { fannedOut: 0, attempts: 0, delivered: 0 };
      const attempted: string[] = [];
      for (;;) {
        const { fannedOut, ids, started } = await serially(() => round(true, attempted));
        result.fannedOut += fannedOut;
        if (started.length === 0) return result;
        attempted.push(...ids);
        for (const outcome of await Promise.all(started)) {
          if (!outcome) continue;
          result.attempts += 1;
          if (outcome.ok) result.delivered += 1;
        }
      }
    },
    start(intervalMs = DISPATCH_INTERVAL_MS) {
      timer = setInterval(() => {
        if (stopped || passQueued) return;
        passQueued = true;
        serially(() => {
          passQueued = false;
          return round(true);
        }).catch(logFailure);
      }, intervalMs);
      // The timer never keeps a process (or a test run) alive on its own.
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await claims;
      await Promise.all(inFlight);
    },
  };
}
