import { loggableError } from '../../log-redaction';
import type { AppContext } from './context';

/** A background worker's passes (the mail and webhook dispatchers): what the dispatchers return to the app. */
export interface SerialPasses<R> {
  /** One pass, after any pass in progress. */
  runOnce(): Promise<R>;
  /** Passes at `intervalMs` until stopped; failures are logged and retried on the next pass. */
  start(intervalMs?: number): void;
  /** Stops the timer (if started) and waits for a pass in progress. */
  stop(): Promise<void>;
}

export interface SerialPassesOptions<R> {
  /** One pass; it reads `isStopped()` between batches to end early once stopping. */
  pass: (isStopped: () => boolean) => Promise<R>;
  /** What a pass that did nothing returns (after stopping, or behind a failed pass). */
  idle: () => R;
  log: AppContext['log'];
  /** The log line of a failed pass: its `event` and message. */
  failure: { event: string; message: string };
  defaultIntervalMs: number;
  /** Runs once the last pass is over, to release what the passes used (a mail connection). */
  afterStop?: () => void;
}

/**
 * Runs `pass` one at a time, however often it is asked for: each call waits for the pass before it, a failed pass
 * neither stops the next nor reaches the timer, and none starts once stopped. The timer never keeps a process (or a
 * test run) alive on its own.
 */
export function serialPasses<R>({
  pass,
  idle,
  log,
  failure,
  defaultIntervalMs,
  afterStop,
}: SerialPassesOptions<R>): SerialPasses<R> {
  let running: Promise<R> = Promise.resolve(idle());
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const isStopped = () => stopped;

  const runOnce = () => {
    running = running
      .catch(() => idle())
      .then(async () => {
        if (stopped) return idle();
        try {
          return await pass(isStopped);
        } catch (error) {
          log.error({ err: loggableError(error), event: failure.event }, failure.message);
          throw error;
        }
      });
    return running;
  };

  return {
    runOnce,
    start(intervalMs = defaultIntervalMs) {
      timer = setInterval(() => void runOnce().catch(() => undefined), intervalMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running.catch(() => undefined);
      afterStop?.();
    },
  };
}

/** A claim's lease: it outlasts an attempt cut at its timeout, with a margin for writing the outcome. */
export const leaseUntil = (at: Date, timeoutMs: number) => new Date(at.getTime() + timeoutMs + 60_000);

/**
 * Claims due items and handles them, batch after batch: a full batch means more may be due; a partial one leaves
 * retries for the next pass. It ends early once `isStopped()`.
 */
export async function drainBatches<T>({
  claim,
  handle,
  batchSize,
  isStopped,
}: {
  claim: () => Promise<readonly T[]>;
  handle: (item: T) => Promise<void>;
  batchSize: number;
  isStopped: () => boolean;
}): Promise<void> {
  for (;;) {
    const claimed = await claim();
    await Promise.all(claimed.map(handle));
    if (claimed.length < batchSize || isStopped()) break;
  }
}

/** Rows a purge deletes per statement, so that no purge holds its locks for long. */
export const PURGE_CHUNK = 5000;

/** Runs `deleteChunk` (a delete of at most PURGE_CHUNK rows, returning them) until it deletes fewer; how many in all. */
export async function purgeInChunks(deleteChunk: () => Promise<readonly unknown[]>): Promise<number> {
  let purged = 0;
  for (;;) {
    const rows = await deleteChunk();
    purged += rows.length;
    if (rows.length < PURGE_CHUNK) return purged;
  }
}
