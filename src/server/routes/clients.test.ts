import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  CLIENT_MESSAGES,
  DAY_MS,
  clientResponseSchema,
  clientUsersResponseSchema,
  clientsListResponseSchema,
  errorBodySchema,
  unknownUserMessage,
  type Client,
} from '../../contract';
import { activities, certificates, clientUsers, clients, counters, users } from '../db/schema';
import { createUser, TestClock } from '../../../tests/support/test-app';
import { AS_JSON, createApiToken, routeTestApp, WHO } from '../../../tests/support/callers';

const clock = new TestClock();
const { ctx, callers, owner, admin, editor, viewer } = routeTestApp({ clock });

const tag = () => `t${randomUUID().slice(0, 8)}`;

async function createClient(body: Record<string, unknown> = {}): Promise<Client> {
  const response = await editor.post('/clients', { name: `Client ${tag()}`, ...body });
  expect(response.statusCode, response.body).toBe(201);
  return clientResponseSchema.parse(response.json()).data;
}

async function activityTypes(targetId: string) {
  const rows = await ctx.database.db
    .select({ type: activities.type })
    .from(activities)
    .where(eq(activities.targetId, targetId))
    .orderBy(asc(activities.id));
  return rows.map((r) => r.type);
}

async function clientsCounter() {
  const [row] = await ctx.database.db.select().from(counters).where(eq(counters.key, 'clients'));
  return row?.value;
}

async function insertCertificate(
  clientId: string,
  status: string,
  validTo = clock.now().getTime() + 30 * DAY_MS,
) {
  await ctx.database.db.insert(certificates).values({
    id: randomUUID(),
    clientId,
    serialNumber: `SN-${tag()}`,
    studioCount: 1,
    userCount: 1,
    validFrom: new Date(validTo - 365 * DAY_MS),
    validTo: new Date(validTo),
    status,
  });
}

