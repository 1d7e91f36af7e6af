// Two server processes on one PostgreSQL database, hit at the same moment: lifecycle steps (a renewal too) apply once,
// history is never duplicated, a download never follows a revocation, the expiry sweep records each certificate
// once, counters stay true, tokens and sign-in throttling are shared.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import {
  call,
  OWNER,
  signInOwner,
  startServerProcess,
  type ServerProcess,
} from '../../support/server-process';
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
  [a, b] = await Promise.all([
    startServerProcess({ DATABASE_URL: url }),
    startServerProcess({ DATABASE_URL: url }),
  ]);
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
    const client = await call<{ data: { uuid: string } }>(a.url, 'POST', '/clients', {
      token: tokenA,
      body: { name: `Race Client ${Date.now()}` },
    });
    const now = Date.now();
    const ids: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      const created = await call<{ data: { uuid: string } }>(a.url, 'POST', '/certificates', {
        token: tokenA,
        body: {
          clientId: client.body.data.uuid,
          serialNumber: `RACE-${now}-${i}`,
          studioCount: 1,
          userCount: 1,
          validFrom: now - 1000,
          validTo: now + 86_400_000 * 90,
        },
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
    // The same renewal from both: one applies; the other finds the new end already there and asks for nothing new.
    expect(await both('renew', { validTo: now + 86_400_000 * 180 })).toEqual(ids.map(() => [200, 400]));
    expect(await both('revoke', { reason: 'race' })).toEqual(ids.map(() => [200, 409]));

    const history = await sqlRows<{ certificate_id: string; action: string; n: number }>(
      `select certificate_id, action, count(*)::int as n from certificate_records where certificate_id = any($1) group by 1, 2`,
      [ids],
    );
    for (const id of ids) {
      const of = (action: string) =>
        history.find((row) => row.certificate_id === id && row.action === action)?.n ?? 0;
      expect({
        created: of('created'),
        activated: of('activated'),
        downloaded: of('downloaded'),
        renewed: of('renewed'),
        revoked: of('revoked'),
      }).toEqual({ created: 1, activated: 1, downloaded: 2, renewed: 1, revoked: 1 });
    }
    const statuses = await sqlRows<{ status: string }>(
      `select distinct status from certificates where id = any($1)`,
      [ids],
    );
    expect(statuses).toEqual([{ status: 'revoked' }]);
    // The dashboard counters, kept in the same transactions, agree with the rows.
    const [truth] = await sqlRows<Record<string, number>>(`select
      count(*) filter (where status = 'revoked')::int as revoked, count(*) filter (where status = 'active')::int as active,
      count(*) filter (where status = 'distributed')::int as distributed from certificates`);
    const stats = await call<Record<string, number>>(b.url, 'GET', '/dashboard/stats', { token: tokenB });
    expect({
      revoked: stats.body.revokedCertificates,
      active: stats.body.activeCertificates,
      distributed: stats.body.distributedCertificates,
    }).toEqual(truth);
    const [clientRow] = await sqlRows<{ certificate_count: number; active_certificates: number }>(
      'select certificate_count, active_certificates from clients where id = $1',
      [client.body.data.uuid],
    );
    expect(clientRow).toEqual({ certificate_count: 12, active_certificates: 0 });
  }, 60_000);

  it('never records a download after a revocation when the two race from different servers', async () => {
    const client = await call<{ data: { uuid: string } }>(a.url, 'POST', '/clients', {
      token: tokenA,
      body: { name: `Mixed Race ${Date.now()}` },
    });
    const now = Date.now();
    const ids: string[] = [];
    for (let i = 0; i < 16; i += 1) {
      const created = await call<{ data: { uuid: string } }>(a.url, 'POST', '/certificates', {
        token: tokenA,
        body: {
          clientId: client.body.data.uuid,
          serialNumber: `MIXED-${now}-${i}`,
          studioCount: 1,
          userCount: 1,
          validFrom: now - 1000,
          validTo: now + 86_400_000 * 90,
        },
      });
      expect(
        (await call(a.url, 'POST', `/certificates/${created.body.data.uuid}/activate`, { token: tokenA }))
          .status,
      ).toBe(200);
      ids.push(created.body.data.uuid);
    }
    // Each certificate: a download on one server and a revocation on the other, at the same moment.
    const answers = await Promise.all(
      ids.map(async (id, i) => {
        const [downloader, revoker] =
          i % 2 === 0
            ? ([
                [a, tokenA],
                [b, tokenB],
              ] as const)
            : ([
                [b, tokenB],
                [a, tokenA],
              ] as const);
        const [download, revoke] = await Promise.all([
          call(downloader[0].url, 'POST', `/certificates/${id}/download`, { token: downloader[1] }),
          call(revoker[0].url, 'POST', `/certificates/${id}/revoke`, {
            token: revoker[1],
            body: { reason: 'mixed race' },
          }),
        ]);
        return { id, download: download.status, revoke: revoke.status };
      }),
    );
    const records = await sqlRows<{ certificate_id: string; action: string; created_at: Date }>(
      `select certificate_id, action, created_at from certificate_records where certificate_id = any($1) and action in ('downloaded', 'revoked')`,
      [ids],
    );
    for (const { id, download, revoke } of answers) {
      // Revocation is allowed from active and from distributed: it always wins; the download either came first or is refused.
      expect(revoke).toBe(200);
      expect([200, 409]).toContain(download);
      const mine = records.filter((record) => record.certificate_id === id);
      const revoked = mine.filter((record) => record.action === 'revoked');
      const downloaded = mine.filter((record) => record.action === 'downloaded');
      expect(revoked).toHaveLength(1);
      expect(downloaded).toHaveLength(download === 200 ? 1 : 0);
      for (const record of downloaded)
        expect(record.created_at.getTime()).toBeLessThanOrEqual(revoked[0]!.created_at.getTime());
    }
    expect(await sqlRows(`select distinct status from certificates where id = any($1)`, [ids])).toEqual([
      { status: 'revoked' },
    ]);
    const [clientRow] = await sqlRows<{ certificate_count: number; active_certificates: number }>(
      'select certificate_count, active_certificates from clients where id = $1',
      [client.body.data.uuid],
    );
    expect(clientRow).toEqual({ certificate_count: 16, active_certificates: 0 });
  }, 60_000);

  it('two servers starting on past-due certificates expire each once, with one record and one activity', async () => {
    const info = inject('testDatabase');
    if (info.kind !== 'postgres') throw new Error('this file runs in the server-pg project only');
    const sweepUrl = await createPostgresCopy(info);
    const setup = new pg.Client({ connectionString: sweepUrl });
    await setup.connect();
    const count = 60;
    try {
      const { rows } = await setup.query<{ id: string }>(
        `insert into clients (id, name) values (gen_random_uuid(), 'Sweep Race') returning id`,
      );
      const clientId = rows[0]!.id;
      await setup.query(
        `insert into certificates (id, client_id, serial_number, studio_count, user_count, valid_from, valid_to, status)
         select gen_random_uuid(), $1, 'SWEEP-' || i, 1, 1, now() - interval '30 days', now() - interval '1 minute', 'active'
         from generate_series(1, $2::int) i`,
        [clientId, count],
      );
      // The counters, as the service would have kept them.
      await setup.query(`update clients set certificate_count = $2, active_certificates = $2 where id = $1`, [
        clientId,
        count,
      ]);
      await setup.query(`update counters set value = value + $1 where key = 'certificates.active'`, [count]);
      await setup.query(`update counters set value = value + 1 where key = 'clients'`);
    } finally {
      await setup.end();
    }
    // Both sweep at start, at the same moment.
    const [first, second] = await Promise.all([
      startServerProcess({ DATABASE_URL: sweepUrl }),
      startServerProcess({ DATABASE_URL: sweepUrl }),
    ]);
    try {
      const probe = new pg.Client({ connectionString: sweepUrl });
      await probe.connect();
      try {
        const expiredCount = async () =>
          Number(
            (await probe.query(`select count(*)::int as n from certificates where status = 'expired'`))
              .rows[0].n,
          );
        await expect.poll(expiredCount, { timeout: 20_000 }).toBe(count);
        const records = await probe.query(
          `select certificate_id, count(*)::int as n from certificate_records where action = 'expired' group by 1`,
        );
        expect(records.rows).toHaveLength(count);
        expect(records.rows.every((row: { n: number }) => row.n === 1)).toBe(true);
        const activity = await probe.query(
          `select count(*)::int as n from activities where type = 'certificate.expired'`,
        );
        expect(activity.rows[0].n).toBe(count);
        const counters = await probe.query(
          `select key, value::int as value from counters where key in ('certificates.active', 'certificates.expired')`,
        );
        expect(
          Object.fromEntries(
            counters.rows.map((row: { key: string; value: number }) => [row.key, row.value]),
          ),
        ).toEqual({ 'certificates.active': 0, 'certificates.expired': count });
      } finally {
        await probe.end();
      }
    } finally {
      for (const server of [first, second]) server.child.kill('SIGTERM');
      await Promise.all([first.exited, second.exited]);
    }
  }, 90_000);

  it('share sign-in throttling: failures on either server count for the account', async () => {
    for (let i = 0; i < 5; i += 1) {
      const server = i % 2 === 0 ? a : b;
      expect(
        (
          await call(server.url, 'POST', '/auth/login', {
            body: { email: OWNER.email, password: `wrong-${i}` },
          })
        ).status,
      ).toBe(401);
    }
    const throttledA = await call(a.url, 'POST', '/auth/login', { body: OWNER });
    const throttledB = await call(b.url, 'POST', '/auth/login', { body: OWNER });
    expect([throttledA.status, throttledB.status]).toEqual([429, 429]);
    expect(Number(throttledB.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
