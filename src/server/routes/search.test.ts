// GET /search, the command palette's search (docs/api.md#search): who gets which groups, the matching rules (a
// start for one or two characters, anywhere from three, case ignored, wildcards literal, an id), the certificates'
// order by rank and serial number, the limit, refused queries and the status as readers see it.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DAY_MS,
  errorBodySchema,
  SEARCH_LIMIT_DEFAULT,
  SEARCH_LIMIT_MAX,
  SEARCH_QUERY_MAX_LENGTH,
  SEARCH_TEXTS,
  searchResponseSchema,
  type SearchResults,
} from '../../contract';
import { certificates } from '../db/schema';
import { createUser, TestClock } from '../../../tests/support/test-app';
import { createApiToken, expectSuccess, routeTestApp, type Caller } from '../../../tests/support/callers';
import {
  certificateBody,
  certificateInStatus,
  createCertificate,
  insertClient,
  setPeriod,
  type ClientFixture,
} from '../../../tests/support/certificates';

const clock = new TestClock();
const { ctx, owner, admin, editor, viewer, anonymous } = routeTestApp({
  clock,
  expirySweep: false,
  webhookDispatcher: false,
});

const today = () => clock.now().getTime();
const ids: Record<string, string> = {};

/** A pending certificate of `client` with `serialNumber`, valid for a year from yesterday. */
async function certificate(client: ClientFixture, serialNumber: string) {
  const created = await createCertificate(
    editor,
    certificateBody(client.id, today() - DAY_MS, { serialNumber }),
  );
  ids[serialNumber] = created.uuid;
  return created;
}

let falcon: ClientFixture;
let qzxAlpha: ClientFixture;

beforeAll(async () => {
  const db = ctx.database.db;
  falcon = await insertClient(db, { name: 'Falcon Media' });
  qzxAlpha = await insertClient(db, { name: 'Qzx1 Alpha Studios' });
  // Ranks of `qzx1`: the serial number is it, starts with it, holds it; then the certificates of a client named so.
  for (const serial of ['AB-QZX1', 'QZX1-B', 'QZX1', 'AA-QZX1-9', 'QZX1-A'])
    await certificate(falcon, serial);
  for (const serial of ['ZZ-102', 'ZZ-100', 'ZZ-101', 'ZZ-099']) await certificate(qzxAlpha, serial);
  // A deleted client: it is not listed, but its (revoked) certificate still is, as the certificates list shows it.
  const gone = await insertClient(db, { name: 'Qzx1 Gone' });
  const revoked = await certificateInStatus(
    editor,
    'revoked',
    certificateBody(gone.id, today() - DAY_MS, { serialNumber: 'YY-1' }),
  );
  ids['YY-1'] = revoked.uuid;
  await expectSuccess(owner, 'DELETE', `/clients/${gone.id}`);

  // One and two characters: starts only.
  await certificate(falcon, 'XYY-2');
  const yyz = await insertClient(db, { name: 'Yyz Corp' });
  await certificate(yyz, 'KK-5');
  const abyy = await insertClient(db, { name: 'Abyy Labs' });
  await certificate(abyy, 'KK-6');
  await insertClient(db, { name: 'Yyz Inactive', isActive: false });
  await createUser(ctx, 'viewer', { name: 'Qzx1 Person', email: 'person@example.test' });
  await createUser(ctx, 'editor', { name: 'Ann Other', email: 'yy.ann@example.test' });
  await createUser(ctx, 'editor', { name: 'Bob Yy', email: 'bob@example.test' });
  await createUser(ctx, 'viewer', { name: 'Yyvette Short', email: 'yvette@example.test' });
  await createUser(ctx, 'viewer', { name: 'Zed Annex', email: 'zed@example.test' });
  await createUser(ctx, 'viewer', { name: 'Hannah Ray', email: 'hr@example.test' });
  await insertClient(db, { name: 'Studio Nine' });

  // Wildcards: `%`, `_` and `\` are characters like any other.
  for (const name of ['Wild%Card Ltd', 'Wildxcard Ltd', 'Under_Score', 'UnderxScore', 'Back\\Slash'])
    await insertClient(db, { name });
  for (const serial of ['WC_1', 'WCX1']) await certificate(falcon, serial);
});