describe('GET /clients', () => {
  it('answers at the top level, newest first, paged, searching name or contact email case-insensitively', async () => {
    const word = tag();
    const created: Client[] = [];
    for (let i = 0; i < 3; i += 1) {
      clock.advance(1000);
      created.push(
        await createClient({ name: `${word} Company ${i}`, contactEmail: `c${i}@${word}.example` }),
      );
    }
    const first = await admin.get(`/clients?search=${word.toUpperCase()}&limit=2`);
    expect(first.statusCode).toBe(200);
    const page1 = clientsListResponseSchema.parse(first.json());
    expect(page1).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(page1.clients.map((c) => c.uuid)).toEqual([created[2]!.uuid, created[1]!.uuid]);
    const page2 = clientsListResponseSchema.parse(
      (await admin.get(`/clients?search=${word}&limit=2&page=2`)).json(),
    );
    expect(page2.clients.map((c) => c.uuid)).toEqual([created[0]!.uuid]);
    // Past the end: an empty page with the true total.
    expect(
      clientsListResponseSchema.parse((await admin.get(`/clients?search=${word}&limit=2&page=3`)).json()),
    ).toMatchObject({ clients: [], total: 3 });

    // The contact email alone matches (the name does not contain "C1@").
    const byEmail = clientsListResponseSchema.parse(
      (await admin.get(`/clients?search=C1@${word.toUpperCase()}`)).json(),
    );
    expect(byEmail.clients.map((c) => c.uuid)).toEqual([created[1]!.uuid]);
  });

  it('defaults to page 1 of 10', async () => {
    const body = clientsListResponseSchema.parse((await admin.get('/clients')).json());
    expect(body).toMatchObject({ page: 1, limit: 10 });
    expect(body.clients.length).toBe(Math.min(10, body.total));
  });

  it('matches %, _ and \\ literally', async () => {
    const word = tag();
    const percent = await createClient({ name: `${word} 100% Ltd` });
    const underscore = await createClient({ name: `${word} A_B Ltd` });
    const backslash = await createClient({ name: `${word} A\\B Ltd` });
    const search = async (s: string) =>
      clientsListResponseSchema
        .parse((await admin.get(`/clients?limit=100&search=${encodeURIComponent(s)}`)).json())
        .clients.map((c) => c.uuid);
    expect(await search('%')).toEqual([percent.uuid]);
    expect(await search('_')).toEqual([underscore.uuid]);
    expect(await search('\\')).toEqual([backslash.uuid]);
  });

  it('filters by status and never lists deleted clients', async () => {
    const word = tag();
    const active = await createClient({ name: `${word} on` });
    const inactive = await createClient({ name: `${word} off` });
    const deleted = await createClient({ name: `${word} gone` });
    expect((await editor.put(`/clients/${inactive.uuid}`, { isActive: false })).statusCode).toBe(200);
    expect((await admin.delete(`/clients/${deleted.uuid}`)).statusCode).toBe(204);
    const ids = async (query: string) =>
      clientsListResponseSchema
        .parse((await admin.get(`/clients?search=${word}${query}`)).json())
        .clients.map((c) => c.uuid)
        .sort();
    expect(await ids('')).toEqual([active.uuid, inactive.uuid].sort());
    expect(await ids('&status=active')).toEqual([active.uuid]);
    expect(await ids('&status=inactive')).toEqual([inactive.uuid]);
  });

  it('refuses bad paging with 400', async () => {
    for (const [query, field, message] of [
      ['limit=101', 'limit', 'limit must be at most 100'],
      ['page=0', 'page', 'page must be at least 1'],
      ['page=-3', 'page', 'page must be at least 1'],
      ['limit=x', 'limit', 'limit must be a number'],
    ] as const) {
      const response = await admin.get(`/clients?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(errorBodySchema.parse(response.json())).toEqual({
        code: 'VALIDATION_FAILED',
        message,
        errors: { [field]: message },
      });
    }
    expect((await admin.get('/clients?status=all')).statusCode).toBe(400);
    expect((await admin.get(`/clients?search=${'x'.repeat(201)}`)).statusCode).toBe(400);
  });
});

describe('POST /clients', () => {
  it('creates a client with trimmed texts and empty defaults, counts it and records client.created', async () => {
    const before = await clientsCounter();
    const word = tag();
    const response = await editor.post('/clients', {
      name: `  ${word} Studios  `,
      contactEmail: ' Boss@Studio.example ',
    });
    expect(response.statusCode).toBe(201);
    const client = clientResponseSchema.parse(response.json()).data;
    expect(client).toEqual({
      uuid: client.uuid,
      name: `${word} Studios`,
      description: '',
      contactEmail: 'Boss@Studio.example',
      contactPhone: '',
      address: '',
      isActive: true,
      remindContact: false,
      certificateCount: 0,
      activeCertificates: 0,
      createdAt: clock.now().getTime(),
      deleteRefusal: null,
    });
    expect(await clientsCounter()).toBe(before! + 1);
    expect(await activityTypes(client.uuid)).toEqual(['client.created']);
  });

  it('takes every field of the form', async () => {
    const body = {
      name: `Full ${tag()}`,
      description: 'Animation house',
      contactEmail: 'a@b.example',
      contactPhone: '+1 555 0100',
      address: '1 Main St',
      remindContact: true,
    };
    expect(await createClient(body)).toMatchObject({ ...body, isActive: true });
  });

  it('answers invalid fields with the required texts and writes nothing', async () => {
    const before = await ctx.database.db.$count(clients);
    const cases: [object, Record<string, string>][] = [
      [{}, { name: 'Company name is required' }],
      [{ name: '   ' }, { name: 'Company name is required' }],
      [{ name: 7 }, { name: 'Company name is required' }],
      [{ name: 'x'.repeat(201) }, { name: 'Company name must be at most 200 characters' }],
      [{ name: 'Ok', contactEmail: 'no-at-sign' }, { contactEmail: 'Please enter a valid email address' }],
      [
        { name: 'Ok', description: 'x'.repeat(2001) },
        { description: 'Description must be at most 2000 characters' },
      ],
      [
        { name: 'Ok', contactPhone: 'x'.repeat(51) },
        { contactPhone: 'Contact phone must be at most 50 characters' },
      ],
      [{ name: 'Ok', address: 'x'.repeat(501) }, { address: 'Address must be at most 500 characters' }],
      [{ name: 'Ok', address: 5 }, { address: 'Address must be text' }],
      [{ name: 'Ok', remindContact: 'yes' }, { remindContact: 'remindContact must be true or false' }],
    ];
    for (const [body, errors] of cases) {
      const response = await editor.post('/clients', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorBodySchema.parse(response.json())).toEqual({
        code: 'VALIDATION_FAILED',
        message: Object.values(errors)[0],
        errors,
      });
    }
    expect(await ctx.database.db.$count(clients)).toBe(before);
  });

  it('refuses a name a live client has, ignoring case, and allows the name of a deleted one', async () => {
    const existing = await createClient();
    const duplicate = await editor.post('/clients', { name: existing.name.toUpperCase() });
    expect(duplicate.statusCode).toBe(409);
    // The refusal names its field too, so the form shows it on Company Name.
    expect(duplicate.json()).toEqual({
      code: 'CONFLICT',
      message: 'A client with this name already exists',
      errors: { name: 'A client with this name already exists' },
    });
    expect((await admin.delete(`/clients/${existing.uuid}`)).statusCode).toBe(204);
    expect((await createClient({ name: existing.name })).uuid).not.toBe(existing.uuid);
  });

  it('refuses a body over the size limit (413) and a malformed one (400), writing nothing', async () => {
    const before = await ctx.database.db.$count(clients);
    const huge = await editor.post('/clients', {
      name: 'Huge',
      description: 'x'.repeat(10 * 1024 * 1024),
    });
    expect(huge.statusCode).toBe(413);
    expect(errorBodySchema.parse(huge.json()).code).toBe('PAYLOAD_TOO_LARGE');
    const malformed = await editor.put(`/clients/${randomUUID()}`, '{"name": ', AS_JSON);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Request body is not valid JSON',
    });
    expect(await ctx.database.db.$count(clients)).toBe(before);
  });

  it('answers two concurrent creations of one name with one 201 and one 409', async () => {
    const name = `Race ${tag()}`;
    const statuses = (
      await Promise.all([
        editor.post('/clients', { name }),
        admin.post('/clients', { name: name.toLowerCase() }),
      ])
    ).map((r) => r.statusCode);
    expect(statuses.sort()).toEqual([201, 409]);
  });
});

describe('GET /clients/{id}', () => {
  it('reads a client with the certificate counters of its row; 404 when unknown or deleted; 400 for a non-UUID id', async () => {
    const client = await createClient();
    await ctx.database.db
      .update(clients)
      .set({ certificateCount: 7, activeCertificates: 4 })
      .where(eq(clients.id, client.uuid));
    const response = await viewer.get(`/clients/${client.uuid}`);
    expect(response.statusCode).toBe(200);
    expect(clientResponseSchema.parse(response.json()).data).toEqual({
      ...client,
      certificateCount: 7,
      activeCertificates: 4,
    });

    const unknown = await admin.get(`/clients/${randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'NOT_FOUND', message: 'Client not found' });
    const bad = await admin.get('/clients/123');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { id: 'Invalid id' } });
  });
});

