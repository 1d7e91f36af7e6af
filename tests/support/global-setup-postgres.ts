// Vitest global setup for the `server-pg` project: one cluster per run, one migrated template database
// that every test file copies (CREATE DATABASE ... TEMPLATE), so migrations run once; and trust the test OpenID
// provider's certificate in the workers.
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client';
import { startPostgres } from './postgres-cluster';
import { ensureServerBuilt } from '../../scripts/server-build.mjs';
import { trustTestCertificate } from './tls';

export const TEMPLATE_DATABASE = 'lc_template';

export default async function setup(project: TestProject) {
  // Before any worker forks: Node reads NODE_EXTRA_CA_CERTS at start (tests/support/oidc-provider.ts).
  const tls = trustTestCertificate();
  // The tests that start server or CLI processes run the server's build, as `npm start` and `npm run cli` do.
  await ensureServerBuilt();
  const cluster = await startPostgres();
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query(`create database ${TEMPLATE_DATABASE}`);
  await admin.end();
  const template = await openDatabase({
    kind: 'postgres',
    url: cluster.urlFor(TEMPLATE_DATABASE),
    poolSize: 1,
  });
  await template.close();
  project.provide('testDatabase', {
    kind: 'postgres',
    adminUrl: cluster.url,
    templateUrl: cluster.urlFor(TEMPLATE_DATABASE),
  });
  return () => {
    cluster.stop();
    tls.remove();
  };
}