async function search(as: Caller, query: string): Promise<SearchResults> {
  const response = await as.get(`/search?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return searchResponseSchema.strict().parse(response.json()).data;
}
const q = (text: string, limit?: number) =>
  `q=${encodeURIComponent(text)}${limit === undefined ? '' : `&limit=${limit}`}`;
const serials = (results: SearchResults) => results.certificates.map((c) => c.serialNumber);
const names = (results: { name: string }[]) => results.map((r) => r.name);

describe('GET /search: who', () => {
  it('answers every role; users only for owners and admins, as GET /users', async () => {
    for (const who of [owner, admin]) {
      const found = await search(who, q('qzx1'));
      expect(found.users).toEqual([
        expect.objectContaining({ name: 'Qzx1 Person', email: 'person@example.test' }),
      ]);
      expect(found.clients.map((c) => c.name)).toEqual(['Qzx1 Alpha Studios']);
    }
    for (const who of [editor, viewer]) {
      const found = await search(who, q('qzx1'));
      expect(found.users).toEqual([]);
      expect(serials(found)).toContain('QZX1');
      expect(found.clients.map((c) => c.name)).toEqual(['Qzx1 Alpha Studios']);
    }
    const refused = await anonymous.get(`/search?${q('qzx1')}`);
    expect(refused.statusCode).toBe(401);
    expect(errorBodySchema.parse(refused.json()).code).toBe('UNAUTHENTICATED');
  });

  it('answers an API token with its role', async () => {
    const asViewer = await createApiToken(ctx, owner, { name: 'search viewer', role: 'viewer' });
    expect((await search(asViewer.caller, q('qzx1'))).users).toEqual([]);
    const asAdmin = await createApiToken(ctx, owner, { name: 'search admin', role: 'admin' });
    expect(names((await search(asAdmin.caller, q('qzx1'))).users)).toEqual(['Qzx1 Person']);
  });
});

describe('GET /search: certificates in order', () => {
  it('exact serial, then starting with it, holding it, then client-name matches, ties by serial', async () => {
    const found = await search(viewer, q('qzx1'));
    expect(serials(found)).toEqual([
      'QZX1',
      'QZX1-A',
      'QZX1-B',
      'AA-QZX1-9',
      'AB-QZX1',
      'YY-1',
      'ZZ-099',
      'ZZ-100',
    ]);
    expect(found.certificates[0]).toEqual({
      uuid: ids.QZX1,
      serialNumber: 'QZX1',
      clientName: 'Falcon Media',
      status: 'pending',
    });
    // A deleted client's certificate carries its client's name; the client itself is not found.
    expect(found.certificates.find((c) => c.serialNumber === 'YY-1')).toMatchObject({
      clientName: 'Qzx1 Gone',
      status: 'revoked',
    });
    expect(names(found.clients)).toEqual(['Qzx1 Alpha Studios']);
  });

  it('cuts each rank at the limit by serial number', async () => {
    expect(serials(await search(viewer, q('qzx1', 2)))).toEqual(['QZX1', 'QZX1-A']);
    expect(serials(await search(viewer, q('qzx1', 4)))).toEqual(['QZX1', 'QZX1-A', 'QZX1-B', 'AA-QZX1-9']);
    expect(serials(await search(viewer, q('qzx1', 6)))).toEqual([
      'QZX1',
      'QZX1-A',
      'QZX1-B',
      'AA-QZX1-9',
      'AB-QZX1',
      'YY-1',
    ]);
  });

  it('ignores case, and trims the query', async () => {
    expect(serials(await search(viewer, q('  QzX1-a  ')))).toEqual(['QZX1-A']);
    expect(serials(await search(viewer, q('qZx1')))).toEqual(serials(await search(viewer, q('QZX1'))));
    expect(names((await search(owner, q('PERSON@EXAMPLE'))).users)).toEqual(['Qzx1 Person']);
    expect(names((await search(viewer, q('falcon MEDIA'))).clients)).toEqual(['Falcon Media']);
  });

  it('finds the certificate a UUID names, first, in either case', async () => {
    for (const id of [ids['ZZ-100']!, ids['ZZ-100']!.toUpperCase()]) {
      const found = await search(viewer, q(id));
      expect(found.certificates).toEqual([
        { uuid: ids['ZZ-100'], serialNumber: 'ZZ-100', clientName: 'Qzx1 Alpha Studios', status: 'pending' },
      ]);
    }
    expect((await search(viewer, q('00000000-0000-4000-8000-000000000000'))).certificates).toEqual([]);
  });
});

describe('GET /search: matching', () => {
  it('matches only the start of a value for one or two characters', async () => {
    const found = await search(owner, q('yy'));
    // YY-1 starts with it, KK-5 belongs to Yyz Corp; XYY-2 and Abyy Labs' KK-6 only hold it.
    expect(serials(found)).toEqual(['YY-1', 'KK-5']);
    expect(found.clients).toEqual([
      expect.objectContaining({ name: 'Yyz Corp', isActive: true }),
      expect.objectContaining({ name: 'Yyz Inactive', isActive: false }),
    ]);
    // By name or by e-mail address; Bob Yy only holds it.
    expect(names(found.users)).toEqual(['Ann Other', 'Yyvette Short']);
    expect(serials(await search(viewer, q('y')))).toEqual(['YY-1', 'KK-5']);
  });

  it('matches anywhere from three characters', async () => {
    const found = await search(owner, q('yyz'));
    expect(serials(found)).toEqual(['KK-5']);
    expect(serials(await search(viewer, q('yy-2')))).toEqual(['XYY-2']);
    expect(names((await search(viewer, q('byy'))).clients)).toEqual(['Abyy Labs']);
    expect(names((await search(owner, q('b yy'))).users)).toEqual(['Bob Yy']);
  });

  it('takes %, _ and \\ literally', async () => {
    expect(names((await search(viewer, q('d%c'))).clients)).toEqual(['Wild%Card Ltd']);
    expect(names((await search(viewer, q('r_s'))).clients)).toEqual(['Under_Score']);
    expect(names((await search(viewer, q('k\\s'))).clients)).toEqual(['Back\\Slash']);
    expect(serials(await search(viewer, q('c_1')))).toEqual(['WC_1']);
    for (const wildcard of ['%', '_', '\\', '%%', '%_%'])
      expect(await search(owner, q(wildcard)), wildcard).toEqual({
        certificates: [],
        clients: [],
        users: [],
      });
  });
});

describe('GET /search: clients and users in order', () => {
  it('lists names starting with the query first, then the others, each in name order', async () => {
    expect(names((await search(viewer, q('studio'))).clients)).toEqual(['Studio Nine', 'Qzx1 Alpha Studios']);
    expect(names((await search(owner, q('ann'))).users)).toEqual(['Ann Other', 'Hannah Ray', 'Zed Annex']);
    // An e-mail address starting with it counts as a start.
    expect(names((await search(owner, q('yvette'))).users)).toEqual(['Yyvette Short']);
    expect(names((await search(owner, q('yy.'))).users)).toEqual(['Ann Other']);
  });
});

describe('GET /search: limit', () => {
  it(`is ${SEARCH_LIMIT_DEFAULT} by default and 1 to ${SEARCH_LIMIT_MAX} per group`, async () => {
    const all = await search(owner, q('example.test', SEARCH_LIMIT_MAX));
    expect(all.users.length).toBeGreaterThan(1);
    const one = await search(owner, q('example.test', 1));
    expect(one.users).toEqual(all.users.slice(0, 1));
    // Ten certificates match qzx1: the default keeps the first eight, the most all ten.
    expect((await search(viewer, q('qzx1'))).certificates).toHaveLength(SEARCH_LIMIT_DEFAULT);
    expect(serials(await search(viewer, q('qzx1', SEARCH_LIMIT_MAX))).slice(-3)).toEqual([
      'ZZ-100',
      'ZZ-101',
      'ZZ-102',
    ]);
    expect((await search(viewer, q('qzx1', 1))).certificates).toHaveLength(1);
    for (const [limit, message] of [
      ['0', 'limit must be at least 1'],
      [String(SEARCH_LIMIT_MAX + 1), `limit must be at most ${SEARCH_LIMIT_MAX}`],
      ['2.5', 'limit must be a whole number'],
      ['many', 'limit must be a number'],
    ] as const) {
      const response = await viewer.get(`/search?q=qzx1&limit=${limit}`);
      expect(response.statusCode, limit).toBe(400);
      const body = errorBodySchema.parse(response.json());
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.errors).toEqual({ limit: message });
    }
  });
});

describe('GET /search: refused queries', () => {
  it('is a 400 naming the rule for spaces only, an over-long or a missing q', async () => {
    for (const [query, message] of [
      ['q=%20%20%20', SEARCH_TEXTS.onlySpaces],
      ['q=', SEARCH_TEXTS.onlySpaces],
      [`q=${'a'.repeat(SEARCH_QUERY_MAX_LENGTH + 1)}`, SEARCH_TEXTS.tooLong],
      ['limit=5', SEARCH_TEXTS.required],
    ] as const) {
      const response = await viewer.get(`/search?${query}`);
      expect(response.statusCode, query).toBe(400);
      const body = errorBodySchema.parse(response.json());
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.errors).toEqual({ q: message });
    }
    // The length is counted after trimming.
    await search(viewer, q(` ${'a'.repeat(SEARCH_QUERY_MAX_LENGTH)} `));
  });
});

describe('GET /search: status', () => {
  it('reads an overdue active certificate as expired, before the sweep', async () => {
    const body = certificateBody(falcon.id, today() - DAY_MS, { serialNumber: 'OVERDUE-1' });
    const overdue = await certificateInStatus(editor, 'active', body);
    await setPeriod(ctx.database.db, overdue.uuid, new Date(today() - 30 * DAY_MS), new Date(today() - 1000));
    const [stored] = await ctx.database.db
      .select({ status: certificates.status })
      .from(certificates)
      .where(eq(certificates.id, overdue.uuid));
    expect(stored?.status).toBe('active');
    expect((await search(viewer, q('overdue-1'))).certificates).toEqual([
      { uuid: overdue.uuid, serialNumber: 'OVERDUE-1', clientName: 'Falcon Media', status: 'expired' },
    ]);
  });
});
