import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, notLike } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ROLE_IDS,
  USER_MESSAGES,
  errorBodySchema,
  rolesResponseSchema,
  unknownClientMessage,
  userClientsResponseSchema,
  userResponseSchema,
  usersListResponseSchema,
} from '../../contract';
import { activities, clientUsers, clients, refreshTokens, users } from '../db/schema';
import { HttpError } from '../errors';
import { createUsersService } from '../services/users/users-service';
import {
  createTestApp,
  createUser,
  signIn,
  TestClock,
  TEST_PASSWORD,
  type TestContext,
  type TestUser,
} from '../../../tests/support/test-app';
import { AS_JSON, callerAs, routeTestApp } from '../../../tests/support/callers';

const clock = new TestClock();
const { ctx, callers, owner, admin, editor, viewer } = routeTestApp({ clock });

/** A unique word so a test's rows can be found by search whatever other tests created. */
const tag = () => `t${randomUUID().slice(0, 8)}`;

/** The user-management activity about a user; their sign-ins (`auth.*`) are the log's too, but not these tests'. */
async function activityTypes(targetId: string) {
  const rows = await ctx.database.db
    .select({ type: activities.type, actorName: activities.actorName })
    .from(activities)
    .where(and(eq(activities.targetId, targetId), notLike(activities.type, 'auth.%')))
    .orderBy(asc(activities.id));
  return rows;
}

async function createViaApi(body: { name: string; email: string; password?: string; roleId?: number }) {
  const response = await admin.post('/users', {
    password: TEST_PASSWORD,
    roleId: ROLE_IDS.editor,
    ...body,
  });
  expect(response.statusCode).toBe(201);
  return userResponseSchema.parse(response.json()).data;
}

async function insertClient(name = `Client ${tag()}`, overrides: Partial<typeof clients.$inferInsert> = {}) {
  const id = randomUUID();
  await ctx.database.db.insert(clients).values({ id, name, ...overrides });
  return id;
}