describe('PUT /clients/{id}', () => {
  it('changes only the fields sent, toggles isActive and records client.updated', async () => {
    const client = await createClient({
      description: 'Keep me',
      contactEmail: 'keep@me.example',
      contactPhone: '123',
      address: 'Here',
    });
    const off = await editor.put(`/clients/${client.uuid}`, { isActive: false });
    expect(off.statusCode).toBe(200);
    expect(clientResponseSchema.parse(off.json()).data).toEqual({ ...client, isActive: false });

    const edited = await editor.put(`/clients/${client.uuid}`, {
      name: `${client.name} Renamed`,
      description: '',
      isActive: true,
    });
    expect(clientResponseSchema.parse(edited.json()).data).toEqual({
      ...client,
      name: `${client.name} Renamed`,
      description: '',
      isActive: true,
    });
    // The same values again change nothing and record nothing.
    expect(
      (await editor.put(`/clients/${client.uuid}`, { name: `${client.name} Renamed`, isActive: true }))
        .statusCode,
    ).toBe(200);
    expect(await activityTypes(client.uuid)).toEqual(['client.created', 'client.updated', 'client.updated']);
  });

  it("turns the contact's expiry reminders on and off, saying so in the activity", async () => {
    const client = await createClient({ contactEmail: 'licences@contact.example' });
    expect(client.remindContact).toBe(false);
    const on = await editor.put(`/clients/${client.uuid}`, { remindContact: true });
    expect(clientResponseSchema.parse(on.json()).data).toEqual({ ...client, remindContact: true });
    const off = await editor.put(`/clients/${client.uuid}`, { remindContact: false });
    expect(clientResponseSchema.parse(off.json()).data.remindContact).toBe(false);
    const described = await ctx.database.db
      .select({ description: activities.description })
      .from(activities)
      .where(and(eq(activities.targetId, client.uuid), eq(activities.type, 'client.updated')))
      .orderBy(asc(activities.id));
    expect(described.map((row) => row.description)).toEqual([
      `Updated client ${client.name}: contact reminders on`,
      `Updated client ${client.name}: contact reminders off`,
    ]);
  });

  it('refuses another live client’s name (409) and accepts a new case of its own', async () => {
    const a = await createClient();
    const b = await createClient();
    const taken = await editor.put(`/clients/${b.uuid}`, { name: a.name.toLowerCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      code: 'CONFLICT',
      message: CLIENT_MESSAGES.nameTaken,
      errors: { name: CLIENT_MESSAGES.nameTaken },
    });
    const recased = await editor.put(`/clients/${b.uuid}`, { name: b.name.toUpperCase() });
    expect(clientResponseSchema.parse(recased.json()).data.name).toBe(b.name.toUpperCase());
  });

  it('answers invalid fields with 400, unknown ids with 404', async () => {
    const client = await createClient();
    const cases: [object, Record<string, string>][] = [
      [{ name: '' }, { name: 'Company name is required' }],
      [{ contactEmail: 'nope' }, { contactEmail: 'Please enter a valid email address' }],
      [{ isActive: 'no' }, { isActive: 'isActive must be true or false' }],
      [{ remindContact: 1 }, { remindContact: 'remindContact must be true or false' }],
    ];
    for (const [body, errors] of cases) {
      const response = await editor.put(`/clients/${client.uuid}`, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors });
    }
    expect((await editor.put(`/clients/${client.uuid}`, { contactEmail: '' })).statusCode).toBe(200);
    expect((await editor.put(`/clients/${randomUUID()}`, { name: 'x' })).statusCode).toBe(404);
  });
});

