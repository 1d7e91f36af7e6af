// Sorting the certificates, clients and users lists: every key in both orders gives ordered pages that
// never overlap, ties break by id, a wrong key or order is a 400 naming the allowed values, and the CSV export
// follows the list's order.
import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CERTIFICATE_SORT_KEYS,
  CERTIFICATE_STATUSES,
  certificatesListResponseSchema,
  CLIENT_SORT_KEYS,
  clientsListResponseSchema,
  DAY_MS,
  errorBodySchema,
  USER_SORT_KEYS,
  usersListResponseSchema,
  type Certificate,
  type Client,
  type User,
} from '../../contract';
import { parseCsv } from '../../../tests/support/csv';
import { certificateBody, certificateInStatus, insertClient } from '../../../tests/support/certificates';
import { routeTestApp, type Caller } from '../../../tests/support/callers';
import { createUser, TestClock } from '../../../tests/support/test-app';
import { certificates, users } from '../db/schema';

const clock = new TestClock();
const { ctx, owner } = routeTestApp({ clock });

type Value = string | number | null;
/** Sessions last minutes on the test clock: creation times step by one minute. */
const MINUTE = 60_000;

/** Creation times the contract does not carry (certificates, users), read from the database by id. */
async function createdAtOf(
  table: typeof certificates | typeof users,
  ids: string[],
): Promise<Map<string, number>> {
  const rows = await ctx.database.db
    .select({ id: table.id, createdAt: table.createdAt })
    .from(table)
    .where(inArray(table.id, ids));
  return new Map(rows.map((row) => [row.id, row.createdAt.getTime()]));
}

/** Every page of a list at `limit` rows, in order, with the total the first page announced. */
async function allPages<Row>(
  caller: Caller,
  path: string,
  read: (body: unknown) => { rows: Row[]; total: number },
): Promise<{ rows: Row[]; total: number }> {
  const rows: Row[] = [];
  let total = 0;
  for (let page = 1; page < 50; page += 1) {
    const response = await caller.get(`${path}&limit=3&page=${page}`);
    expect(response.statusCode, response.body).toBe(200);
    const answer = read(response.json());
    total = answer.total;
    rows.push(...answer.rows);
    if (answer.rows.length < 3) break;
  }
  return { rows, total };
}

/** Rows in `order` by `value` (missing values last either way), ties by id ascending. */
function expectSorted<Row>(
  rows: Row[],
  value: (row: Row) => Value,
  id: (row: Row) => string,
  order: 'asc' | 'desc',
) {
  const direction = order === 'asc' ? 1 : -1;
  for (let i = 1; i < rows.length; i += 1) {
    const [a, b] = [rows[i - 1]!, rows[i]!];
    const [x, y] = [value(a), value(b)];
    const context = `${JSON.stringify(x)} then ${JSON.stringify(y)} (${order})`;
    if (x === null || y === null) {
      expect(x !== null || y === null, `missing values come last: ${context}`).toBe(true);
    } else if (x !== y) {
      expect((x < y ? 1 : -1) * direction, context).toBe(1);
    }
    if (x === y) expect(id(a) < id(b), `a tie breaks by id: ${context}`).toBe(true);
  }
}

const certificateValue: Record<(typeof CERTIFICATE_SORT_KEYS)[number], (c: Certificate) => Value> = {
  serialNumber: (c) => c.serialNumber,
  clientName: (c) => c.clientName.toLowerCase(),
  validFrom: (c) => c.validFrom,
  validTo: (c) => c.validTo,
  status: (c) => CERTIFICATE_STATUSES.indexOf(c.status),
  lastUsedAt: (c) => c.lastUsedAt,
  createdAt: (c) => certificateCreatedAt.get(c.uuid) ?? null,
};
let certificateCreatedAt = new Map<string, number>();

