// Two server processes on one PostgreSQL database, hit at the same moment: lifecycle steps apply once,
// history is never duplicated, counters stay true, tokens and sign-in throttling are shared.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { call, OWNER, signInOwner, startServerProcess, type ServerProcess } from '../../support/server-process';
import { createPostgresCopy } from '../../support/test-database';

let url: string;
let a: ServerProcess;
let b: ServerProcess;
let tokenA: string;
let tokenB: string;

beforeAll(async () => {
  const info = inject('testDatabase');
  if (info.kind !== 'postgres') throw new Error('this file runs in the server-pg project only');
  url = await createPostgresCopy(info);
  [a, b] = await Promise.all([startServerProcess({ DATABASE_URL: url }), startServerProcess({ DATABASE_URL: url })]);
  [tokenA, tokenB] = await Promise.all([signInOwner(a.url), signInOwner(b.url)]);
}, 60_000);

afterAll(async () => {
  for (const server of [a, b]) server?.child.kill('SIGTERM');
  await Promise.all([a?.exited, b?.exited]);
});

async function sqlRows<T>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

describe('two servers on one PostgreSQL', () => {
  it('accept each other’s access tokens (one JWT secret)', async () => {
    expect((await call(b.url, 'GET', '/dashboard/stats', { token: tokenA })).status).toBe(200);
    expect((await call(a.url, 'GET', '/dashboard/stats', { token: tokenB })).status).toBe(200);
  });

  it('apply concurrent activations, downloads and revocations of the same certificates once each', async () => {
    const client = await call<{ data: { uuid: string } }>(a.url, 'POST', '/clients', { token: tokenA, body: { name: `Race Client ${Date.now()}` } });
    const now = Date.now();
    const ids: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      const created = await call<{ data: { uuid: string } }>(a.url, 'POST', '/certificates', {
        token: tokenA,
        body: { clientId: client.body.data.uuid, serialNumber: `RACE-${now}-${i}`, studioCount: 1, userCount: 1, validFrom: now - 1000, validTo: now + 86_400_000 * 90 },
      });
      expect(created.status).toBe(201);
      ids.push(created.body.data.uuid);
    }
    const both = (step: string, body?: unknown) =>
      Promise.all(
        ids.map((id) =>
          Promise.all([
            call(a.url, 'POST', `/certificates/${id}/${step}`, { token: tokenA, body }),
            call(b.url, 'POST', `/certificates/${id}/${step}`, { token: tokenB, body }),
          ]).then((pair) => pair.map((r) => r.status).sort()),
        ),
      );

    // Exactly one of two simultaneous activations wins; the other is told the certificate is active.
    expect(await both('activate')).toEqual(ids.map(() => [200, 409]));
    // Both downloads are real downloads (active or distributed allow it): two records, one status change.
    expect(await both('download')).toEqual(ids.map(() => [200, 200]));
    expect(await both('revoke', { reason: 'race' })).toEqual(ids.map(() => [200, 409]));

    const history = await sqlRows<{ certificate_id: string; action: string; n: number }>(
      `select certificate_id, action, count(*)::int as n from certificate_records where certificate_id = any($1) group by 1, 2`,
      [ids],
    );
    for (const id of ids) {
      const of = (action: string) => history.find((row) => row.certificate_id === id && row.action === action)?.n ?? 0;
      expect({ created: of('created'), activated: of('activated'), downloaded: of('downloaded'), revoked: of('revoked') }).toEqual({ created: 1, activated: 1, downloaded: 2, revoked: 1 });
    }
    const statuses = await sqlRows<{ status: string }>(`select distinct status from certificates where id = any($1)`, [ids]);
    expect(statuses).toEqual([{ status: 'revoked' }]);
    // The dashboard counters, kept in the same transactions, agree with the rows.
    const [truth] = await sqlRows<Record<string, number>>(`select
      count(*) filter (where status = 'revoked')::int as revoked, count(*) filter (where status = 'active')::int as active,
      count(*) filter (where status = 'distributed')::int as distributed from certificates`);
    const stats = await call<Record<string, number>>(b.url, 'GET', '/dashboard/stats', { token: tokenB });
    expect({ revoked: stats.body.revokedCertificates, active: stats.body.activeCertificates, distributed: stats.body.distributedCertificates }).toEqual(truth);
    const [clientRow] = await sqlRows<{ certificate_count: number; active_certificates: number }>(
      'select certificate_count, active_certificates from clients where id = $1',
      [client.body.data.uuid],
    );
    expect(clientRow).toEqual({ certificate_count: 12, active_certificates: 0 });
  }, 60_000);

  it('share sign-in throttling: failures on either server count for the account', async () => {
    for (let i = 0; i < 5; i += 1) {
      const server = i % 2 === 0 ? a : b;
      expect((await call(server.url, 'POST', '/auth/login', { body: { email: OWNER.email, password: `wrong-${i}` } })).status).toBe(401);
    }
    const throttledA = await call(a.url, 'POST', '/auth/login', { body: OWNER });
    const throttledB = await call(b.url, 'POST', '/auth/login', { body: OWNER });
    expect([throttledA.status, throttledB.status]).toEqual([429, 429]);
    expect(Number(throttledB.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