describe('GET /users', () => {
  it('pages newest first, searching name or email case-insensitively, with the contract shape', async () => {
    const word = tag();
    const created = [];
    for (let i = 0; i < 3; i += 1) {
      clock.advance(1000);
      created.push(await createViaApi({ name: `${word} Person ${i}`, email: `p${i}.${word}@example.test` }));
    }
    const first = await admin.get(`/users?search=${word.toUpperCase()}&limit=2`);
    expect(first.statusCode).toBe(200);
    const page1 = usersListResponseSchema.parse(first.json()).data;
    expect(page1).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(page1.users.map((u) => u.uuid)).toEqual([created[2]!.uuid, created[1]!.uuid]);
    const page2 = usersListResponseSchema.parse(
      (await admin.get(`/users?search=${word}&limit=2&page=2`)).json(),
    ).data;
    expect(page2.users.map((u) => u.uuid)).toEqual([created[0]!.uuid]);
    expect(page2.total).toBe(3);

    const byEmail = usersListResponseSchema.parse(
      (await admin.get(`/users?search=P1.${word}@EXAMPLE`)).json(),
    ).data;
    expect(byEmail.users.map((u) => u.uuid)).toEqual([created[1]!.uuid]);
  });

  it('defaults to page 1 of 10', async () => {
    const body = usersListResponseSchema.parse((await admin.get('/users')).json()).data;
    expect(body.page).toBe(1);
    expect(body.limit).toBe(10);
    expect(body.users.length).toBe(Math.min(10, body.total));
  });

  it('matches %, _ and \\ literally', async () => {
    const word = tag();
    const percent = await createViaApi({ name: `${word} 100% sure`, email: `pct.${word}@example.test` });
    const underscore = await createViaApi({ name: `${word} a_b`, email: `us.${word}@example.test` });
    const backslash = await createViaApi({ name: `${word} a\\b`, email: `bs.${word}@example.test` });
    const search = async (s: string) =>
      usersListResponseSchema
        .parse((await admin.get(`/users?search=${encodeURIComponent(s)}&limit=100`)).json())
        .data.users.map((u) => u.uuid);
    expect(await search('%')).toEqual([percent.uuid]);
    expect(await search('_')).toEqual([underscore.uuid]);
    expect(await search('\\')).toEqual([backslash.uuid]);
    expect(await search(`  ${word} a_  `)).toEqual([underscore.uuid]);
  });

  it('filters by status and never lists deleted users', async () => {
    const word = tag();
    const active = await createViaApi({ name: `${word} on`, email: `on.${word}@example.test` });
    const inactive = await createViaApi({ name: `${word} off`, email: `off.${word}@example.test` });
    const deleted = await createViaApi({ name: `${word} gone`, email: `gone.${word}@example.test` });
    expect((await admin.put(`/users/${inactive.uuid}`, { isActive: false })).statusCode).toBe(200);
    expect((await admin.delete(`/users/${deleted.uuid}`)).statusCode).toBe(204);
    const ids = async (query: string) =>
      usersListResponseSchema
        .parse((await admin.get(`/users?search=${word}${query}`)).json())
        .data.users.map((u) => u.uuid)
        .sort();
    expect(await ids('')).toEqual([active.uuid, inactive.uuid].sort());
    expect(await ids('&status=active')).toEqual([active.uuid]);
    expect(await ids('&status=inactive')).toEqual([inactive.uuid]);
  });

  it('refuses bad paging and filters with 400', async () => {
    const cases: [string, string, string][] = [
      ['limit=101', 'limit', 'limit must be at most 100'],
      ['limit=0', 'limit', 'limit must be at least 1'],
      ['page=0', 'page', 'page must be at least 1'],
      ['page=-1', 'page', 'page must be at least 1'],
      ['page=abc', 'page', 'page must be a number'],
      ['page=1.5', 'page', 'page must be a whole number'],
    ];
    for (const [query, field, message] of cases) {
      const response = await admin.get(`/users?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(errorBodySchema.parse(response.json()), query).toMatchObject({
        code: 'VALIDATION_FAILED',
        message,
        errors: { [field]: message },
      });
    }
    const status = await admin.get('/users?status=blocked');
    expect(status.statusCode).toBe(400);
    expect(status.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { status: expect.any(String) },
    });
  });
});

describe('GET /users/roles', () => {
  it('lists every role but owner', async () => {
    const response = await admin.get('/users/roles');
    expect(response.statusCode).toBe(200);
    const roles = rolesResponseSchema.parse(response.json()).data;
    expect(roles.map((r) => [r.id, r.name])).toEqual([
      [2, 'admin'],
      [3, 'editor'],
      [4, 'viewer'],
    ]);
  });
});

describe('POST /users', () => {
  it('creates a user who can sign in, records user.created and answers 201 with the contract shape', async () => {
    const word = tag();
    const response = await admin.post('/users', {
      name: ` ${word} New `,
      email: `New.${word}@Example.test`,
      password: 'a'.repeat(8),
      roleId: ROLE_IDS.viewer,
    });
    expect(response.statusCode).toBe(201);
    const user = userResponseSchema.parse(response.json()).data;
    expect(user).toMatchObject({
      name: `${word} New`,
      email: `New.${word}@Example.test`,
      role: { id: 4, name: 'viewer' },
      isActive: true,
      lastLoginAt: null,
    });
    expect(await activityTypes(user.uuid)).toEqual([{ type: 'user.created', actorName: admin.user.name }]);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user.uuid));
    expect(row?.createdAt.getTime()).toBe(clock.now().getTime());
    await signIn(ctx, { email: `new.${word}@example.test`, password: 'a'.repeat(8) });
  });

  it('accepts passwords of 8 and 128 characters', async () => {
    const word = tag();
    await createViaApi({ name: 'Eight', email: `eight.${word}@example.test`, password: 'x'.repeat(8) });
    await createViaApi({ name: 'Long', email: `long.${word}@example.test`, password: 'x'.repeat(128) });
  });

  it('answers every invalid field with the required texts and writes nothing', async () => {
    const before = await ctx.database.db.$count(users);
    const cases: [object, Record<string, string>][] = [
      [
        {},
        {
          name: 'Name is required',
          email: 'Email is required',
          password: 'Password is required',
          roleId: 'Role is required',
        },
      ],
      [
        { name: '   ', email: '', password: '', roleId: 'x' },
        {
          name: 'Name is required',
          email: 'Email is required',
          password: 'Password is required',
          roleId: 'Role is required',
        },
      ],
      [
        { name: 'A', email: 'not-an-email', password: 'short', roleId: 3 },
        { email: 'Please enter a valid email address', password: 'Password must be at least 8 characters' },
      ],
      [
        { name: 'A', email: 'a@example.test', password: 'x'.repeat(129), roleId: 3 },
        { password: 'Password must be at most 128 characters' },
      ],
      [
        { name: 'A', email: 'a@example.test', password: TEST_PASSWORD, roleId: 99 },
        { roleId: 'Role is required' },
      ],
      [
        { name: 'A', email: 'a@example.test', password: TEST_PASSWORD, roleId: 2.5 },
        { roleId: 'Role is required' },
      ],
      [
        { name: 'A', email: 'a@example.test', password: TEST_PASSWORD, roleId: ROLE_IDS.owner },
        { roleId: USER_MESSAGES.ownerRoleNotAssignable },
      ],
      [
        { name: 'x'.repeat(201), email: 'a@example.test', password: TEST_PASSWORD, roleId: 3 },
        { name: 'Name must be at most 200 characters' },
      ],
    ];
    for (const [body, errors] of cases) {
      const response = await admin.post('/users', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const error = errorBodySchema.parse(response.json());
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.errors).toEqual(errors);
      expect(error.message).toBe(Object.values(errors)[0]);
    }
    expect(await ctx.database.db.$count(users)).toBe(before);
  });

  it('refuses the owner role even to an owner', async () => {
    const response = await owner.post('/users', {
      name: 'Would-be owner',
      email: `${tag()}@example.test`,
      password: TEST_PASSWORD,
      roleId: ROLE_IDS.owner,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: USER_MESSAGES.ownerRoleNotAssignable,
      errors: { roleId: USER_MESSAGES.ownerRoleNotAssignable },
    });
  });

  it('refuses an email already taken, ignoring case, with 409', async () => {
    const response = await admin.post('/users', {
      name: 'Dup',
      email: editor.user.email.toUpperCase(),
      password: TEST_PASSWORD,
      roleId: 3,
    });
    expect(response.statusCode).toBe(409);
    // The refusal names its field too, so the form shows it on Email.
    expect(response.json()).toEqual({
      code: 'CONFLICT',
      message: 'A user with this email already exists',
      errors: { email: 'A user with this email already exists' },
    });
  });

  it('answers two concurrent creations of one email with one 201 and one 409', async () => {
    const email = `race.${tag()}@example.test`;
    const body = { name: 'Race', email, password: TEST_PASSWORD, roleId: 3 };
    const statuses = (
      await Promise.all([
        admin.post('/users', body),
        owner.post('/users', { ...body, email: email.toUpperCase() }),
      ])
    ).map((r) => r.statusCode);
    expect(statuses.sort()).toEqual([201, 409]);
  });

  it('answers a malformed body with 400 and writes nothing', async () => {
    const before = await ctx.database.db.$count(users);
    const response = await admin.post('/users', '{"name":', AS_JSON);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Request body is not valid JSON',
    });
    expect(await ctx.database.db.$count(users)).toBe(before);
  });
});

describe('GET /users/{id}', () => {
  it('reads a user, 404 for unknown or deleted ones and 400 for a non-UUID id', async () => {
    const response = await admin.get(`/users/${editor.user.id}`);
    expect(response.statusCode).toBe(200);
    expect(userResponseSchema.parse(response.json()).data).toMatchObject({
      uuid: editor.user.id,
      role: { name: 'editor', id: 3 },
    });

    const unknown = await admin.get(`/users/${randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'NOT_FOUND', message: 'User not found' });

    const gone = await createViaApi({ name: 'Gone', email: `gone.${tag()}@example.test` });
    await admin.delete(`/users/${gone.uuid}`);
    expect((await admin.get(`/users/${gone.uuid}`)).statusCode).toBe(404);

    const bad = await admin.get('/users/not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { id: 'Invalid id' } });
  });

  it('lets an admin read an owner', async () => {
    expect((await admin.get(`/users/${owner.user.id}`)).statusCode).toBe(200);
  });
});

describe('PUT /users/{id}', () => {
  it('changes only the fields sent, records user.updated and keeps the password when it is empty or omitted', async () => {
    const word = tag();
    const user = await createViaApi({ name: `${word} Before`, email: `before.${word}@example.test` });
    const renamed = await admin.put(`/users/${user.uuid}`, { name: `${word} After`, password: '' });
    expect(renamed.statusCode).toBe(200);
    expect(userResponseSchema.parse(renamed.json()).data).toEqual({ ...user, name: `${word} After` });
    await signIn(ctx, { email: user.email, password: TEST_PASSWORD });

    const moved = userResponseSchema.parse(
      (
        await admin.put(`/users/${user.uuid}`, {
          email: `after.${word}@example.test`,
          roleId: ROLE_IDS.admin,
        })
      ).json(),
    ).data;
    expect(moved).toMatchObject({
      name: `${word} After`,
      email: `after.${word}@example.test`,
      role: { id: 2, name: 'admin' },
    });
    expect((await activityTypes(user.uuid)).map((a) => a.type)).toEqual([
      'user.created',
      'user.updated',
      'user.updated',
    ]);
  });

  it('leaves the role when roleId is omitted or repeated, so an owner can save their own form', async () => {
    const response = await owner.put(`/users/${owner.user.id}`, {
      name: owner.user.name,
      email: owner.user.email,
      password: '',
      roleId: ROLE_IDS.owner,
    });
    expect(response.statusCode).toBe(200);
    expect(userResponseSchema.parse(response.json()).data.role.name).toBe('owner');
    // Nothing changed, so nothing was recorded.
    expect(await activityTypes(owner.user.id)).toEqual([]);
    const empty = await admin.put(`/users/${viewer.user.id}`, {});
    expect(empty.statusCode).toBe(200);
    expect(userResponseSchema.parse(empty.json()).data.role.name).toBe('viewer');
  });

  it('sets a new password, which ends the user’s other sessions', async () => {
    const user = await createUser(ctx, 'editor');
    const session = await callerAs(ctx, user);
    const response = await admin.put(`/users/${user.id}`, { password: 'brand new password' });
    expect(response.statusCode).toBe(200);
    await expect(signIn(ctx, user)).rejects.toThrow(/401/);
    await signIn(ctx, { email: user.email, password: 'brand new password' });
    const refresh = await callers.anonymous.post('/auth/refresh', { refreshToken: session.refreshToken });
    expect(refresh.statusCode).toBe(401);
    expect((await activityTypes(user.id)).map((a) => a.type)).toEqual(['user.updated']);
  });

  it('disables (revoking refresh tokens; the access token stops at once) and enables, recording both', async () => {
    const user = await createUser(ctx, 'editor');
    const session = await callerAs(ctx, user);
    const disabled = await admin.put(`/users/${user.id}`, { isActive: false });
    expect(disabled.statusCode).toBe(200);
    expect(userResponseSchema.parse(disabled.json()).data.isActive).toBe(false);
    expect((await session.get('/clients')).statusCode).toBe(401);
    const refresh = await callers.anonymous.post('/auth/refresh', { refreshToken: session.refreshToken });
    expect(refresh.statusCode).toBe(401);
    const live = await ctx.database.db
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.userId, user.id), isNull(refreshTokens.revokedAt)));
    expect(live).toEqual([]);

    const enabled = await admin.put(`/users/${user.id}`, { isActive: true });
    expect(userResponseSchema.parse(enabled.json()).data.isActive).toBe(true);
    await signIn(ctx, user);
    expect((await activityTypes(user.id)).map((a) => a.type)).toEqual(['user.disabled', 'user.enabled']);
  });

  it('answers invalid fields with 400 and the required texts', async () => {
    const cases: [object, Record<string, string>][] = [
      [{ name: '' }, { name: 'Name is required' }],
      [{ email: '' }, { email: 'Email is required' }],
      [{ email: 'nope' }, { email: 'Please enter a valid email address' }],
      [{ password: 'short' }, { password: 'Password must be at least 8 characters' }],
      [{ password: 'x'.repeat(129) }, { password: 'Password must be at most 128 characters' }],
      [{ roleId: null }, { roleId: 'Role is required' }],
      [{ roleId: 42 }, { roleId: 'Role is required' }],
      [{ isActive: 'yes' }, { isActive: 'isActive must be true or false' }],
    ];
    for (const [body, errors] of cases) {
      const response = await admin.put(`/users/${viewer.user.id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorBodySchema.parse(response.json()), JSON.stringify(body)).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors,
      });
    }
    expect((await admin.put(`/users/${randomUUID()}`, { name: 'x' })).statusCode).toBe(404);
    expect((await admin.put('/users/123', { name: 'x' })).statusCode).toBe(400);
  });

  it('refuses an email another user has (ignoring case) and accepts a new case of one’s own', async () => {
    const user = await createUser(ctx, 'viewer');
    const taken = await admin.put(`/users/${user.id}`, {
      email: editor.user.email.toUpperCase(),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      code: 'CONFLICT',
      message: 'A user with this email already exists',
      errors: { email: 'A user with this email already exists' },
    });
    const recased = await admin.put(`/users/${user.id}`, { email: user.email.toUpperCase() });
    expect(recased.statusCode).toBe(200);
    expect(userResponseSchema.parse(recased.json()).data.email).toBe(user.email.toUpperCase());
  });

  it('never gives the owner role', async () => {
    const user = await createUser(ctx, 'admin');
    for (const as of [owner, admin]) {
      const response = await as.put(`/users/${user.id}`, { roleId: ROLE_IDS.owner });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: { roleId: USER_MESSAGES.ownerRoleNotAssignable },
      });
    }
    expect(userResponseSchema.parse((await admin.get(`/users/${user.id}`)).json()).data.role.name).toBe(
      'admin',
    );
  });

  it('refuses to disable oneself or change one’s own role, but allows editing one’s own name', async () => {
    const self = admin.user.id;
    const disable = await admin.put(`/users/${self}`, { isActive: false });
    expect(disable.statusCode).toBe(403);
    expect(disable.json()).toEqual({ code: 'FORBIDDEN', message: 'You cannot disable your own account' });
    const demote = await admin.put(`/users/${self}`, { roleId: ROLE_IDS.viewer });
    expect(demote.statusCode).toBe(403);
    expect(demote.json()).toEqual({ code: 'FORBIDDEN', message: 'You cannot change your own role' });
    const ownerDemote = await owner.put(`/users/${owner.user.id}`, { roleId: ROLE_IDS.admin });
    expect(ownerDemote.statusCode).toBe(403);
    const rename = await admin.put(`/users/${self}`, {
      name: admin.user.name,
      isActive: true,
      roleId: ROLE_IDS.admin,
    });
    expect(rename.statusCode).toBe(200);
  });

  it('lets an admin manage admins but not owners; an owner manages both', async () => {
    const anOwner = await createUser(ctx, 'owner');
    const anAdmin = await createUser(ctx, 'admin');
    for (const body of [{ name: 'Renamed' }, { isActive: false }, { roleId: ROLE_IDS.admin }]) {
      const response = await admin.put(`/users/${anOwner.id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(403);
      expect(response.json()).toEqual({
        code: 'FORBIDDEN',
        message: 'Only an owner can edit, disable or delete an owner',
      });
    }
    expect(
      (await admin.put(`/users/${anAdmin.id}`, { name: 'Admin renamed', isActive: false })).statusCode,
    ).toBe(200);
    expect(
      (await owner.put(`/users/${anOwner.id}`, { name: 'Owner renamed', isActive: false })).statusCode,
    ).toBe(200);
    expect(
      (await owner.put(`/users/${anOwner.id}`, { isActive: true, roleId: ROLE_IDS.admin })).statusCode,
    ).toBe(200);
    expect(userResponseSchema.parse((await owner.get(`/users/${anOwner.id}`)).json()).data.role.name).toBe(
      'admin',
    );
    expect((await activityTypes(anOwner.id)).map((a) => a.type)).toEqual([
      'user.updated',
      'user.disabled',
      'user.updated',
      'user.enabled',
    ]);
  });
});

describe('DELETE /users/{id}', () => {
  it('soft-deletes: frees the email, removes assignments, revokes sessions, records user.deleted', async () => {
    const user = await createUser(ctx, 'editor');
    const session = await callerAs(ctx, user);
    const clientId = await insertClient();
    expect((await admin.put(`/users/${user.id}/clients`, { clientUuids: [clientId] })).statusCode).toBe(200);

    const response = await admin.delete(`/users/${user.id}`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.deletedAt?.getTime()).toBe(clock.now().getTime());
    expect(await ctx.database.db.$count(clientUsers, eq(clientUsers.userId, user.id))).toBe(0);
    expect((await session.get('/clients')).statusCode).toBe(401);
    expect(
      (await callers.anonymous.post('/auth/refresh', { refreshToken: session.refreshToken })).statusCode,
    ).toBe(401);
    expect((await activityTypes(user.id)).map((a) => a.type)).toEqual([
      'user.clients_assigned',
      'user.deleted',
    ]);

    const again = await admin.delete(`/users/${user.id}`);
    expect(again.statusCode).toBe(404);
    const reused = await createViaApi({ name: 'Reuser', email: user.email });
    expect(reused.uuid).not.toBe(user.id);
  });

  it('keeps the deleted actor’s name on the activity rows they left', async () => {
    const actor = await createUser(ctx, 'admin');
    const session = await callerAs(ctx, actor);
    const created = await session.post('/users', {
      name: 'Made by a leaver',
      email: `leaver.${tag()}@example.test`,
      password: TEST_PASSWORD,
      roleId: 4,
    });
    const made = userResponseSchema.parse(created.json()).data;
    expect((await owner.delete(`/users/${actor.id}`)).statusCode).toBe(204);
    expect(await activityTypes(made.uuid)).toEqual([{ type: 'user.created', actorName: actor.name }]);
  });

  it('refuses self-deletion and an admin deleting an owner; allows an admin deleting an admin and an owner deleting an owner', async () => {
    const self = await admin.delete(`/users/${admin.user.id}`);
    expect(self.statusCode).toBe(403);
    expect(self.json()).toEqual({ code: 'FORBIDDEN', message: 'You cannot delete your own account' });
    expect((await owner.delete(`/users/${owner.user.id}`)).statusCode).toBe(403);

    const anOwner = await createUser(ctx, 'owner');
    const byAdmin = await admin.delete(`/users/${anOwner.id}`);
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json()).toEqual({
      code: 'FORBIDDEN',
      message: 'Only an owner can edit, disable or delete an owner',
    });
    expect((await owner.delete(`/users/${anOwner.id}`)).statusCode).toBe(204);
    const anAdmin = await createUser(ctx, 'admin');
    expect((await admin.delete(`/users/${anAdmin.id}`)).statusCode).toBe(204);
    expect((await admin.delete('/users/nope')).statusCode).toBe(400);
  });
});