describe('GET /certificates?sort&order', () => {
  beforeAll(async () => {
    const names = ['delta works', 'Alpha pictures', 'charlie post', 'Bravo films'];
    const clientIds = [];
    for (const name of names) clientIds.push((await insertClient(ctx.database.db, { name })).id);
    const statuses = ['pending', 'active', 'distributed', 'revoked'] as const;
    const made: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      // Some share a creation time, a validity or a client, so ties are exercised.
      if (i % 3 === 0) clock.advance(MINUTE);
      const from = clock.now().getTime() + (i % 4) * DAY_MS;
      const certificate = await certificateInStatus(
        owner,
        statuses[i % 4]!,
        certificateBody(clientIds[i % 4]!, from, {
          serialNumber: `SORT-${String((i * 7) % 12).padStart(2, '0')}`,
          validTo: from + (1 + (i % 3)) * 30 * DAY_MS,
        }),
      );
      made.push(certificate.uuid);
    }
    certificateCreatedAt = await createdAtOf(certificates, made);
  });

  for (const sort of CERTIFICATE_SORT_KEYS)
    for (const order of ['asc', 'desc'] as const)
      it(`sorts by ${sort} ${order}, in pages that neither repeat nor skip a row`, async () => {
        const { rows, total } = await allPages(
          owner,
          `/certificates?search=SORT-&sort=${sort}&order=${order}`,
          (body) => {
            const { data } = certificatesListResponseSchema.parse(body);
            return { rows: data.certificates, total: data.total };
          },
        );
        expect(rows).toHaveLength(12);
        expect(total).toBe(12);
        expect(new Set(rows.map((row) => row.uuid)).size).toBe(12);
        expectSorted(rows, certificateValue[sort], (row) => row.uuid, order);
      });

  it('sorts ascending when only a key is given, and by creation when only an order is', async () => {
    const byKey = await allPages(owner, '/certificates?search=SORT-&sort=serialNumber', (body) => {
      const { data } = certificatesListResponseSchema.parse(body);
      return { rows: data.certificates, total: data.total };
    });
    expectSorted(byKey.rows, certificateValue.serialNumber, (row) => row.uuid, 'asc');
    const byOrder = await allPages(owner, '/certificates?search=SORT-&order=asc', (body) => {
      const { data } = certificatesListResponseSchema.parse(body);
      return { rows: data.certificates, total: data.total };
    });
    expectSorted(byOrder.rows, certificateValue.createdAt, (row) => row.uuid, 'asc');
  });

  it('exports in the order the list shows', async () => {
    const list = certificatesListResponseSchema.parse(
      (await owner.get('/certificates?search=SORT-&sort=validTo&order=desc&limit=100')).json(),
    ).data.certificates;
    const csv = (await owner.get('/certificates/export?search=SORT-&sort=validTo&order=desc')).body;
    const ids = csv
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(',').at(-2));
    expect(ids).toEqual(list.map((certificate) => certificate.uuid));
  });
});

describe('GET /certificates?sort=status', () => {
  // A status sort is cut from the status buckets (services/certificates/status-order.ts): pages cross bucket
  // boundaries, and "expired" holds both stored-expired certificates and licensed ones past validTo.
  const path = '/certificates?search=BUCKET-&sort=status';
  const read = (body: unknown) => {
    const { data } = certificatesListResponseSchema.parse(body);
    return { rows: data.certificates, total: data.total };
  };

  beforeAll(async () => {
    const { id: clientId } = await insertClient(ctx.database.db, { name: 'Bucket studios' });
    const mix = [
      'pending',
      'active',
      'distributed',
      'revoked',
      'active',
      'active',
      'pending',
      'distributed',
    ] as const;
    const made: Certificate[] = [];
    for (const [i, status] of mix.entries()) {
      const from = clock.now().getTime() + i * DAY_MS;
      made.push(
        await certificateInStatus(
          owner,
          status,
          certificateBody(clientId, from, { serialNumber: `BUCKET-${i}`, validTo: from + 30 * DAY_MS }),
        ),
      );
    }
    // One expired as the sweep writes it, one active whose validity ended before any sweep saw it.
    const past = {
      validFrom: new Date(clock.now().getTime() - 60 * DAY_MS),
      validTo: new Date(clock.now().getTime() - DAY_MS),
    };
    await ctx.database.db
      .update(certificates)
      .set({ ...past, status: 'expired' })
      .where(inArray(certificates.id, [made[4]!.uuid]));
    await ctx.database.db
      .update(certificates)
      .set(past)
      .where(inArray(certificates.id, [made[5]!.uuid]));
  });

  for (const order of ['asc', 'desc'] as const)
    it(`pages through every status ${order}, past-due licences among the expired`, async () => {
      const { rows, total } = await allPages(owner, `${path}&order=${order}`, read);
      expect([rows.length, total, new Set(rows.map((row) => row.uuid)).size]).toEqual([8, 8, 8]);
      expectSorted(rows, certificateValue.status, (row) => row.uuid, order);
      const statuses = rows.map((row) => row.status);
      const expected = { pending: 2, active: 1, distributed: 2, expired: 2, revoked: 1 };
      for (const [status, n] of Object.entries(expected))
        expect(
          statuses.filter((s) => s === status),
          status,
        ).toHaveLength(n);
    });

  it('keeps to a status filter', async () => {
    const { rows, total } = await allPages(owner, `${path}&status=expired`, read);
    expect([rows.length, total]).toEqual([2, 2]);
    expectSorted(
      rows,
      (row) => row.uuid,
      (row) => row.uuid,
      'asc',
    );
  });

  it('exports in the order the list shows', async () => {
    const list = read((await owner.get(`${path}&order=desc&limit=100`)).json()).rows;
    const [header, ...lines] = parseCsv(
      (await owner.get(`/certificates/export?search=BUCKET-&sort=status&order=desc`)).body,
    );
    const id = header!.length - 2;
    expect(lines.map((line) => line[id])).toEqual(list.map((certificate) => certificate.uuid));
  });
});

