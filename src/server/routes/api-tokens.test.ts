// API tokens: created once with their secret, acting with exactly their role, refused once revoked or expired,
// never on sessions, passwords or tokens, throttled per token, named as the actor in history and the activity log.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiTokensResponseSchema, createdApiTokenResponseSchema } from '../../contract/api-tokens';
import { certificateRecordsResponseSchema } from '../../contract/certificates';
import { ROLE_IDS } from '../../contract/roles';
import { apiTokens, users } from '../db/schema';
import { activitiesOf, certificateBody, insertClient } from '../../../tests/support/certificates';
import {
  callerAs,
  callerWith,
  createApiToken,
  type SignedInCaller,
  testAppPerFile,
} from '../../../tests/support/callers';
import { TestClock } from '../../../tests/support/test-app';

const clock = new TestClock();
let owner: SignedInCaller;
let admin: SignedInCaller;

const ctx = testAppPerFile({ clock, env: { API_TOKEN_RATE_LIMIT: '20' } });

beforeAll(async () => {
  owner = await callerAs(ctx, 'owner');
  admin = await callerAs(ctx, 'admin');
});

const createToken = (as: SignedInCaller, body: Record<string, unknown>) => createApiToken(ctx, as, body);

describe('POST /api-tokens', () => {
  it('shows the secret once, in the lc_ format, and keeps only a hash of it', async () => {
    const response = await admin.post('/api-tokens', { name: 'CRM sync', role: 'editor' });
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const created = createdApiTokenResponseSchema.parse(response.json()).data;
    expect(created).toMatchObject({ name: 'CRM sync', role: 'editor', expiresAt: null });
    expect(created.token).toMatch(/^lc_[A-Za-z0-9_-]{43}$/);
    expect(created.prefix).toBe(created.token.slice(0, 9));
    const [row] = await ctx.database.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(
      Object.values(row!).some((value) => typeof value === 'string' && value.includes(created.token)),
    ).toBe(false);
    const listed = apiTokensResponseSchema.parse((await admin.get('/api-tokens')).json()).data;
    const mine = listed.find((token) => token.id === created.id)!;
    expect(mine).toMatchObject({
      name: 'CRM sync',
      createdBy: { uuid: admin.user.id, name: admin.user.name },
    });
    expect(JSON.stringify(listed)).not.toContain(created.token);
  });

  it('refuses a long name, an unknown or owner role and a past expiry with clear messages, writing nothing', async () => {
    const before = await ctx.database.db.$count(apiTokens);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ name: 'x'.repeat(101), role: 'viewer' }, { name: 'Name must be at most 100 characters' }],
      [{ name: '  ', role: 'viewer' }, { name: 'Name is required' }],
      [{ name: 'Owner token', role: 'owner' }, { role: 'Role must be admin, editor or viewer' }],
      [
        { name: 'Old', role: 'viewer', expiresAt: clock.now().getTime() - 1 },
        { expiresAt: 'Expiry must be in the future' },
      ],
    ];
    for (const [body, errors] of cases) {
      const response = await owner.post('/api-tokens', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors });
    }
    expect(await ctx.database.db.$count(apiTokens)).toBe(before);
  });

  it('is for owners and admins signed in as themselves', async () => {
    for (const role of ['editor', 'viewer'] as const) {
      const caller = await callerAs(ctx, role);
      expect((await caller.post('/api-tokens', { name: 'mine', role: 'viewer' })).statusCode).toBe(403);
      expect((await caller.get('/api-tokens')).statusCode).toBe(403);
    }
    expect((await callerWith(ctx).get('/api-tokens')).statusCode).toBe(401);
  });
});