describe('DELETE /clients/{id}', () => {
  it('refuses a client with pending, active or distributed certificates (409) and changes nothing', async () => {
    const past = clock.now().getTime() - DAY_MS;
    for (const [status, validTo] of [
      ['pending', undefined],
      ['active', undefined],
      ['distributed', undefined],
      ['pending', past],
    ] as const) {
      const client = await createClient();
      // A pending certificate stays pending (a draft) even past its dates, so it still binds the client.
      await insertCertificate(client.uuid, status, validTo);
      const response = await admin.delete(`/clients/${client.uuid}`);
      expect(response.statusCode, status).toBe(409);
      expect(response.json()).toEqual({
        code: 'CONFLICT',
        message: 'This client has pending, active or distributed certificates and cannot be deleted',
      });
      expect((await admin.get(`/clients/${client.uuid}`)).statusCode).toBe(200);
      expect(await activityTypes(client.uuid)).toEqual(['client.created']);
    }
  });

  it('soft-deletes a client whose certificates are all expired or revoked (or past due), keeping them', async () => {
    const client = await createClient();
    await insertCertificate(client.uuid, 'expired', clock.now().getTime() - DAY_MS);
    await insertCertificate(client.uuid, 'revoked');
    // Past its validTo but not yet swept: already expired for every read.
    await insertCertificate(client.uuid, 'active', clock.now().getTime() - 1);
    const user = await createUser(ctx, 'editor');
    expect((await admin.put(`/clients/${client.uuid}/users`, { userUuids: [user.id] })).statusCode).toBe(200);
    const before = await clientsCounter();

    const response = await admin.delete(`/clients/${client.uuid}`);
    expect(response.statusCode).toBe(204);
    const [row] = await ctx.database.db.select().from(clients).where(eq(clients.id, client.uuid));
    expect(row?.deletedAt?.getTime()).toBe(clock.now().getTime());
    expect(await ctx.database.db.$count(certificates, eq(certificates.clientId, client.uuid))).toBe(3);
    expect(await ctx.database.db.$count(clientUsers, eq(clientUsers.clientId, client.uuid))).toBe(0);
    expect(await ctx.database.db.$count(users, eq(users.id, user.id))).toBe(1);
    expect(await clientsCounter()).toBe(before! - 1);
    expect(await activityTypes(client.uuid)).toEqual([
      'client.created',
      'client.users_assigned',
      'client.deleted',
    ]);
    expect((await admin.get(`/clients/${client.uuid}`)).statusCode).toBe(404);
    expect((await admin.delete(`/clients/${client.uuid}`)).statusCode).toBe(404);
    expect((await admin.put(`/clients/${client.uuid}`, { name: 'x' })).statusCode).toBe(404);
  });
});

