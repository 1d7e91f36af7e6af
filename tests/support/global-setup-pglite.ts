// Vitest global setup for the `server` project: migrate one in-memory PGlite once and keep its dump,
// which every test file loads as its own fresh copy; and trust the test OpenID provider's certificate in the workers.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { TestProject } from 'vitest/node';
import { migratePgliteClient } from '../../src/server/db/client';
import { ensureServerBuilt } from '../../scripts/server-build.mjs';
import { trustTestCertificate } from './tls';

export default async function setup(project: TestProject) {
  // Before any worker forks: Node reads NODE_EXTRA_CA_CERTS at start (tests/support/oidc-provider.ts).
  const tls = trustTestCertificate();
  // The tests that start server or CLI processes run the server's build, as `npm start` and `npm run cli` do.
  await ensureServerBuilt();
  const client = await PGlite.create({ extensions: { pg_trgm } });
  await migratePgliteClient(client);
  const dump = await client.dumpDataDir('none');
  await client.close();
  const dir = mkdtempSync(join(tmpdir(), 'lc-pglite-'));
  const dumpPath = join(dir, 'migrated.tar');
  writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  project.provide('testDatabase', { kind: 'pglite', dumpPath });
  return () => {
    rmSync(dir, { recursive: true, force: true });
    tls.remove();
  };
}