let userCreatedAt = new Map<string, number>();

describe('GET /clients and /users?sort&order', () => {
  beforeAll(async () => {
    for (const name of ['echo media', 'Foxtrot arts', 'golf studio', 'Hotel labs', 'india sound']) {
      clock.advance(MINUTE);
      await insertClient(ctx.database.db, { name: `Sorted ${name}`, createdAt: clock.now() });
    }
    const made: string[] = [];
    for (const [name, role] of [
      ['zed', 'viewer'],
      ['Yan', 'editor'],
      ['xavi', 'admin'],
      ['Will', 'viewer'],
      ['vic', 'owner'],
    ] as const) {
      const user = await createUser(ctx, role, {
        name: `Sorted ${name}`,
        email: `sorted.${name.toLowerCase()}@example.test`,
      });
      made.push(user.id);
    }
    userCreatedAt = await createdAtOf(users, made);
  });

  const clientValue: Record<(typeof CLIENT_SORT_KEYS)[number], (c: Client) => Value> = {
    name: (c) => c.name.toLowerCase(),
    createdAt: (c) => c.createdAt,
    certificateCount: (c) => c.certificateCount,
  };
  const userValue: Record<(typeof USER_SORT_KEYS)[number], (u: User) => Value> = {
    name: (u) => u.name.toLowerCase(),
    email: (u) => u.email.toLowerCase(),
    role: (u) => u.role.id,
    createdAt: (u) => userCreatedAt.get(u.uuid) ?? null,
  };

  for (const sort of CLIENT_SORT_KEYS)
    for (const order of ['asc', 'desc'] as const)
      it(`clients by ${sort} ${order}`, async () => {
        const { rows, total } = await allPages(
          owner,
          `/clients?search=Sorted&sort=${sort}&order=${order}`,
          (body) => {
            const data = clientsListResponseSchema.parse(body);
            return { rows: data.clients, total: data.total };
          },
        );
        expect([rows.length, total, new Set(rows.map((row) => row.uuid)).size]).toEqual([5, 5, 5]);
        expectSorted(rows, clientValue[sort], (row) => row.uuid, order);
      });

  for (const sort of USER_SORT_KEYS)
    for (const order of ['asc', 'desc'] as const)
      it(`users by ${sort} ${order}`, async () => {
        const { rows, total } = await allPages(
          owner,
          `/users?search=Sorted&sort=${sort}&order=${order}`,
          (body) => {
            const { data } = usersListResponseSchema.parse(body);
            return { rows: data.users, total: data.total };
          },
        );
        expect([rows.length, total, new Set(rows.map((row) => row.uuid)).size]).toEqual([5, 5, 5]);
        expectSorted(rows, userValue[sort], (row) => row.uuid, order);
      });

  it('exports clients in the order the list shows', async () => {
    const list = clientsListResponseSchema.parse(
      (await owner.get('/clients?search=Sorted&sort=name&order=desc&limit=100')).json(),
    ).clients;
    const csv = (await owner.get('/clients/export?search=Sorted&sort=name&order=desc')).body;
    const names = csv
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(',')[0]);
    expect(names).toEqual(list.map((client) => client.name));
  });
});

describe('a wrong sort key or order', () => {
  it.each([
    ['/certificates?sort=price', 'sort', `sort must be one of: ${CERTIFICATE_SORT_KEYS.join(', ')}`],
    ['/clients?sort=email', 'sort', `sort must be one of: ${CLIENT_SORT_KEYS.join(', ')}`],
    ['/users?sort=password', 'sort', `sort must be one of: ${USER_SORT_KEYS.join(', ')}`],
    ['/users?order=up', 'order', 'order must be one of: asc, desc'],
    ['/certificates/export?sort=price', 'sort', `sort must be one of: ${CERTIFICATE_SORT_KEYS.join(', ')}`],
  ])('%s is a 400 naming the allowed values', async (path, field, message) => {
    const response = await owner.get(path);
    expect(response.statusCode).toBe(400);
    expect(errorBodySchema.parse(response.json()).errors?.[field]).toBe(message);
  });
});