describe('users of a client', () => {
  it('replaces the set with live users (inactive ones included), lists them and records client.users_assigned', async () => {
    const client = await createClient();
    const zed = await createUser(ctx, 'editor', { name: `Zed ${tag()}` });
    const amy = await createUser(ctx, 'viewer', { name: `Amy ${tag()}`, isActive: false });
    const bob = await createUser(ctx, 'admin', { name: `Bob ${tag()}` });

    expect(
      clientUsersResponseSchema.parse((await viewer.get(`/clients/${client.uuid}/users`)).json()).data,
    ).toEqual([]);
    const first = await admin.put(`/clients/${client.uuid}/users`, {
      userUuids: [zed.id, amy.id, zed.id],
    });
    expect(first.statusCode).toBe(200);
    const rows = clientUsersResponseSchema.parse(first.json()).data;
    expect(rows).toEqual([
      {
        uuid: amy.id,
        name: amy.name,
        email: amy.email,
        role: { uuid: '0b7e6f1a-3c2d-4e5f-8a9b-000000000004', name: 'viewer' },
        isActive: false,
      },
      {
        uuid: zed.id,
        name: zed.name,
        email: zed.email,
        role: { uuid: '0b7e6f1a-3c2d-4e5f-8a9b-000000000003', name: 'editor' },
        isActive: true,
      },
    ]);
    const second = clientUsersResponseSchema.parse(
      (await admin.put(`/clients/${client.uuid}/users`, { userUuids: [bob.id, zed.id] })).json(),
    ).data;
    expect(second.map((u) => u.uuid)).toEqual([bob.id, zed.id]);
    expect(
      clientUsersResponseSchema
        .parse((await viewer.get(`/clients/${client.uuid}/users`)).json())
        .data.map((u) => u.uuid),
    ).toEqual([bob.id, zed.id]);

    // A deleted user leaves the list (the delete removes the assignment).
    expect((await admin.delete(`/users/${zed.id}`)).statusCode).toBe(204);
    expect(
      clientUsersResponseSchema
        .parse((await editor.get(`/clients/${client.uuid}/users`)).json())
        .data.map((u) => u.uuid),
    ).toEqual([bob.id]);
    expect(await activityTypes(client.uuid)).toEqual([
      'client.created',
      'client.users_assigned',
      'client.users_assigned',
    ]);
    // The same user's list seen from the other side agrees.
    expect((await admin.get(`/users/${bob.id}/clients`)).json()).toMatchObject({
      data: [{ uuid: client.uuid }],
    });
  });

  it('refuses unknown or deleted users with a clear 400 and changes nothing', async () => {
    const client = await createClient();
    const kept = await createUser(ctx, 'viewer');
    const gone = await createUser(ctx, 'viewer');
    await admin.put(`/clients/${client.uuid}/users`, { userUuids: [kept.id] });
    await admin.delete(`/users/${gone.id}`);
    for (const id of [randomUUID(), gone.id]) {
      const response = await admin.put(`/clients/${client.uuid}/users`, { userUuids: [kept.id, id] });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'VALIDATION_FAILED',
        message: unknownUserMessage(id),
        errors: { userUuids: `User ${id} does not exist` },
      });
    }
    expect(
      clientUsersResponseSchema
        .parse((await admin.get(`/clients/${client.uuid}/users`)).json())
        .data.map((u) => u.uuid),
    ).toEqual([kept.id]);
    expect((await admin.put(`/clients/${client.uuid}/users`, { userUuids: ['nope'] })).json()).toMatchObject({
      errors: { 'userUuids.0': 'Invalid user id' },
    });
    expect((await admin.put(`/clients/${client.uuid}/users`, {})).json()).toMatchObject({
      errors: { userUuids: 'userUuids must be a list' },
    });
    expect((await admin.put(`/clients/${randomUUID()}/users`, { userUuids: [] })).statusCode).toBe(404);
    expect((await admin.get(`/clients/${randomUUID()}/users`)).statusCode).toBe(404);
  });
});

