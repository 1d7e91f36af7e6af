// The licence check's cache (check-cache.ts): exact in this process on both databases (a change's answer is never
// followed by a check served from before it), one query for misses that arrive together, and no caching while the
// listener is down. Across processes: tests/server/postgres/licence-check-cache.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../contract/constants';
import { createTestApp, TestClock, type TestContext } from '../../../tests/support/test-app';
import { callerAs, type SignedInCaller } from '../../../tests/support/callers';
import { certificateBody, certificateInStatus, insertClient } from '../../../tests/support/certificates';
import { storedFile, validateCall } from '../../../tests/support/licensing';
import { runExpirySweep } from '../services/certificates/expiry-sweep';
import { INACTIVE_CLIENT_VERDICT } from '../services/clients/inactive-clients';
import { createCheckCache, type CheckedRow } from './check-cache';

const TRIALS = 25;
let ctx: TestContext;
let admin: SignedInCaller;
const clock = new TestClock(Date.parse('2026-06-15T12:00:00Z'));

beforeAll(async () => {
  // Many checks from one address: the per-address limit would cut the trials short.
  ctx = await createTestApp({ clock, env: { VALIDATE_RATE_LIMIT: 'off' } });
  admin = await callerAs(ctx, 'admin');
});
afterAll(async () => ctx.close());

/** An active certificate through the API, its licence file, and one valid check that puts it in the cache. */
async function checkedCertificate(clientId: string) {
  const certificate = await certificateInStatus(
    admin,
    'active',
    certificateBody(clientId, clock.now().getTime() - DAY_MS),
  );
  const file = await storedFile(ctx, certificate.uuid);
  expect(await validateCall(ctx, file)).toMatchObject({ code: 'VALID' });
  expect(await validateCall(ctx, file)).toMatchObject({ code: 'VALID' });
  return { certificate, file };
}

