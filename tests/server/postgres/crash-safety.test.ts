import { describe, inject, it } from 'vitest';
import { runCrashScenario, runGracefulShutdown } from '../../support/crash-harness';
import { createPostgresCopy } from '../../support/test-database';

async function freshDatabaseUrl() {
  const info = inject('testDatabase');
  if (info.kind !== 'postgres') throw new Error('this file runs in the server-pg project only');
  return createPostgresCopy(info);
}

describe('crash safety on PostgreSQL', () => {
  it('keeps every acknowledged write after SIGKILL', async () => {
    await runCrashScenario({ DATABASE_URL: await freshDatabaseUrl() });
  }, 120_000);

  it('drains in-flight requests on SIGTERM and exits within 10 s', async () => {
    await runGracefulShutdown({ DATABASE_URL: await freshDatabaseUrl() });
  }, 60_000);
});
