// Lists that do real work, users and clients: bulk enable/disable and activate/deactivate with the rules of
// the single edit, and "select all N matching".
import { randomUUID } from 'node:crypto';
import { eq, inArray, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BULK_MESSAGES,
  clientsBulkResponseSchema,
  selectionIdsResponseSchema,
  USER_MESSAGES,
  usersBulkResponseSchema,
} from '../../contract';
import { activities, clients, users } from '../db/schema';
import {
  expectRefusal,
  only,
  routeTestApp,
  statusesByRole,
  USER_MANAGERS,
  WRITERS,
  type Caller,
} from '../../../tests/support/callers';
import { insertClient } from '../../../tests/support/certificates';
import { createUser, TestClock } from '../../../tests/support/test-app';

const clock = new TestClock();
const { ctx, callers, owner, admin, editor, viewer, anonymous } = routeTestApp({ clock });
const db = () => ctx.database.db;
const activityCount = () => db().$count(activities);

const selection = async (as: Caller, path: string) => {
  const response = await as.get(path);
  expect(response.statusCode, response.body).toBe(200);
  return selectionIdsResponseSchema.parse(response.json()).data;
};

describe('POST /users/bulk', () => {
  it("disables with the single edit's rules: not an owner unless one is an owner, never oneself", async () => {
    const target = await createUser(ctx, 'editor');
    const otherOwner = await createUser(ctx, 'owner');
    const unknown = randomUUID();
    const ids = [target.id, otherOwner.id, admin.user.id, unknown];
    const response = await admin.post('/users/bulk', { action: 'disable', ids });
    expect(response.statusCode, response.body).toBe(200);
    expect(usersBulkResponseSchema.parse(response.json()).data).toEqual({
      results: [
        { id: target.id, ok: true, status: 'inactive' },
        {
          id: otherOwner.id,
          ok: false,
          error: { code: 'FORBIDDEN', message: USER_MESSAGES.cannotManageOwner },
        },
        {
          id: admin.user.id,
          ok: false,
          error: { code: 'FORBIDDEN', message: USER_MESSAGES.cannotDisableSelf },
        },
        { id: unknown, ok: false, error: { code: 'NOT_FOUND', message: 'User not found' } },
      ],
      succeeded: 1,
      failed: 3,
    });
    const stored = await db()
      .select({ id: users.id, isActive: users.isActive })
      .from(users)
      .where(inArray(users.id, [target.id, otherOwner.id, admin.user.id]));
    expect(Object.fromEntries(stored.map((u) => [u.id, u.isActive]))).toEqual({
      [target.id]: false,
      [otherOwner.id]: true,
      [admin.user.id]: true,
    });
    const written = await db()
      .select({ type: activities.type })
      .from(activities)
      .where(eq(activities.targetId, target.id));
    expect(written.map((a) => a.type)).toEqual(['user.disabled']);
    // A disabled user's sessions end, as on PUT /users/{id}.
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: target.email, password: target.password },
    });
    expect(signIn.statusCode).toBe(403);
  });

  it('lets an owner disable and enable another owner', async () => {
    const otherOwner = await createUser(ctx, 'owner');
    for (const [action, status] of [
      ['disable', 'inactive'],
      ['enable', 'active'],
    ] as const) {
      const response = await owner.post('/users/bulk', { action, ids: [otherOwner.id] });
      expect(usersBulkResponseSchema.parse(response.json()).data).toEqual({
        results: [{ id: otherOwner.id, ok: true, status }],
        succeeded: 1,
        failed: 0,
      });
    }
  });

  it('refuses bad input with a 400 and other roles with a 403 before reading the body, writing nothing', async () => {
    const before = await activityCount();
    const id = randomUUID();
    expectRefusal(
      await admin.post('/users/bulk', { action: 'disable', ids: [] }),
      400,
      'VALIDATION_FAILED',
      BULK_MESSAGES.idsRequired,
    );
    expectRefusal(
      await admin.post('/users/bulk', { action: 'disable', ids: [id, id] }),
      400,
      'VALIDATION_FAILED',
      `ids must not repeat: ${id}`,
    );
    expectRefusal(
      await admin.post('/users/bulk', { action: 'delete', ids: [id] }),
      400,
      'VALIDATION_FAILED',
      'action must be one of: enable, disable',
    );
    expectRefusal(
      await admin.post('/users/bulk', { action: 'disable', ids: ['x'] }),
      400,
      'VALIDATION_FAILED',
      BULK_MESSAGES.idsNotUuids,
    );
    expectRefusal(await editor.post('/users/bulk', { action: 'disable', ids: [] }), 403, 'FORBIDDEN');
    expectRefusal(
      await viewer.post('/users/bulk', { action: 'disable', ids: [editor.user.id] }),
      403,
      'FORBIDDEN',
    );
    expectRefusal(await anonymous.post('/users/bulk', {}), 401, 'UNAUTHENTICATED');
    expect(await activityCount()).toBe(before);
  });

  it('answers owners and admins only', async () => {
    expect(
      await statusesByRole(ctx, callers, async () => [
        'POST',
        '/users/bulk',
        { action: 'disable', ids: [(await createUser(ctx, 'viewer')).id] },
      ]),
    ).toEqual(only(USER_MANAGERS, 200));
  });
});

