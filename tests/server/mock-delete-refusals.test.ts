// The msw handlers answer `deleteRefusal` by the server's rules (the server's side is
// src/server/routes/delete-refusals.test.ts) and their DELETE refuses with that very message, so stories show
// what the real API would. Runs with the server tests (vitest.config.ts: tests/server/*.test.ts).
import { getResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { accessTokenFor, FIXED_NOW, mockUsers } from '../../mocks/fixtures';
import { createDirectoryData, createMockClients, createMockUsers } from '../../mocks/fixtures/users-clients';
import { directoryHandlers } from '../../mocks/handlers/directory';
import {
  CLIENT_MESSAGES,
  clientResponseSchema,
  clientsListResponseSchema,
  USER_MESSAGES,
  userResponseSchema,
  usersListResponseSchema,
} from '../../src/contract';
import { DAY_MS, DEFAULT_API_BASE } from '../../src/contract/constants';

const ORIGIN = 'http://localhost';

async function call(
  handlers: ReturnType<typeof directoryHandlers>,
  method: string,
  path: string,
  body?: object,
) {
  const request = new Request(new URL(`${DEFAULT_API_BASE}${path}`, ORIGIN), {
    method,
    headers: { Authorization: `Bearer ${accessTokenFor('owner')}`, 'Content-Type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const response = await getResponse(handlers, request, { baseUrl: ORIGIN });
  if (!response) throw new Error(`no handler answers ${method} ${path}`);
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as unknown) : undefined };
}

describe('the clients mock', () => {
  it('refuses a client with a pending or in-force certificate, in its answers and its DELETE', async () => {
    const [client, other] = createMockClients().filter((c) => c.certificateCount === 0);
    const data = createDirectoryData({
      clients: [client!, other!],
      certificates: [
        { clientId: client!.uuid, status: 'pending', validTo: FIXED_NOW - DAY_MS },
        // Past its validTo: expired for every reader, so it keeps nobody.
        { clientId: other!.uuid, status: 'active', validTo: FIXED_NOW - 1 },
      ],
    });
    const handlers = directoryHandlers(data);
    const read = async (uuid: string) =>
      clientResponseSchema.parse((await call(handlers, 'GET', `/clients/${uuid}`)).json).data.deleteRefusal;
    expect(await read(client!.uuid)).toBe(CLIENT_MESSAGES.hasLiveCertificates);
    const listed = clientsListResponseSchema.parse((await call(handlers, 'GET', '/clients')).json).clients;
    expect(listed.map((c) => c.deleteRefusal)).toEqual([CLIENT_MESSAGES.hasLiveCertificates, null]);
    expect(await call(handlers, 'DELETE', `/clients/${client!.uuid}`)).toEqual({
      status: 409,
      json: { code: 'CONFLICT', message: CLIENT_MESSAGES.hasLiveCertificates },
    });

    data.certificates.splice(0, 1);
    expect(await read(client!.uuid)).toBeNull();
    expect((await call(handlers, 'DELETE', `/clients/${client!.uuid}`)).status).toBe(204);
    expect((await call(handlers, 'DELETE', `/clients/${other!.uuid}`)).status).toBe(204);
  });

  it('starts each seeded client as its counters say: refused while it has active certificates', () => {
    for (const client of createMockClients())
      expect(client.deleteRefusal, client.name).toBe(
        client.activeCertificates > 0 ? CLIENT_MESSAGES.hasLiveCertificates : null,
      );
  });
});

describe('the users mock', () => {
  it('refuses the last active owner, in its answers and its DELETE; a second active owner frees it', async () => {
    const users = createMockUsers();
    // The signed-in owner disabled (their token still works in the mock): the other owner is the last active one.
    const signedIn = users.find((u) => u.uuid === mockUsers.owner.uuid)!;
    signedIn.isActive = false;
    const last = users.find((u) => u.role.name === 'owner' && u.uuid !== signedIn.uuid)!;
    const handlers = directoryHandlers(createDirectoryData({ users }));
    const read = async (uuid: string) =>
      userResponseSchema.parse((await call(handlers, 'GET', `/users/${uuid}`)).json).data.deleteRefusal;

    expect(await read(last.uuid)).toBe(USER_MESSAGES.lastActiveOwner);
    const listed = usersListResponseSchema.parse((await call(handlers, 'GET', '/users?limit=100')).json).data
      .users;
    expect(listed.filter((u) => u.deleteRefusal !== null).map((u) => u.uuid)).toEqual([last.uuid]);
    expect(await call(handlers, 'DELETE', `/users/${last.uuid}`)).toEqual({
      status: 409,
      json: { code: 'CONFLICT', message: USER_MESSAGES.lastActiveOwner },
    });

    const enabled = await call(handlers, 'PUT', `/users/${signedIn.uuid}`, { isActive: true });
    expect(userResponseSchema.parse(enabled.json).data.deleteRefusal).toBeNull();
    expect(await read(last.uuid)).toBeNull();
    expect((await call(handlers, 'DELETE', `/users/${last.uuid}`)).status).toBe(204);
  });
});
