// The licence check's cache in a running app: it reads through a cache that every committed change to what it reads
// empties (check-cache.ts), and the listener is this process's ear for those changes.
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/client';
import type { Env } from '../env';
import { loggableError } from '../log-redaction';
import { checkedRowsOf, createCheckCache, LICENSE_CHECK_CHANNEL, type CheckCache } from './check-cache';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Makes the cache and its listener (closed with the app). On PostgreSQL a change's answer leaves only once this
 * process has heard of the change, so the very next check here is exact (PGlite hears it before the commit
 * resolves). Reads change nothing and do not wait, nor do the machines' calls (`machineRoutes`): a check or a
 * check-in records its use in batches, and a check-in that signs a fresh file drops this process's entry itself.
 * Waiting there cost a round trip each: a check-in on PostgreSQL answered 2,044 req/s with it, 5,467 without.
 */
export async function wireCheckCache(
  app: FastifyInstance,
  database: DatabaseHandle,
  env: Pick<Env, 'LICENSE_CHECK_CACHE_MAX_AGE_MS'>,
  machineRoutes: ReadonlySet<string>,
): Promise<CheckCache> {
  const checks = createCheckCache(checkedRowsOf(database.db), {
    maxAgeMs: env.LICENSE_CHECK_CACHE_MAX_AGE_MS,
  });
  const listener = await database.listen(
    LICENSE_CHECK_CHANNEL,
    { message: (payload) => checks.invalidate(payload), live: (isLive) => checks.setLive(isLive) },
    (error) =>
      app.log.warn(
        { err: loggableError(error), event: 'licensing.check_cache_listener_lost' },
        'licence check cache bypassed until its listener reconnects',
      ),
  );
  app.addHook('onClose', async () => listener.close());
  if (database.kind === 'postgres')
    app.addHook('onSend', async (request) => {
      if (READ_METHODS.has(request.method) || machineRoutes.has(request.routeOptions.url ?? '')) return;
      await listener.sync(env.LICENSE_CHECK_CACHE_MAX_AGE_MS);
    });
  return checks;
}
