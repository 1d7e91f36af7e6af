// The audit log: `GET /dashboard/activity` with its filters, order and totals, its CSV export, what each
// role reads of both, the security events (sign-ins, refused sign-ins) the log records, and the types the
// console names: a transfer and a change of reminders among them.
import { parseCsv } from '../../../tests/support/csv';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ACTIVITY_MESSAGES,
  ACTIVITY_TYPES,
  activityResponseSchema,
  errorBodySchema,
  type Activity,
} from '../../contract';
import { queryRows } from '../db/rows';
import { recordActivity } from '../services/shared/audit';
import { ACTIVITY_CSV_HEADER } from '../services/exports/exports-service';
import { createUser, signIn, TestClock, TEST_PASSWORD, type TestUser } from '../../../tests/support/test-app';
import { anonymous, callerAs, routeTestApp, type Caller } from '../../../tests/support/callers';
import {
  certificateBody,
  certificateInStatus,
  insertClient,
  uniqueSerial,
} from '../../../tests/support/certificates';

const clock = new TestClock();
const { ctx, owner, admin, editor, viewer } = routeTestApp({
  clock,
  env: { ACCESS_TOKEN_TTL_SECONDS: '86400' },
});
/** Two actors who never sign in here, so their rows are only the ones written below. */
let alice: TestUser;
let bob: TestUser;

/** Long before the callers' sign-ins, so a range over it holds only the rows written below. */
const T0 = Date.UTC(2024, 0, 1);
const cert1 = randomUUID();
const cert2 = randomUUID();
const cert3 = randomUUID();
const client1 = randomUUID();
const user1 = randomUUID();
/** The fixture rows by name, with their ids once written. */
const ids: Record<string, string> = {};

beforeAll(async () => {
  alice = await createUser(ctx, 'admin', { name: 'Alice Audit' });
  bob = await createUser(ctx, 'editor', { name: 'Bob Audit' });
  const actor = (user: TestUser | null) => (user ? { id: user.id, name: user.name } : null);
  const rows = [
    ['r1', alice, 'certificate.revoked', 'certificate', cert1, 'Revoked certificate SN-ALPHA-1', 1000],
    [
      'r2',
      bob,
      'certificate.revoked',
      'certificate',
      cert2,
      'Revoked certificate SN-BETA-2, "key lost"',
      2000,
    ],
    ['r3', alice, 'client.updated', 'client', client1, 'Updated client Northwind 100%', 3000],
    ['r4', alice, 'user.clients_assigned', 'user', user1, 'Assigned 2 clients to Jane', 4000],
    ['r5', null, 'certificate.expired', 'certificate', cert1, 'Certificate SN-ALPHA-1 expired', 5000],
    ['r6', bob, 'certificate.created', 'certificate', cert3, 'Created certificate sn-alpha-3', 5000],
  ] as const;
  for (const [name, who, type, targetType, targetId, description, offset] of rows) {
    await recordActivity(ctx.database.db, actor(who), {
      type,
      targetType,
      targetId,
      description,
      at: new Date(T0 + offset),
    });
    const [row] = await queryRows<{ id: string }>(
      ctx.database.db,
      sql`select max(id)::text as id from activities`,
    );
    ids[name] = row!.id;
  }
});