describe('a token at work', () => {
  it('acts with exactly its role, and history and activity name it', async () => {
    const { id, caller } = await createToken(admin, { name: 'CRM sync', role: 'editor' });
    const client = await insertClient(ctx.database.db);
    const created = await caller.post('/certificates', certificateBody(client.id, clock.now().getTime()));
    expect(created.statusCode).toBe(201);
    const { uuid } = (created.json() as { data: { uuid: string } }).data;
    expect((await caller.post(`/certificates/${uuid}/activate`, {})).statusCode).toBe(200);
    expect((await caller.get('/users')).statusCode).toBe(403);
    expect((await caller.delete(`/certificates/${uuid}`)).statusCode).toBe(403);
    const records = certificateRecordsResponseSchema.parse(
      (await admin.get(`/certificates/${uuid}/records`)).json(),
    );
    expect(records.data.map((record) => record.performBy?.name)).toEqual([
      "API token 'CRM sync'",
      "API token 'CRM sync'",
    ]);
    const activity = await activitiesOf(ctx.database.db, uuid);
    expect(activity.map((row) => row.actorName)).toEqual(["API token 'CRM sync'", "API token 'CRM sync'"]);
    const listed = apiTokensResponseSchema.parse((await admin.get('/api-tokens')).json()).data;
    // By id: an earlier test made another 'CRM sync' at the same (test clock) time.
    expect(listed.find((token) => token.id === id)?.lastUsedAt).toBe(clock.now().getTime());
  });

  it('is refused on sessions, passwords and tokens, whatever its role', async () => {
    const { caller } = await createToken(owner, { name: 'Ops', role: 'admin' });
    for (const [method, path] of [
      ['GET', '/auth/sessions'],
      ['DELETE', '/auth/sessions'],
      ['POST', '/auth/password'],
      ['GET', '/api-tokens'],
      ['POST', '/api-tokens'],
      ['GET', `/users/${admin.user.id}/sessions`],
    ] as const) {
      const response = await caller.request(
        method,
        path,
        method === 'GET' || method === 'DELETE' ? undefined : {},
      );
      expect(response.statusCode, `${method} ${path}`).toBe(403);
      expect(response.json()).toMatchObject({
        code: 'FORBIDDEN',
        message: expect.stringMatching(/API tokens cannot/),
      });
    }
    expect((await caller.get('/users')).statusCode).toBe(200);
  });

  it('answers 401 once revoked, and on a forged or expired token', async () => {
    const token = await createToken(admin, {
      name: 'Billing',
      role: 'viewer',
      expiresAt: clock.now().getTime() + 60_000,
    });
    expect((await token.caller.get('/clients')).statusCode).toBe(200);
    clock.advance(60_000);
    const expired = await token.caller.get('/clients');
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({
      message: 'Invalid, expired or revoked API token',
      code: 'UNAUTHENTICATED',
    });

    const revoked = await createToken(admin, { name: 'Revoked soon', role: 'viewer' });
    expect((await admin.delete(`/api-tokens/${revoked.id}`)).statusCode).toBe(204);
    expect((await revoked.caller.get('/clients')).statusCode).toBe(401);
    expect((await admin.delete(`/api-tokens/${revoked.id}`)).statusCode).toBe(404);
    expect(
      (await callerWith(ctx, { authorization: `Bearer lc_${'A'.repeat(43)}` }).get('/clients')).statusCode,
    ).toBe(401);
  });

  it("follows its creator: capped at a demoted creator's role, refused once the creator is disabled", async () => {
    const creator = await callerAs(ctx, 'admin');
    const token = await createToken(creator, { name: 'Follows creator', role: 'editor' });
    const client = await insertClient(ctx.database.db);
    const body = () => certificateBody(client.id, clock.now().getTime());
    expect((await token.caller.post('/certificates', body())).statusCode).toBe(201);
    await ctx.database.db.update(users).set({ roleId: ROLE_IDS.viewer }).where(eq(users.id, creator.user.id));
    expect((await token.caller.post('/certificates', body())).statusCode).toBe(403);
    expect((await token.caller.get('/certificates')).statusCode).toBe(200);
    expect((await owner.put(`/users/${creator.user.id}`, { isActive: false })).statusCode).toBe(200);
    expect((await token.caller.get('/certificates')).statusCode).toBe(401);
    // Disabling revoked it: enabling the creator again does not bring it back.
    expect((await owner.put(`/users/${creator.user.id}`, { isActive: true })).statusCode).toBe(200);
    expect((await token.caller.get('/certificates')).statusCode).toBe(401);
  });

  it('is throttled per token (API_TOKEN_RATE_LIMIT a minute), with Retry-After', async () => {
    const busy = await createToken(admin, { name: 'Busy', role: 'viewer' });
    const calm = await createToken(admin, { name: 'Calm', role: 'viewer' });
    clock.set(Math.ceil(clock.now().getTime() / 60_000) * 60_000 + 1000);
    for (let i = 0; i < 20; i += 1) expect((await busy.caller.get('/clients')).statusCode).toBe(200);
    const throttled = await busy.caller.get('/clients');
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBe('59');
    expect(throttled.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect((await calm.caller.get('/clients')).statusCode).toBe(200);
    clock.advance(59_000);
    expect((await busy.caller.get('/clients')).statusCode).toBe(200);
  });
});
