// Clients and users carry `deleteRefusal`, the message a DELETE would be refused with right now, so the
// console can explain before asking. Its own database: the number of owners must be known.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CLIENT_MESSAGES,
  USER_MESSAGES,
  clientResponseSchema,
  clientsListResponseSchema,
  userResponseSchema,
  usersListResponseSchema,
  type Client,
} from '../../contract';
import { HttpError } from '../errors';
import { createUsersService } from '../services/users/users-service';
import { createUser, TestClock, type TestUser } from '../../../tests/support/test-app';
import { routeTestApp } from '../../../tests/support/callers';
import { certificateBody, certificateInStatus, createCertificate } from '../../../tests/support/certificates';

const MINUTE_MS = 60_000;
const clock = new TestClock();
const { ctx, owner, admin, editor, viewer } = routeTestApp({ clock });

async function createClient(): Promise<Client> {
  const response = await editor.post('/clients', { name: `Client ${randomUUID().slice(0, 8)}` });
  expect(response.statusCode, response.body).toBe(201);
  return clientResponseSchema.parse(response.json()).data;
}

/** The client as the single read, the list and an edit answer it: each must say the same. */
async function clientRefusals(client: Client) {
  const read = clientResponseSchema.parse((await viewer.get(`/clients/${client.uuid}`)).json()).data;
  const listed = clientsListResponseSchema
    .parse((await viewer.get(`/clients?search=${encodeURIComponent(client.name)}`)).json())
    .clients.find((row) => row.uuid === client.uuid);
  const edited = clientResponseSchema.parse(
    (await editor.put(`/clients/${client.uuid}`, { description: randomUUID() })).json(),
  ).data;
  return [read.deleteRefusal, listed?.deleteRefusal, edited.deleteRefusal];
}

describe('a client’s deleteRefusal', () => {
  it('is the 409’s message while a pending certificate exists, and null once it is deleted', async () => {
    const client = await createClient();
    expect(client.deleteRefusal).toBeNull();
    const draft = await createCertificate(editor, certificateBody(client.uuid, clock.now().getTime()));

    expect(await clientRefusals(client)).toEqual(Array(3).fill(CLIENT_MESSAGES.hasLiveCertificates));
    const refused = await admin.delete(`/clients/${client.uuid}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'CONFLICT', message: CLIENT_MESSAGES.hasLiveCertificates });

    // Only a draft can be deleted (src/contract/certificate-lifecycle.ts); that frees the client.
    expect((await admin.delete(`/certificates/${draft.uuid}`)).statusCode).toBe(204);
    expect(await clientRefusals(client)).toEqual([null, null, null]);
    expect((await admin.delete(`/clients/${client.uuid}`)).statusCode).toBe(204);
  });

  it('follows a licence in force until its validTo passes, before any sweep', async () => {
    const client = await createClient();
    const now = clock.now().getTime();
    await certificateInStatus(
      editor,
      'distributed',
      certificateBody(client.uuid, now - 60 * MINUTE_MS, { validTo: now + 5 * MINUTE_MS }),
    );
    await certificateInStatus(editor, 'revoked', certificateBody(client.uuid, now));
    expect(await clientRefusals(client)).toEqual(Array(3).fill(CLIENT_MESSAGES.hasLiveCertificates));
    expect((await admin.delete(`/clients/${client.uuid}`)).statusCode).toBe(409);

    // Within the access token's 15 minutes; the revoked one never kept the client.
    clock.advance(6 * MINUTE_MS);
    expect(await clientRefusals(client)).toEqual([null, null, null]);
    expect((await admin.delete(`/clients/${client.uuid}`)).statusCode).toBe(204);
  });
});

describe('a user’s deleteRefusal', () => {
  const readUser = async (id: string) =>
    userResponseSchema.parse((await admin.get(`/users/${id}`)).json()).data.deleteRefusal;
  const listedUser = async (user: Pick<TestUser, 'id' | 'email'>) =>
    usersListResponseSchema
      .parse((await admin.get(`/users?search=${encodeURIComponent(user.email)}`)).json())
      .data.users.find((row) => row.uuid === user.id)?.deleteRefusal;
  const actor = (u: TestUser) => ({ id: u.id, name: u.name, role: u.role, sessionId: null });

  it('names the last active owner, and is null while a second owner is active', async () => {
    // This file's only owner so far.
    const only = owner.user;
    expect(await readUser(only.id)).toBe(USER_MESSAGES.lastActiveOwner);
    expect(await listedUser(only)).toBe(USER_MESSAGES.lastActiveOwner);
    // Not a per-caller rule: the owner reads it about themself too, and nobody else is refused.
    expect(userResponseSchema.parse((await owner.get(`/users/${only.id}`)).json()).data.deleteRefusal).toBe(
      USER_MESSAGES.lastActiveOwner,
    );
    expect(await readUser(admin.user.id)).toBeNull();

    const second = await createUser(ctx, 'owner');
    expect(await readUser(only.id)).toBeNull();
    expect(await listedUser(only)).toBeNull();
    expect(await readUser(second.id)).toBeNull();

    // Disabled, the second owner no longer counts: the edit's answer and the first owner say so.
    const disabled = await owner.put(`/users/${second.id}`, { isActive: false });
    expect(userResponseSchema.parse(disabled.json()).data.deleteRefusal).toBeNull();
    expect(await readUser(only.id)).toBe(USER_MESSAGES.lastActiveOwner);

    // The delete is refused with the very message read (a stale session of the disabled owner reaches the service).
    const error = await createUsersService(ctx.app.ctx)
      .remove(actor(second), only.id)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ statusCode: 409, message: await readUser(only.id) });

    expect((await owner.put(`/users/${second.id}`, { isActive: true })).statusCode).toBe(200);
    expect(await readUser(only.id)).toBeNull();
  });
});