const read = async (as: Caller, query: string) => {
  const response = await as.get(`/dashboard/activity?limit=100&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return activityResponseSchema.parse(response.json());
};
const names = (activities: Activity[]) =>
  activities.map((a) => Object.entries(ids).find(([, id]) => id === a.id)?.[0] ?? a.type);
/** The fixture's time range, half-open: every fixture row and nothing else. */
const RANGE = `from=${T0}&to=${T0 + 6000}`;

describe('GET /dashboard/activity filters', () => {
  it.each([
    ['every fixture row, newest first, ties by id', RANGE, ['r6', 'r5', 'r4', 'r3', 'r2', 'r1']],
    ['actorId', `actorId=ALICE`, ['r4', 'r3', 'r1']],
    ['action', `action=certificate.revoked`, ['r2', 'r1']],
    ['type', `type=client&${RANGE}`, ['r3']],
    ['the half-open range', `from=${T0 + 2000}&to=${T0 + 5000}`, ['r4', 'r3', 'r2']],
    ['search, case-insensitive', `search=ALPHA`, ['r6', 'r5', 'r1']],
    ['search taken literally', `search=${encodeURIComponent('100%')}`, ['r3']],
    ['actor and type', `actorId=ALICE&type=certificate`, ['r1']],
    ['actor, action and search', `actorId=BOB&action=certificate.revoked&search=beta`, ['r2']],
    ['action and range', `action=certificate.revoked&from=${T0 + 1001}&to=${T0 + 9000}`, ['r2']],
    ['type, search and range', `type=certificate&search=sn-alpha&from=${T0 + 5000}`, ['r6', 'r5']],
    ['oldest first', `${RANGE}&sort=createdAt&order=asc`, ['r1', 'r2', 'r3', 'r4', 'r5', 'r6']],
    ['sort alone is ascending', `actorId=BOB&sort=createdAt`, ['r2', 'r6']],
    ['order=desc', `actorId=BOB&order=desc`, ['r6', 'r2']],
    ['an empty range (from = to)', `from=${T0 + 1000}&to=${T0 + 1000}`, []],
    ['nothing matching', `actorId=${randomUUID()}`, []],
  ])('keeps exactly the matching rows: %s', async (_, query, expected) => {
    const page = await read(owner, query.replace('ALICE', alice.id).replace('BOB', bob.id));
    expect(names(page.activities)).toEqual(expected);
    // A filtered total counts the matches.
    expect(page.total).toBe(expected.length);
  });

  it('answers who acted and what the row is about', async () => {
    const page = await read(owner, RANGE);
    const byName = Object.fromEntries(names(page.activities).map((name, i) => [name, page.activities[i]!]));
    expect(byName.r1).toEqual({
      id: ids.r1,
      type: 'certificate.revoked',
      description: 'Revoked certificate SN-ALPHA-1',
      performedBy: 'Alice Audit',
      createdAt: T0 + 1000,
      actorId: alice.id,
      targetType: 'certificate',
      targetId: cert1,
    });
    expect(byName.r5).toMatchObject({ performedBy: 'System', actorId: null, targetId: cert1 });
  });

  it('pages a filtered log without repeating a row, in both orders', async () => {
    for (const order of ['asc', 'desc']) {
      const seen: string[] = [];
      for (let page = 1; page <= 3; page += 1) {
        const response = await owner.get(`/dashboard/activity?${RANGE}&order=${order}&page=${page}&limit=2`);
        const body = activityResponseSchema.parse(response.json());
        expect(body.total).toBe(6);
        expect(body.activities).toHaveLength(2);
        seen.push(...body.activities.map((a) => a.id));
      }
      expect(new Set(seen).size).toBe(6);
    }
    // A page past the last has no row to carry the count, and still says how many match.
    const past = activityResponseSchema.parse(
      (await owner.get(`/dashboard/activity?${RANGE}&page=4&limit=2`)).json(),
    );
    expect(past.activities).toEqual([]);
    expect(past.total).toBe(6);
  });

  it("keeps a client's activity with clientId: the client's own and its certificates'", async () => {
    const newClient = async (name: string) =>
      ((await editor.post('/clients', { name })).json() as { data: { uuid: string } }).data.uuid;
    const newCertificate = async (clientId: string, serialNumber: string) => {
      const from = clock.now().getTime();
      const response = await editor.post('/certificates', {
        clientId,
        serialNumber,
        studioCount: 1,
        userCount: 1,
        validFrom: from,
        validTo: from + 86_400_000,
      });
      expect(response.statusCode, response.body).toBe(201);
    };
    const mine = await newClient(`Activity Mine ${randomUUID()}`);
    const other = await newClient(`Activity Other ${randomUUID()}`);
    await newCertificate(mine, `SN-MINE-${randomUUID()}`);
    await newCertificate(other, `SN-OTHER-${randomUUID()}`);
    const page = await read(viewer, `clientId=${mine}`);
    expect(page.activities.map((a) => [a.type, a.targetType])).toEqual([
      ['certificate.created', 'certificate'],
      ['client.created', 'client'],
    ]);
    expect(page.total).toBe(2);
    expect(page.activities.every((a) => a.description.includes('MINE') || a.targetId === mine)).toBe(true);
  });

  it('keeps the counters as the total of an unfiltered or kind-only log', async () => {
    const countOf = async (where: string) =>
      Number(
        (
          await queryRows<{ n: number }>(
            ctx.database.db,
            sql.raw(`select count(*)::int as n from activities ${where}`),
          )
        )[0]!.n,
      );
    expect((await read(owner, '')).total).toBe(await countOf(''));
    expect((await read(owner, 'type=user')).total).toBe(await countOf(`where target_type = 'user'`));
    expect((await read(viewer, '')).total).toBe(
      await countOf(`where target_type in ('certificate', 'client')`),
    );
  });

  it.each([
    ['actorId=nobody', 'actorId', 'actorId must be a UUID'],
    ['clientId=nobody', 'clientId', 'clientId must be a UUID'],
    ['action=DROP%20TABLE', 'action', 'action must be an activity type such as certificate.revoked'],
    ['action=certificate', 'action', 'action must be an activity type such as certificate.revoked'],
    ['from=yesterday', 'from', 'from must be a time in epoch milliseconds'],
    ['to=1.5', 'to', 'to must be a time in epoch milliseconds'],
    ['from=-1', 'from', 'from must be between 1970-01-01 and 9999-12-31'],
    [`from=${T0 + 1}&to=${T0}`, 'to', ACTIVITY_MESSAGES.rangeReversed],
    ['sort=description', 'sort', 'sort must be one of: createdAt'],
    ['order=up', 'order', 'order must be one of: asc, desc'],
    [`search=${'x'.repeat(201)}`, 'search', 'search is too long'],
    ['type=signing_key', 'type', 'type must be certificate, client or user'],
  ])('refuses ?%s with 400 naming the problem', async (query, field, message) => {
    for (const path of ['/dashboard/activity', '/dashboard/activity/export']) {
      const response = await owner.get(`${path}?${query}`);
      expect(response.statusCode, path).toBe(400);
      expect(errorBodySchema.parse(response.json()).errors?.[field]).toBe(message);
    }
  });
});

describe('what each role reads of the filtered log', () => {
  it('leaves user activity out for editors and viewers, whatever the filters, and refuses type=user', async () => {
    for (const reader of [editor, viewer]) {
      expect(names((await read(reader, `actorId=${alice.id}`)).activities)).toEqual(['r3', 'r1']);
      expect((await read(reader, `actorId=${alice.id}`)).total).toBe(2);
      expect((await read(reader, 'action=user.clients_assigned')).activities).toEqual([]);
      expect((await read(reader, 'action=auth.signed_in')).total).toBe(0);
      for (const path of ['/dashboard/activity', '/dashboard/activity/export']) {
        const refused = await reader.get(`${path}?type=user`);
        expect(refused.statusCode).toBe(403);
        expect(errorBodySchema.parse(refused.json()).code).toBe('FORBIDDEN');
      }
    }
    for (const manager of [owner, admin])
      expect(names((await read(manager, `actorId=${alice.id}`)).activities)).toEqual(['r4', 'r3', 'r1']);
    expect((await anonymous(ctx).get('/dashboard/activity/export')).statusCode).toBe(401);
  });
});

describe('GET /dashboard/activity/export', () => {
  it('streams the filtered log as CSV in the asked order', async () => {
    const response = await owner.get(`/dashboard/activity/export?${RANGE}&type=certificate&order=asc&page=3`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="activity.csv"');
    expect(parseCsv(response.body)).toEqual([
      [...ACTIVITY_CSV_HEADER],
      [
        new Date(T0 + 1000).toISOString(),
        'Alice Audit',
        'certificate.revoked',
        'certificate',
        cert1,
        'Revoked certificate SN-ALPHA-1',
      ],
      [
        new Date(T0 + 2000).toISOString(),
        'Bob Audit',
        'certificate.revoked',
        'certificate',
        cert2,
        'Revoked certificate SN-BETA-2, "key lost"',
      ],
      [
        new Date(T0 + 5000).toISOString(),
        'System',
        'certificate.expired',
        'certificate',
        cert1,
        'Certificate SN-ALPHA-1 expired',
      ],
      [
        new Date(T0 + 5000).toISOString(),
        'Bob Audit',
        'certificate.created',
        'certificate',
        cert3,
        'Created certificate sn-alpha-3',
      ],
    ]);
    const none = parseCsv((await owner.get(`/dashboard/activity/export?search=no-such-text`)).body);
    expect(none).toEqual([[...ACTIVITY_CSV_HEADER]]);
  });

  it('exports what the role reads: no user activity for an editor', async () => {
    const csv = (await editor.get(`/dashboard/activity/export?actorId=${alice.id}`)).body;
    expect(parseCsv(csv).map((row) => row[2])).toEqual(['Action', 'client.updated', 'certificate.revoked']);
    const all = (await viewer.get('/dashboard/activity/export')).body;
    expect(all).not.toContain('user.');
    expect(all).not.toContain('auth.');
    const ownersExport = (await owner.get(`/dashboard/activity/export?actorId=${alice.id}`)).body;
    expect(parseCsv(ownersExport)).toHaveLength(4);
  });

  it('streams more rows than one batch, each once, ties included, in both orders', async () => {
    // 1,234 rows over 617 distinct times: every batch boundary falls among rows that share a time.
    await ctx.database.db.execute(sql`
      insert into activities (type, description, actor_name, target_type, target_id, created_at)
      select 'certificate.seeded', 'Seeded ' || i, 'Seeder', 'certificate', null,
             ${new Date(T0 - 10_000_000).toISOString()}::timestamptz + (i / 2) * interval '1 second'
      from generate_series(1, 1234) i`);
    for (const order of ['asc', 'desc'] as const) {
      const rows = parseCsv(
        (await owner.get(`/dashboard/activity/export?action=certificate.seeded&order=${order}`)).body,
      ).slice(1);
      expect(rows).toHaveLength(1234);
      expect(new Set(rows.map((row) => row[5])).size).toBe(1234);
      const times = rows.map((row) => row[0]!);
      const sorted = [...times].sort();
      expect(times).toEqual(order === 'asc' ? sorted : sorted.reverse());
    }
    const page = await read(owner, 'action=certificate.seeded&search=seeded%2012');
    // "Seeded 12", "Seeded 120".."129", "Seeded 1200".."1234": 1 + 10 + 35.
    expect(page.total).toBe(46);
  });
});

describe('security events in the log', () => {
  const login = (email: string, password: string, ip = '203.0.113.7') =>
    anonymous(ctx).post('/auth/login', { email, password }, { remoteAddress: ip });
  const eventsOf = async (query: string) => (await read(owner, query)).activities;

  it('records a sign-in, as the user, about the user', async () => {
    const user = await createUser(ctx, 'viewer', { name: 'Sally Signin' });
    clock.advance(1000);
    await signIn(ctx, user);
    const [event] = await eventsOf(`actorId=${user.id}&action=auth.signed_in`);
    expect(event).toMatchObject({
      type: 'auth.signed_in',
      performedBy: 'Sally Signin',
      actorId: user.id,
      targetType: 'user',
      targetId: user.id,
      createdAt: clock.now().getTime(),
    });
    expect(event!.description).toContain('Sally Signin signed in');
  });

  it('records refused sign-ins: wrong password, unknown e-mail, disabled account; never the password', async () => {
    const user = await createUser(ctx, 'editor', { name: 'Rita Refused' });
    const disabled = await createUser(ctx, 'viewer', { name: 'Dora Disabled', isActive: false });
    const stranger = `nobody-${randomUUID().slice(0, 8)}@example.test`;
    const guesses = ['Wrong-Guess-One', 'Wrong-Guess-Two', 'Wrong-Guess-Three'];
    expect((await login(user.email, guesses[0]!)).statusCode).toBe(401);
    expect((await login(stranger, guesses[1]!)).statusCode).toBe(401);
    expect((await login(disabled.email, TEST_PASSWORD)).statusCode).toBe(403);

    const refusedAs = async (id: string) => eventsOf(`actorId=${id}&action=auth.sign_in_refused`);
    expect(await refusedAs(user.id)).toMatchObject([
      {
        actorId: user.id,
        targetType: 'user',
        targetId: user.id,
        description: `Sign-in refused for Rita Refused (${user.email}) from 203.0.113.7: wrong password`,
      },
    ]);
    expect(await refusedAs(disabled.id)).toMatchObject([
      {
        description: `Sign-in refused for Dora Disabled (${disabled.email}) from 203.0.113.7: account disabled`,
      },
    ]);
    expect(await eventsOf(`action=auth.sign_in_refused&search=${stranger}`)).toMatchObject([
      {
        performedBy: 'System',
        actorId: null,
        targetType: 'user',
        targetId: null,
        description: `Sign-in refused for ${stranger} from 203.0.113.7: no such account`,
      },
    ]);
    const [written] = await queryRows<{ text: string }>(
      ctx.database.db,
      sql`select string_agg(description || ' ' || coalesce(actor_name, ''), ' ') as text from activities`,
    );
    for (const secret of [...guesses, TEST_PASSWORD]) expect(written!.text).not.toContain(secret);
  });

  it('records a throttled sign-in once per hold-back, not once per request', async () => {
    const user = await createUser(ctx, 'viewer', { name: 'Theo Throttled' });
    const ip = '198.51.100.9';
    // Five failures are free; the fifth holds the account back for a second (the test clock stands still).
    for (let i = 0; i < 5; i += 1) expect((await login(user.email, `wrong-${i}`, ip)).statusCode).toBe(401);
    for (let i = 0; i < 3; i += 1) expect((await login(user.email, TEST_PASSWORD, ip)).statusCode).toBe(429);
    const events = await eventsOf(`actorId=${user.id}&action=auth.sign_in_refused&order=asc`);
    expect(events.map((e) => e.description.split(': ').at(-1))).toEqual([
      ...Array<string>(5).fill('wrong password'),
      'too many attempts',
    ]);
    // A later hold-back is recorded again.
    clock.advance(2000);
    expect((await login(user.email, 'wrong-again', ip)).statusCode).toBe(401);
    expect((await login(user.email, TEST_PASSWORD, ip)).statusCode).toBe(429);
    expect(await eventsOf(`actorId=${user.id}&search=too%20many`)).toHaveLength(2);
  });
});

describe('the types the console names', () => {
  it('takes every type the action filter offers', async () => {
    for (const type of ACTIVITY_TYPES) {
      const response = await owner.get(`/dashboard/activity?action=${type}&limit=1`);
      expect(response.statusCode, `${type}: ${response.body}`).toBe(200);
    }
  });

  it('lists a transfer and a change of reminders with their types, and keeps each with its action', async () => {
    clock.advance(60_000);
    const since = clock.now().getTime();
    const client = await insertClient(ctx.database.db);
    const old = await certificateInStatus(editor, 'active', certificateBody(client.id, since));
    const serialNumber = uniqueSerial('MOVED');
    const moved = await editor.post(`/certificates/${old.uuid}/transfer`, { serialNumber });
    expect(moved.statusCode, moved.body).toBe(201);
    const pia = await createUser(ctx, 'viewer', { name: 'Pia Reminders' });
    const off = await (await callerAs(ctx, pia)).put('/auth/preferences', { expiryReminders: false });
    expect(off.statusCode, off.body).toBe(200);

    // In the log with the rest of what happened, each under its own type.
    expect((await read(owner, `from=${since}&type=certificate`)).activities.map((a) => a.type)).toEqual([
      'certificate.transferred',
      'certificate.activated',
      'certificate.created',
    ]);
    expect((await read(owner, `actorId=${pia.id}`)).activities.map((a) => a.type)).toEqual([
      'user.preferences_changed',
      'auth.signed_in',
    ]);

    const transfers = await read(owner, `action=certificate.transferred`);
    expect(transfers.total).toBe(1);
    expect(transfers.activities).toMatchObject([
      {
        type: 'certificate.transferred',
        targetType: 'certificate',
        targetId: old.uuid,
        actorId: editor.user.id,
        description: `Certificate ${old.serialNumber} for ${client.name} transferred to ${serialNumber}`,
      },
    ]);
    const changes = await read(owner, `action=user.preferences_changed`);
    expect(changes.total).toBe(1);
    expect(changes.activities).toMatchObject([
      {
        type: 'user.preferences_changed',
        targetType: 'user',
        targetId: pia.id,
        actorId: pia.id,
        description: 'Pia Reminders turned expiry reminders off',
      },
    ]);
    const exported = parseCsv(
      (await owner.get('/dashboard/activity/export?action=certificate.transferred')).body,
    );
    expect(exported.map((row) => row[2])).toEqual(['Action', 'certificate.transferred']);

    // A transfer is certificate activity, for every role; a change of reminders is user activity.
    expect((await read(viewer, 'action=certificate.transferred')).total).toBe(1);
    expect((await read(viewer, 'action=user.preferences_changed')).total).toBe(0);
  });
});