describe('GET /users/ids', () => {
  it("answers the ids the list's filters match, newest first, and is not taken for /users/{id}", async () => {
    const made = [];
    for (const name of ['Selina Pick', 'Selma Pick']) {
      clock.advance(60_000);
      made.push(await createUser(ctx, 'viewer', { name }));
    }
    await db().update(users).set({ isActive: false }).where(eq(users.id, made[0]!.id));
    expect(await selection(admin, '/users/ids?search=pick')).toEqual({
      ids: [made[1]!.id, made[0]!.id],
      total: 2,
    });
    expect(
      await selection(admin, '/users/ids?search=pick&status=inactive&page=3&limit=1&sort=name&order=desc'),
    ).toEqual({
      ids: [made[0]!.id],
      total: 1,
    });
    const all = await selection(admin, '/users/ids');
    expect(all.total).toBe(all.ids.length);
    expect(all.ids).toContain(owner.user.id);
    expectRefusal(await editor.get('/users/ids'), 403, 'FORBIDDEN');
    expectRefusal(
      await admin.get('/users/ids?sort=name&role=owner'),
      400,
      'VALIDATION_FAILED',
      'Unknown query parameter: role',
    );
  });
});

describe('POST /clients/bulk', () => {
  it('deactivates and activates each client as the single edit does, an unknown id NOT_FOUND', async () => {
    const first = await insertClient(db());
    const second = await insertClient(db(), { isActive: false });
    const deleted = await insertClient(db(), { deleted: true });
    const response = await editor.post('/clients/bulk', {
      action: 'deactivate',
      ids: [first.id, second.id, deleted.id],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(clientsBulkResponseSchema.parse(response.json()).data).toEqual({
      results: [
        { id: first.id, ok: true, status: 'inactive' },
        { id: second.id, ok: true, status: 'inactive' },
        { id: deleted.id, ok: false, error: { code: 'NOT_FOUND', message: 'Client not found' } },
      ],
      succeeded: 2,
      failed: 1,
    });
    // Only a change is recorded, as on PUT /clients/{id}.
    const written = await db()
      .select({ targetId: activities.targetId, description: activities.description })
      .from(activities)
      .where(inArray(activities.targetId, [first.id, second.id]));
    expect(written).toEqual([
      { targetId: first.id, description: `Updated client ${first.name}: deactivated` },
    ]);
    const activated = await editor.post('/clients/bulk', { action: 'activate', ids: [second.id, first.id] });
    expect(clientsBulkResponseSchema.parse(activated.json()).data.succeeded).toBe(2);
    const stored = await db()
      .select({ isActive: clients.isActive })
      .from(clients)
      .where(inArray(clients.id, [first.id, second.id]));
    expect(stored.every((c) => c.isActive)).toBe(true);
  });

  it('refuses a viewer with 403 before reading the body, and bad input with a 400', async () => {
    const before = await activityCount();
    expectRefusal(await viewer.post('/clients/bulk', { action: 'nope' }), 403, 'FORBIDDEN');
    expectRefusal(
      await editor.post('/clients/bulk', { action: 'nope', ids: [randomUUID()] }),
      400,
      'VALIDATION_FAILED',
      'action must be one of: activate, deactivate',
    );
    expect(await activityCount()).toBe(before);
    expect(
      await statusesByRole(ctx, callers, async () => [
        'POST',
        '/clients/bulk',
        { action: 'deactivate', ids: [(await insertClient(db())).id] },
      ]),
    ).toEqual(only(WRITERS, 200));
  });
});

describe('GET /clients/ids', () => {
  let made: string[];
  beforeAll(async () => {
    made = [];
    for (const isActive of [true, false, true]) {
      clock.advance(60_000);
      made.push(
        (
          await insertClient(db(), {
            name: `Chosen ${randomUUID().slice(0, 6)}`,
            isActive,
            createdAt: clock.now(),
          })
        ).id,
      );
    }
    await insertClient(db(), { name: 'Chosen but deleted', deleted: true });
  });

  it("answers the live clients the list's filters match, newest first", async () => {
    expect(await selection(viewer, '/clients/ids?search=chosen')).toEqual({
      ids: [...made].reverse(),
      total: 3,
    });
    expect(await selection(viewer, '/clients/ids?search=chosen&status=inactive&limit=50')).toEqual({
      ids: [made[1]],
      total: 1,
    });
    const all = await selection(viewer, '/clients/ids');
    expect(all.total).toBe(all.ids.length);
    expect(all.total).toBe(await db().$count(clients, isNull(clients.deletedAt)));
    expectRefusal(await anonymous.get('/clients/ids'), 401, 'UNAUTHENTICATED');
  });
});