describe("what each role reads of a client's users", () => {
  it('owners and admins get e-mail and role; editors and viewers only uuid, name and isActive', async () => {
    const client = await createClient();
    const member = await createUser(ctx, 'editor', { name: `Member ${tag()}` });
    const resting = await createUser(ctx, 'admin', { name: `Resting ${tag()}`, isActive: false });
    expect(
      (await admin.put(`/clients/${client.uuid}/users`, { userUuids: [member.id, resting.id] })).statusCode,
    ).toBe(200);
    const full = [
      {
        uuid: member.id,
        name: member.name,
        email: member.email,
        role: { uuid: '0b7e6f1a-3c2d-4e5f-8a9b-000000000003', name: 'editor' },
        isActive: true,
      },
      {
        uuid: resting.id,
        name: resting.name,
        email: resting.email,
        role: { uuid: '0b7e6f1a-3c2d-4e5f-8a9b-000000000002', name: 'admin' },
        isActive: false,
      },
    ];
    const summary = full.map(({ uuid, name, isActive }) => ({ uuid, name, isActive }));

    const seen: Record<string, unknown> = {};
    for (const who of WHO) {
      const response = await callers[who].get(`/clients/${client.uuid}/users`);
      seen[who] = response.statusCode === 200 ? response.json() : response.statusCode;
      if (who === 'editor' || who === 'viewer') {
        // Not even under another name: the body holds neither address nor role.
        expect(response.body, who).not.toContain(member.email);
        expect(response.body, who).not.toContain(resting.email);
        expect(response.body, who).not.toMatch(/"email"|"role"/);
      }
    }
    expect(seen).toEqual({
      owner: { data: full },
      admin: { data: full },
      editor: { data: summary },
      viewer: { data: summary },
      anonymous: 401,
    });

    // An API token reads as its role does.
    for (const [role, expected] of [
      ['viewer', summary],
      ['admin', full],
    ] as const) {
      const token = await createApiToken(ctx, owner, { name: `users of a client ${tag()}`, role });
      const response = await token.caller.get(`/clients/${client.uuid}/users`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json(), role).toEqual({ data: expected });
    }
  });
});

describe('roles on the clients endpoints', () => {
  // Every route × every role is in role-matrix.test.ts; here, that a refusal changes nothing.
  it('a refused write leaves no row and no activity', async () => {
    const client = await createClient();
    expect((await viewer.put(`/clients/${client.uuid}`, { name: 'Hijacked' })).statusCode).toBe(403);
    expect((await editor.delete(`/clients/${client.uuid}`)).statusCode).toBe(403);
    expect((await editor.put(`/clients/${client.uuid}/users`, { userUuids: [] })).statusCode).toBe(403);
    expect(clientResponseSchema.parse((await admin.get(`/clients/${client.uuid}`)).json()).data).toEqual(
      client,
    );
    expect(await activityTypes(client.uuid)).toEqual(['client.created']);
  });
});

describe("an owner's place among a client's users", () => {
  it('is changed only by an owner: others may replace the set while every owner stays as it was', async () => {
    const client = await createClient();
    const anOwner = await createUser(ctx, 'owner');
    const aViewer = await createUser(ctx, 'viewer');
    const ids = async () =>
      clientUsersResponseSchema
        .parse((await editor.get(`/clients/${client.uuid}/users`)).json())
        .data.map((u) => u.uuid)
        .sort();

    const adding = await admin.put(`/clients/${client.uuid}/users`, { userUuids: [anOwner.id] });
    expect(adding.statusCode).toBe(403);
    expect(errorBodySchema.parse(adding.json())).toEqual({
      code: 'FORBIDDEN',
      message: "Only an owner can change an owner's clients",
    });
    expect(await ids()).toEqual([]);
    expect((await owner.put(`/clients/${client.uuid}/users`, { userUuids: [anOwner.id] })).statusCode).toBe(
      200,
    );
    // The owner kept, a viewer added: allowed to an admin; the owner dropped: refused.
    expect(
      (await admin.put(`/clients/${client.uuid}/users`, { userUuids: [anOwner.id, aViewer.id] })).statusCode,
    ).toBe(200);
    expect((await admin.put(`/clients/${client.uuid}/users`, { userUuids: [aViewer.id] })).statusCode).toBe(
      403,
    );
    expect(await ids()).toEqual([anOwner.id, aViewer.id].sort());
  });
});
