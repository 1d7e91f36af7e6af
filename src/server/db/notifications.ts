// LISTEN for one channel, the same way on both databases. PGlite is the only process on its data (the data-folder
// lock), and it hands a notification to its listeners before the COMMIT that sent it resolves, so a listener there is
// always exact. On PostgreSQL a dedicated connection (outside the pool) listens; notifications arrive a moment after
// the commit, `sync()` waits until everything committed before it has arrived, and a lost connection is reported (the
// listener is "not live": notifications may have been missed) and retried until LISTEN holds again.
import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export interface ListenHandlers {
  /** A notification's payload (never the payloads `sync()` sends itself). */
  message(payload: string): void;
  /** Whether every notification since the last `true` has been delivered; `false` while the connection is down. */
  live(isLive: boolean): void;
}

export interface Listener {
  /** Resolves once every notification committed before this call has been delivered (at most `timeoutMs`). */
  sync(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

const SYNC_PREFIX = 'sync:';

/** The `application_name` of a channel's listening connection, as pg_stat_activity shows it. */
export const listenerName = (channel: string) => `listen:${channel}`;
const RECONNECT_MS = [100, 250, 500, 1000, 2000];

export async function listenPglite(
  client: PGlite,
  channel: string,
  handlers: ListenHandlers,
): Promise<Listener> {
  const unlisten = await client.listen(channel, (payload) => handlers.message(payload));
  handlers.live(true);
  return {
    // Delivered before the commit resolved: nothing committed is still on its way.
    sync: async () => {},
    close: async () => {
      await unlisten();
    },
  };
}

export async function listenPostgres(
  url: string,
  channel: string,
  handlers: ListenHandlers,
  onError: (error: unknown) => void,
): Promise<Listener> {
  const waiting = new Map<string, () => void>();
  let client: pg.Client | null = null;
  let closed = false;
  let attempt = 0;
  let retry: NodeJS.Timeout | undefined;

  // One loss per connection: a killed connection reports both an error and its end, and a connection that failed
  // to start is reported here too; only the first report of the live (or starting) connection schedules a retry.
  let starting: pg.Client | null = null;
  const lost = (from: pg.Client, error: unknown) => {
    if (closed || (from !== client && from !== starting)) return;
    if (from === client) client = null;
    if (from === starting) starting = null;
    handlers.live(false);
    onError(error);
    void from.end().catch(() => {});
    retry = setTimeout(() => void connect(), RECONNECT_MS[Math.min(attempt++, RECONNECT_MS.length - 1)]);
    retry.unref();
  };

  async function connect(): Promise<void> {
    // Named, so an operator (and the tests) can tell the listener from the pool's connections in pg_stat_activity.
    const next = new pg.Client({ connectionString: url, application_name: listenerName(channel) });
    starting = next;
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next, new Error('the listening connection ended')));
    next.on('notification', ({ channel: from, payload = '' }) => {
      if (from !== channel) return;
      if (payload.startsWith(SYNC_PREFIX)) waiting.get(payload.slice(SYNC_PREFIX.length))?.();
      else handlers.message(payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      lost(next, error);
      return;
    }
    if (closed || starting !== next) {
      await next.end().catch(() => {});
      return;
    }
    starting = null;
    client = next;
    attempt = 0;
    // From here every commit is heard; what was missed while down is for the caller to forget (it drops its cache).
    handlers.live(true);
  }

  await connect();
  return {
    async sync(timeoutMs) {
      const current = client;
      if (!current) return;
      const nonce = randomUUID();
      const arrived = new Promise<void>((resolve) => waiting.set(nonce, resolve));
      const timer = new Promise<void>((resolve) => setTimeout(resolve, timeoutMs).unref());
      try {
        // Notifications reach a listener in commit order: this one comes after everything committed before it.
        await current.query('select pg_notify($1, $2)', [channel, `${SYNC_PREFIX}${nonce}`]);
        await Promise.race([arrived, timer]);
      } catch {
        // The listener reports its own loss; the caller bypasses the cache meanwhile.
      } finally {
        waiting.delete(nonce);
      }
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const current = client ?? starting;
      client = null;
      starting = null;
      await current?.end().catch(() => {});
    },
  };
}