describe('client assignments of a user', () => {
  it('replaces the set, lists live clients as snake_case rows and records user.clients_assigned', async () => {
    const user = await createUser(ctx, 'editor');
    const a = await insertClient(`A ${tag()}`, {
      contactEmail: 'a@example.test',
      certificateCount: 3,
      activeCertificates: 2,
    });
    const b = await insertClient(`B ${tag()}`, { isActive: false });
    const c = await insertClient(`C ${tag()}`);

    const empty = await admin.get(`/users/${user.id}/clients`);
    expect(empty.statusCode).toBe(200);
    expect(userClientsResponseSchema.parse(empty.json()).data).toEqual([]);

    const first = await admin.put(`/users/${user.id}/clients`, { clientUuids: [b, a, a] });
    expect(first.statusCode).toBe(200);
    const rows = userClientsResponseSchema.parse(first.json()).data;
    expect(rows.map((r) => r.uuid)).toEqual([a, b]);
    expect(rows[0]).toMatchObject({
      contact_email: 'a@example.test',
      certificate_count: 3,
      active_certificates: 2,
      is_active: true,
      contact_phone: '',
    });
    expect(rows[1]?.is_active).toBe(false);

    const second = userClientsResponseSchema.parse(
      (await admin.put(`/users/${user.id}/clients`, { clientUuids: [c, b] })).json(),
    ).data;
    expect(second.map((r) => r.uuid)).toEqual([b, c]);
    expect(
      userClientsResponseSchema
        .parse((await owner.get(`/users/${user.id}/clients`)).json())
        .data.map((r) => r.uuid),
    ).toEqual([b, c]);

    // Repeating the same set changes nothing and records nothing.
    expect((await admin.put(`/users/${user.id}/clients`, { clientUuids: [b, c] })).statusCode).toBe(200);
    const cleared = await admin.put(`/users/${user.id}/clients`, { clientUuids: [] });
    expect(userClientsResponseSchema.parse(cleared.json()).data).toEqual([]);
    expect((await activityTypes(user.id)).map((a) => a.type)).toEqual([
      'user.clients_assigned',
      'user.clients_assigned',
      'user.clients_assigned',
    ]);
  });

  it('hides deleted clients and refuses unknown or deleted ones with a clear 400, changing nothing', async () => {
    const user = await createUser(ctx, 'viewer');
    const kept = await insertClient();
    const deleted = await insertClient(`Deleted ${tag()}`);
    await admin.put(`/users/${user.id}/clients`, { clientUuids: [kept, deleted] });
    await ctx.database.db.update(clients).set({ deletedAt: new Date() }).where(eq(clients.id, deleted));
    expect(
      userClientsResponseSchema
        .parse((await admin.get(`/users/${user.id}/clients`)).json())
        .data.map((r) => r.uuid),
    ).toEqual([kept]);

    const unknown = randomUUID();
    for (const id of [unknown, deleted]) {
      const response = await admin.put(`/users/${user.id}/clients`, { clientUuids: [id] });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'VALIDATION_FAILED',
        message: unknownClientMessage(id),
        errors: { clientUuids: `Client ${id} does not exist` },
      });
    }
    expect(
      userClientsResponseSchema
        .parse((await admin.get(`/users/${user.id}/clients`)).json())
        .data.map((r) => r.uuid),
    ).toEqual([kept]);

    const notUuid = await admin.put(`/users/${user.id}/clients`, { clientUuids: ['x'] });
    expect(notUuid.statusCode).toBe(400);
    expect(notUuid.json()).toMatchObject({ errors: { 'clientUuids.0': 'Invalid client id' } });
    const notList = await admin.put(`/users/${user.id}/clients`, { clientUuids: 'x' });
    expect(notList.json()).toMatchObject({ errors: { clientUuids: 'clientUuids must be a list' } });
    expect((await admin.put(`/users/${randomUUID()}/clients`, { clientUuids: [] })).statusCode).toBe(404);
    expect((await admin.get(`/users/${randomUUID()}/clients`)).statusCode).toBe(404);
  });
});