describe('in this process', () => {
  it(`answers REVOKED on the very next check after the revoke's answer (${TRIALS} trials)`, async () => {
    const client = await insertClient(ctx.database.db);
    for (let trial = 0; trial < TRIALS; trial += 1) {
      const { certificate, file } = await checkedCertificate(client.id);
      const revoked = await admin.post(`/certificates/${certificate.uuid}/revoke`, {
        reason: 'Machine stolen',
      });
      expect(revoked.statusCode, revoked.body).toBe(200);
      expect(await validateCall(ctx, file)).toMatchObject({ valid: false, code: 'REVOKED' });
    }
  });

  it('answers from memory only what validate would answer, and reads again after a change', async () => {
    const client = await insertClient(ctx.database.db);
    const fresh = await certificateInStatus(
      admin,
      'active',
      certificateBody(client.id, clock.now().getTime() - DAY_MS),
    );
    const file = await storedFile(ctx, fresh.uuid);
    const fromMemory = () => ctx.app.licensing.validateFromMemory(file, undefined, { recordUse: false });
    // Never checked: its row is not in memory yet.
    expect(fromMemory()).toBeUndefined();
    const read = await ctx.app.licensing.validate(file, undefined, { recordUse: false });
    expect(fromMemory()).toEqual(read);
    expect(ctx.app.licensing.validateFromMemory(file, 'ANOTHER-MACHINE')).toMatchObject({
      code: 'SERIAL_MISMATCH',
    });
    // What the file alone settles needs no row.
    expect(ctx.app.licensing.validateFromMemory({ ...file, clientName: 'x' })).toMatchObject({
      code: 'MALFORMED',
    });
    const revoked = await admin.post(`/certificates/${fresh.uuid}/revoke`, { reason: 'Machine stolen' });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(fromMemory()).toBeUndefined();
    expect(await validateCall(ctx, file)).toMatchObject({ code: 'REVOKED' });
    expect(fromMemory()).toMatchObject({ code: 'REVOKED' });
  });

  it('sees a transfer, a client deactivated and renamed, and an expiry at once', async () => {
    const client = await insertClient(ctx.database.db, { name: 'Cache Pictures' });
    const moved = await checkedCertificate(client.id);
    const transfer = await admin.post(`/certificates/${moved.certificate.uuid}/transfer`, {
      serialNumber: 'CACHE-NEW-MACHINE',
      reason: 'Machine replaced',
    });
    expect(transfer.statusCode, transfer.body).toBe(201);
    expect(await validateCall(ctx, moved.file)).toMatchObject({ code: 'REVOKED' });

    const kept = await checkedCertificate(client.id);
    const renamed = await admin.put(`/clients/${client.id}`, { name: 'Cache Pictures Ltd' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await validateCall(ctx, kept.file)).toMatchObject({
      code: 'VALID',
      certificate: { clientName: 'Cache Pictures Ltd' },
    });
    const deactivated = await admin.put(`/clients/${client.id}`, { isActive: false });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    expect(await validateCall(ctx, kept.file)).toMatchObject({ valid: false, code: INACTIVE_CLIENT_VERDICT });
    const reactivated = await admin.put(`/clients/${client.id}`, { isActive: true });
    expect(reactivated.statusCode, reactivated.body).toBe(200);
    expect(await validateCall(ctx, kept.file)).toMatchObject({ code: 'VALID' });

    // The sweep marks it expired a year on; the check says so on the next call.
    clock.advance(400 * DAY_MS);
    try {
      expect(await runExpirySweep(ctx.app.ctx)).toBeGreaterThan(0);
      expect(await validateCall(ctx, kept.file)).toMatchObject({ valid: false, code: 'EXPIRED' });
    } finally {
      clock.advance(-400 * DAY_MS);
    }
  });
});

describe('the cache itself', () => {
  const row = (id: string): CheckedRow => ({
    id,
    serialNumber: `SN-${id}`,
    status: 'active',
    validFrom: new Date(0),
    validTo: new Date(DAY_MS),
    clientName: 'Client',
    clientIsActive: true,
    graceDays: 0,
    fileLifetimeDays: null,
    license: null,
  });
  /** A loader that answers from `rows` and remembers each query's ids. */
  const loaderOf = (rows: Map<string, CheckedRow>) => {
    const queries: string[][] = [];
    const load = async (ids: string[]) => {
      queries.push([...ids].sort());
      return ids.flatMap((id) => (rows.has(id) ? [{ ...rows.get(id)! }] : []));
    };
    return { load, queries };
  };

  it('reads misses that arrive together in one query, then answers from memory', async () => {
    const { load, queries } = loaderOf(new Map(['a', 'b', 'c'].map((id) => [id, row(id)])));
    const cache = createCheckCache(load, { maxAgeMs: 1000 });
    cache.setLive(true);
    const answers = await Promise.all(['a', 'b', 'a', 'c', 'missing'].map((id) => cache.get(id)));
    expect(answers.map((answer) => answer?.id)).toEqual(['a', 'b', 'a', 'c', undefined]);
    expect(queries).toEqual([['a', 'a', 'b', 'c', 'missing'].filter((id, i, all) => all.indexOf(id) === i)]);
    await cache.get('b');
    expect(queries).toHaveLength(1);
    // A certificate not found is never remembered: one made since is seen at once.
    await cache.get('missing');
    expect(queries).toHaveLength(2);
  });

  it('drops what a notification names, everything for a client, and entries past their age', async () => {
    const rows = new Map(['a', 'b'].map((id) => [id, row(id)]));
    const { load, queries } = loaderOf(rows);
    let now = 0;
    const cache = createCheckCache(load, { maxAgeMs: 1000, now: () => now });
    cache.setLive(true);
    await Promise.all([cache.get('a'), cache.get('b')]);
    rows.get('a')!.status = 'revoked';
    cache.invalidate('a');
    expect((await cache.get('a'))?.status).toBe('revoked');
    expect(cache.size).toBe(2);
    cache.invalidate('client');
    expect(cache.size).toBe(0);
    await Promise.all([cache.get('a'), cache.get('b')]);
    const before = queries.length;
    now = 1000;
    await cache.get('a');
    expect(queries.length).toBe(before + 1);
  });

  it('never stores a read that a notification overtook', async () => {
    const rows = new Map([['a', row('a')]]);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const cache = createCheckCache(
      async (ids) => {
        const answer = ids.flatMap((id) => (rows.has(id) ? [{ ...rows.get(id)! }] : []));
        await gate;
        return answer;
      },
      { maxAgeMs: 1000 },
    );
    cache.setLive(true);
    const stale = cache.get('a');
    await new Promise((resolve) => setImmediate(resolve));
    // The revocation commits while the read is in flight.
    rows.get('a')!.status = 'revoked';
    cache.invalidate('a');
    release();
    expect((await stale)?.status).toBe('active');
    expect(cache.size).toBe(0);
  });

  it('peeks at fresh entries only, without reading', async () => {
    const { load, queries } = loaderOf(new Map([['a', row('a')]]));
    let now = 0;
    const cache = createCheckCache(load, { maxAgeMs: 1000, now: () => now });
    cache.setLive(true);
    expect(cache.peek('a')).toBeUndefined();
    await cache.get('a');
    expect(cache.peek('a')?.id).toBe('a');
    cache.invalidate('a');
    expect(cache.peek('a')).toBeUndefined();
    await cache.get('a');
    now = 1000;
    expect(cache.peek('a')).toBeUndefined();
    await cache.get('a');
    cache.setLive(false);
    expect(cache.peek('a')).toBeUndefined();
    expect(queries).toHaveLength(3);
  });

  it('is bypassed and emptied while the listener is down', async () => {
    const { load, queries } = loaderOf(new Map([['a', row('a')]]));
    const cache = createCheckCache(load, { maxAgeMs: 1000 });
    cache.setLive(true);
    await cache.get('a');
    cache.setLive(false);
    expect(cache.size).toBe(0);
    await cache.get('a');
    await cache.get('a');
    expect(queries).toHaveLength(3);
    cache.setLive(true);
    await cache.get('a');
    await cache.get('a');
    expect(queries).toHaveLength(4);
  });
});