describe('roles on the users endpoints', () => {
  // Every route × every role is in role-matrix.test.ts; here, what the matrix cannot show.
  it('checks the role before validating the body, so a refused caller gets 401/403, never field errors', async () => {
    expect((await viewer.post('/users', {})).statusCode).toBe(403);
    expect((await callers.anonymous.post('/users', {})).statusCode).toBe(401);
    expect((await editor.put('/users/not-a-uuid', { name: '' })).statusCode).toBe(403);
  });
});

describe('the last active owner', () => {
  // A database of its own, so the number of owners is known.
  let own: TestContext;
  beforeAll(async () => {
    own = await createTestApp({ clock });
  });
  afterAll(() => own.close());
  const actor = (u: TestUser) => ({ id: u.id, name: u.name, role: u.role, sessionId: null });

  it('cannot be disabled, demoted or deleted, even by an owner whose session predates being disabled', async () => {
    const last = await createUser(own, 'owner');
    // A second owner already disabled: their request could only reach the service on a stale check.
    const stale = await createUser(own, 'owner', { isActive: false });
    const service = createUsersService(own.app.ctx);
    for (const attempt of [
      () => service.update(actor(stale), last.id, { isActive: false }),
      () => service.update(actor(stale), last.id, { roleId: ROLE_IDS.admin }),
      () => service.remove(actor(stale), last.id),
    ]) {
      const error = await attempt().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({
        statusCode: 409,
        code: 'CONFLICT',
        message: USER_MESSAGES.lastActiveOwner,
      });
    }
    const [row] = await own.database.db.select().from(users).where(eq(users.id, last.id));
    expect(row).toMatchObject({ isActive: true, roleId: ROLE_IDS.owner, deletedAt: null });
    // The disabled owner themselves can still be deleted: they are not an active owner.
    await service.remove(actor(last), stale.id);
  });

  it('survives two owners disabling or deleting each other at the same moment', async () => {
    const service = createUsersService(own.app.ctx);
    for (const operation of ['disable', 'delete'] as const) {
      const a = await createUser(own, 'owner');
      const b = await createUser(own, 'owner');
      // Leave exactly these two active owners.
      await own.database.db
        .update(users)
        .set({ isActive: false })
        .where(and(eq(users.roleId, ROLE_IDS.owner), isNull(users.deletedAt)));
      await own.database.db.update(users).set({ isActive: true }).where(eq(users.id, a.id));
      await own.database.db.update(users).set({ isActive: true }).where(eq(users.id, b.id));
      const run = (by: TestUser, target: TestUser) =>
        operation === 'disable'
          ? service.update(actor(by), target.id, { isActive: false })
          : service.remove(actor(by), target.id);
      const results = await Promise.allSettled([run(a, b), run(b, a)]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const rejected = results.find((r) => r.status === 'rejected');
      expect(rejected?.reason).toMatchObject({ statusCode: 409, message: USER_MESSAGES.lastActiveOwner });
      const activeOwners = await own.database.db.$count(
        users,
        and(eq(users.roleId, ROLE_IDS.owner), eq(users.isActive, true), isNull(users.deletedAt)),
      );
      expect(activeOwners, operation).toBe(1);
    }
  });
});

describe("an owner's client assignments", () => {
  it('are refused to an admin with a clear 403, changing nothing, and left to owners', async () => {
    const target = await createUser(ctx, 'owner');
    const kept = await insertClient();
    expect((await owner.put(`/users/${target.id}/clients`, { clientUuids: [kept] })).statusCode).toBe(200);
    const refused = await admin.put(`/users/${target.id}/clients`, { clientUuids: [] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'FORBIDDEN', message: USER_MESSAGES.cannotAssignOwnerClients });
    expect(
      userClientsResponseSchema
        .parse((await admin.get(`/users/${target.id}/clients`)).json())
        .data.map((r) => r.uuid),
    ).toEqual([kept]);
    expect((await activityTypes(target.id)).map((a) => a.type)).toEqual(['user.clients_assigned']);
  });
});
