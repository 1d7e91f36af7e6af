// The msw handlers answer with what the contract says the server answers: the stories' data could
// otherwise drift from the real API while every story still passes. One case per call; screens'
// helpers add theirs here.
import { getResponse } from 'msw';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  activityResponseSchema,
  certificateRecordsResponseSchema,
  certificateResponseSchema,
  certificatesListResponseSchema,
  clientResponseSchema,
  clientsListResponseSchema,
  assignedClientUsersResponseSchema,
  clientUsersResponseSchema,
  DAY_MS,
  dashboardStatsSchema,
  errorBodySchema,
  expirationResponseSchema,
  licenseFileSchema,
  publicKeysResponseSchema,
  rolesResponseSchema,
  sessionsResponseSchema,
  userClientsResponseSchema,
  userResponseSchema,
  usersListResponseSchema,
  validateLicenseResponseSchema,
  searchResultsSchema,
  selectionIdsResponseSchema,
  type RoleName,
} from '../contract';
import {
  certificateDefaultsResponseSchema,
  INITIAL_CERTIFICATE_DEFAULTS,
  LICENSE_TERMS_MESSAGES,
} from '../contract/license-terms';
import { accessTokenFor, FIXED_NOW } from '../../mocks/fixtures';
import {
  activeCertificate,
  mockCertificates,
  mockLicenseFile,
  pendingCertificate,
  revokedCertificate,
} from '../../mocks/fixtures/certificates';
import {
  activeClientsPicker,
  certificateHandlers,
  createCertificateStore,
} from '../../mocks/handlers/certificates';
import { handlers } from '../../mocks/handlers';
import { directoryHandlers } from '../../mocks/handlers/directory';
import { createDirectoryData, createMockUsers } from '../../mocks/fixtures/users-clients';
import { currentSession, sessionHandlers } from '../../mocks/handlers/sessions';

const ORIGIN = 'http://localhost';

// The handlers use paths relative to the page, as the browser resolves them; node has no page.
beforeAll(() => vi.stubGlobal('location', new URL(`${ORIGIN}/`)));
afterAll(() => vi.unstubAllGlobals());

async function call(
  method: string,
  path: string,
  {
    body,
    using = handlers,
    as = 'owner',
  }: { body?: unknown; using?: Parameters<typeof getResponse>[0]; as?: RoleName } = {},
): Promise<{ status: number; json: unknown; text: string; headers: Headers }> {
  const request = new Request(`${ORIGIN}/api/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${accessTokenFor(as)}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const response = await getResponse(using, request);
  if (!response) throw new Error(`no handler answers ${method} ${path}`);
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, json, text, headers: response.headers };
}

/** A missing field or a wrong type fails the test, with the issues zod found. */
function expectShape(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  expect(result.success ? null : result.error.issues).toBeNull();
}

describe('dashboard handlers', () => {
  it('GET /dashboard/stats', async () => {
    const { status, json } = await call('GET', '/dashboard/stats');
    expect(status).toBe(200);
    expectShape(dashboardStatsSchema, json);
  });

  it('GET /dashboard/certificate-expiration?days=30 lists the certificates ending within 30 days', async () => {
    const { json } = await call('GET', '/dashboard/certificate-expiration?days=30');
    expectShape(expirationResponseSchema, json);
    expect(expirationResponseSchema.parse(json).expiringCertificates.map((c) => c.daysUntilExpiry)).toEqual([
      5, 25,
    ]);
  });

  it('GET /dashboard/activity?type=certificate&page=1&limit=5', async () => {
    const { json } = await call('GET', '/dashboard/activity?type=certificate&page=1&limit=5');
    expectShape(activityResponseSchema, json);
    expect(activityResponseSchema.parse(json).activities).toHaveLength(5);
  });
});

describe('certificate handlers', () => {
  it('GET /certificates pages, searches and filters', async () => {
    const first = await call('GET', '/certificates?page=1&limit=10');
    expectShape(certificatesListResponseSchema, first.json);
    expect(certificatesListResponseSchema.parse(first.json).data).toMatchObject({
      total: mockCertificates.length,
      page: 1,
      limit: 10,
    });
    const filtered = certificatesListResponseSchema.parse(
      (await call('GET', '/certificates?status=pending&search=acme')).json,
    );
    expect(filtered.data.certificates.map((c) => c.serialNumber)).toEqual([pendingCertificate.serialNumber]);
  });

  it('GET /certificates?checkIn=overdue, /ids and /export keep only the overdue ones, counts too', async () => {
    const overdue = mockCertificates.filter((c) => c.checkInOverdue).map((c) => c.uuid);
    expect(overdue.length).toBeGreaterThan(0);
    const list = certificatesListResponseSchema.parse(
      (await call('GET', '/certificates?checkIn=overdue')).json,
    );
    expect(list.data.certificates.map((c) => c.uuid)).toEqual(overdue);
    expect(Object.values(list.data.counts).reduce((a, b) => a + b, 0)).toBe(overdue.length);
    const ids = selectionIdsResponseSchema.parse(
      (await call('GET', '/certificates/ids?checkIn=overdue')).json,
    );
    expect(ids.data).toEqual({ ids: overdue, total: overdue.length });
    const csv = await call('GET', '/certificates/export?checkIn=overdue');
    expect(csv.text.trim().split('\r\n')).toHaveLength(1 + overdue.length);
    expect((await call('GET', '/certificates?checkIn=late')).status).toBe(400);
  });

  it('GET and PUT /settings/certificate-defaults: any role reads, owners change, a create takes them', async () => {
    const using = certificateHandlers(createCertificateStore());
    const read = await call('GET', '/settings/certificate-defaults', { using, as: 'viewer' });
    expect(certificateDefaultsResponseSchema.parse(read.json).data).toEqual(INITIAL_CERTIFICATE_DEFAULTS);
    const body = { graceDays: 7, fileLifetimeDays: 30, licenseFormat: 'v2' };
    expect((await call('PUT', '/settings/certificate-defaults', { using, as: 'admin', body })).status).toBe(
      403,
    );
    const bad = await call('PUT', '/settings/certificate-defaults', {
      using,
      body: { ...body, graceDays: 400 },
    });
    expect(bad.status).toBe(400);
    expect(errorBodySchema.parse(bad.json).errors).toEqual({ graceDays: LICENSE_TERMS_MESSAGES.graceDays });
    const saved = await call('PUT', '/settings/certificate-defaults', { using, body });
    expect(certificateDefaultsResponseSchema.parse(saved.json).data).toEqual(body);
    const created = await call('POST', '/certificates', {
      using,
      body: {
        clientId: activeCertificate.clientId,
        serialNumber: 'SN-DEFAULTS',
        studioCount: 1,
        userCount: 1,
        validFrom: FIXED_NOW,
        validTo: FIXED_NOW + 365 * DAY_MS,
      },
    });
    expect(certificateResponseSchema.parse(created.json).data).toMatchObject({
      graceDays: 7,
      fileLifetimeDays: 30,
      graceUntil: FIXED_NOW + 372 * DAY_MS,
    });
  });

  it('PUT /certificates/{id}/terms signs the licence again with the new terms', async () => {
    const using = certificateHandlers(createCertificateStore());
    const { status, json } = await call('PUT', `/certificates/${activeCertificate.uuid}/terms`, {
      using,
      body: { graceDays: 3, fileLifetimeDays: null },
    });
    expect(status).toBe(200);
    const amended = certificateResponseSchema.parse(json).data;
    expect(amended).toMatchObject({ graceDays: 3, fileLifetimeDays: null, status: 'active' });
    expect(amended.license).toMatchObject({ format: 'v2', issuedAt: FIXED_NOW });
    const records = certificateRecordsResponseSchema.parse(
      (await call('GET', `/certificates/${activeCertificate.uuid}/records`, { using })).json,
    );
    expect(records.data[0]).toMatchObject({ action: 'updated' });
    const refused = await call('PUT', `/certificates/${pendingCertificate.uuid}/terms`, {
      using,
      body: { graceDays: 3 },
    });
    expect(refused.status).toBe(409);
  });

  it('GET /certificates/export answers CSV with the filters applied', async () => {
    const { status, text, headers } = await call('GET', '/certificates/export?status=revoked');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toContain('text/csv');
    expect(text.trim().split('\r\n')).toHaveLength(3);
  });

  it('GET /certificates/:id and /records', async () => {
    expectShape(
      certificateResponseSchema,
      (await call('GET', `/certificates/${activeCertificate.uuid}`)).json,
    );
    expectShape(
      certificateRecordsResponseSchema,
      (await call('GET', `/certificates/${revokedCertificate.uuid}/records`)).json,
    );
  });

  it('create, edit, activate, download, revoke and delete answer with contract shapes', async () => {
    const using = certificateHandlers(createCertificateStore());
    const created = await call('POST', '/certificates', {
      using,
      body: {
        clientId: pendingCertificate.clientId,
        serialNumber: 'SN-NEW',
        studioCount: 1,
        userCount: 1,
        // A period still running at the mocks' now: an ended one cannot be activated, as on the server.
        validFrom: FIXED_NOW,
        validTo: FIXED_NOW + 365 * DAY_MS,
        notes: '',
      },
    });
    expect(created.status).toBe(201);
    expectShape(certificateResponseSchema, created.json);
    const id = certificateResponseSchema.parse(created.json).data.uuid;
    expectShape(
      certificateResponseSchema,
      (await call('PUT', `/certificates/${id}`, { using, body: { userCount: 3 } })).json,
    );
    expectShape(
      certificateResponseSchema,
      (await call('POST', `/certificates/${id}/activate`, { using })).json,
    );
    const file = await call('POST', `/certificates/${id}/download`, { using });
    expectShape(licenseFileSchema, file.json);
    expectShape(
      certificateResponseSchema,
      (await call('POST', `/certificates/${id}/revoke`, { using, body: { reason: 'test' } })).json,
    );
    // Only drafts can be deleted, as on the server (src/contract/certificate-lifecycle.ts).
    const deleteRevoked = await call('DELETE', `/certificates/${id}`, { using });
    expect(deleteRevoked.status).toBe(409);
    expectShape(errorBodySchema, deleteRevoked.json);
    const draft = await call('POST', '/certificates', {
      using,
      body: {
        clientId: pendingCertificate.clientId,
        serialNumber: 'SN-DRAFT',
        studioCount: 1,
        userCount: 1,
        validFrom: 1,
        validTo: 2,
        notes: '',
      },
    });
    const draftId = certificateResponseSchema.parse(draft.json).data.uuid;
    expect((await call('DELETE', `/certificates/${draftId}`, { using })).status).toBe(204);
  });

  it('refusals carry the error body: 400 with field errors, 409 for a forbidden step', async () => {
    const using = certificateHandlers(createCertificateStore());
    const invalid = await call('POST', '/certificates', { using, body: { serialNumber: '' } });
    expect(invalid.status).toBe(400);
    expectShape(errorBodySchema, invalid.json);
    expect(errorBodySchema.parse(invalid.json).errors).toMatchObject({
      clientId: 'Client is required',
      serialNumber: 'Serial number is required',
    });
    const refused = await call('POST', `/certificates/${revokedCertificate.uuid}/activate`, { using });
    expect(refused.status).toBe(409);
    expectShape(errorBodySchema, refused.json);
  });

  it('the client picker answers GET /clients?status=active with active clients only', async () => {
    const { json } = await call('GET', '/clients?status=active&limit=100', {
      using: [activeClientsPicker()],
    });
    expectShape(clientsListResponseSchema, json);
    expect(clientsListResponseSchema.parse(json).clients.every((c) => c.isActive)).toBe(true);
  });
});

describe('licensing handlers', () => {
  it('GET /licensing/public-keys', async () => {
    expectShape(publicKeysResponseSchema, (await call('GET', '/licensing/public-keys')).json);
  });

  it.each([
    ['VALID', mockLicenseFile(activeCertificate)],
    // Ended 35 days ago with 60 days' grace.
    ['GRACE', mockLicenseFile(mockCertificates[3]!)],
    // A week's lifetime, last refreshed twelve days ago.
    ['FILE_EXPIRED', mockLicenseFile(mockCertificates[2]!)],
    ['REVOKED', mockLicenseFile(revokedCertificate)],
    ['MALFORMED', { hello: 'world' }],
    ['SIGNATURE_INVALID', { ...mockLicenseFile(activeCertificate), signature: 'tampered' }],
  ])('POST /certificates/validate gives %s', async (code, license) => {
    const { json } = await call('POST', '/certificates/validate', { body: { license } });
    expectShape(validateLicenseResponseSchema, json);
    expect(validateLicenseResponseSchema.parse(json).data.code).toBe(code);
  });
});

describe('users and clients handlers', () => {
  it("answer every users call in the contract's shapes", async () => {
    const using = directoryHandlers(createDirectoryData());
    const list = await call('GET', '/users?page=1&limit=10&search=', { using });
    expectShape(usersListResponseSchema, list.json);
    expectShape(rolesResponseSchema, (await call('GET', '/users/roles', { using })).json);
    const created = await call('POST', '/users', {
      using,
      body: { name: 'Nina New', email: 'nina@example.test', password: 'a-long-password', roleId: 3 },
    });
    expect(created.status).toBe(201);
    expectShape(userResponseSchema, created.json);
    const id = userResponseSchema.parse(created.json).data.uuid;
    expectShape(userResponseSchema, (await call('GET', `/users/${id}`, { using })).json);
    expectShape(
      userResponseSchema,
      (await call('PUT', `/users/${id}`, { using, body: { isActive: false } })).json,
    );
    const clients = await call('GET', '/clients?page=1&limit=10', { using });
    const clientId = clientsListResponseSchema.parse(clients.json).clients[0]!.uuid;
    expectShape(
      userClientsResponseSchema,
      (await call('PUT', `/users/${id}/clients`, { using, body: { clientUuids: [clientId] } })).json,
    );
    expectShape(userClientsResponseSchema, (await call('GET', `/users/${id}/clients`, { using })).json);
    expect((await call('DELETE', `/users/${id}`, { using })).status).toBe(204);
  });

  it("answer every clients call in the contract's shapes", async () => {
    const using = directoryHandlers(createDirectoryData());
    expectShape(
      clientsListResponseSchema,
      (await call('GET', '/clients?page=1&limit=10&status=active', { using })).json,
    );
    const created = await call('POST', '/clients', {
      using,
      body: { name: 'Nordic Frames', description: '', contactEmail: '', contactPhone: '', address: '' },
    });
    expect(created.status).toBe(201);
    expectShape(clientResponseSchema, created.json);
    const id = clientResponseSchema.parse(created.json).data.uuid;
    expectShape(clientResponseSchema, (await call('GET', `/clients/${id}`, { using })).json);
    expectShape(
      clientResponseSchema,
      (await call('PUT', `/clients/${id}`, { using, body: { name: 'Nordic Frames AB', isActive: true } }))
        .json,
    );
    const users = usersListResponseSchema.parse((await call('GET', '/users?page=1&limit=10', { using })).json)
      .data.users;
    expectShape(
      assignedClientUsersResponseSchema,
      (
        await call('PUT', `/clients/${id}/users`, {
          using,
          body: { userUuids: users.slice(0, 2).map((u) => u.uuid) },
        })
      ).json,
    );
    expectShape(clientUsersResponseSchema, (await call('GET', `/clients/${id}/users`, { using })).json);
    expect((await call('DELETE', `/clients/${id}`, { using })).status).toBe(204);
  });

  it("answer a client's users with e-mail and role to owners and admins only, as the server does", async () => {
    const using = directoryHandlers(createDirectoryData());
    const users = usersListResponseSchema.parse((await call('GET', '/users?page=1&limit=10', { using })).json)
      .data.users;
    const id = clientsListResponseSchema.parse((await call('GET', '/clients?page=1&limit=1', { using })).json)
      .clients[0]!.uuid;
    const assigned = users.slice(0, 2).map((u) => u.uuid);
    expect((await call('PUT', `/clients/${id}/users`, { using, body: { userUuids: assigned } })).status).toBe(
      200,
    );
    for (const as of ['owner', 'admin', 'editor', 'viewer'] as const) {
      const answer = await call('GET', `/clients/${id}/users`, { using, as });
      expectShape(clientUsersResponseSchema, answer.json);
      const rows = (answer.json as { data: Record<string, unknown>[] }).data;
      expect(rows.map((row) => row.uuid).sort(), as).toEqual([...assigned].sort());
      for (const row of rows) {
        if (as === 'owner' || as === 'admin') expect(row, as).toHaveProperty('email');
        else expect(Object.keys(row).sort(), as).toEqual(['isActive', 'name', 'uuid']);
      }
    }
  });

  it('refuse in the error body: a duplicate name, a bad email', async () => {
    const using = directoryHandlers(createDirectoryData());
    const invalid = await call('POST', '/clients', { using, body: { name: '', contactEmail: 'nope' } });
    expect(invalid.status).toBe(400);
    expectShape(errorBodySchema, invalid.json);
    const name = clientsListResponseSchema.parse(
      (await call('GET', '/clients?page=1&limit=1', { using })).json,
    ).clients[0]!.name;
    const duplicate = await call('POST', '/clients', { using, body: { name } });
    expect(duplicate.status).toBe(409);
    expectShape(errorBodySchema, duplicate.json);
  });
});

describe('session handlers', () => {
  it("answer the caller's sessions calls in the contract's shapes", async () => {
    const using = sessionHandlers();
    const list = await call('GET', '/auth/sessions', { using });
    expectShape(sessionsResponseSchema, list.json);
    const sessions = sessionsResponseSchema.parse(list.json).data;
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    const other = sessions.find((session) => !session.current)!;
    expect((await call('DELETE', `/auth/sessions/${other.id}`, { using })).status).toBe(204);
    const again = await call('DELETE', `/auth/sessions/${other.id}`, { using });
    expect(again.status).toBe(404);
    expectShape(errorBodySchema, again.json);
    expect((await call('DELETE', '/auth/sessions', { using })).status).toBe(204);
    const left = sessionsResponseSchema.parse((await call('GET', '/auth/sessions', { using })).json).data;
    expect(left).toEqual([currentSession()]);
  });

  it("answer another user's sessions calls in the contract's shapes", async () => {
    const using = sessionHandlers();
    const user = createMockUsers().find((candidate) => candidate.name === 'Nora Nguyen')!;
    const list = await call('GET', `/users/${user.uuid}/sessions`, { using });
    expectShape(sessionsResponseSchema, list.json);
    expect(sessionsResponseSchema.parse(list.json).data.some((session) => session.current)).toBe(false);
    expect((await call('DELETE', `/users/${user.uuid}/sessions`, { using })).status).toBe(204);
    const after = await call('GET', `/users/${user.uuid}/sessions`, { using });
    expect(sessionsResponseSchema.parse(after.json).data).toEqual([]);
  });
});

describe('search handler', () => {
  const searchAnswerSchema = z.object({ data: searchResultsSchema });
  const search = async (q: string, as: RoleName = 'owner') => {
    const { status, json } = await call('GET', `/search?q=${encodeURIComponent(q)}`, { as });
    expect(status).toBe(200);
    expectShape(searchAnswerSchema, json);
    return searchAnswerSchema.parse(json).data;
  };

  it('GET /search ranks certificates by the contract: the exact serial, then those starting with it', async () => {
    const found = await search('SN-100');
    expect(found.certificates.map((c) => c.serialNumber)).toEqual(
      Array.from({ length: 8 }, (_, index) => `SN-${1001 + index}`),
    );
    expect((await search('sn-1003')).certificates.map((c) => c.serialNumber)).toEqual(['SN-1003']);
  });

  it("finds certificates by their client's name after serial numbers, and clients by name", async () => {
    const found = await search('nim');
    // Under three characters a query matches a start only; from three on anywhere ("Acme Animation", "Dune Animation").
    expect(new Set(found.certificates.map((c) => c.clientName))).toEqual(new Set(['Acme Animation']));
    expect(found.clients.map((c) => c.name)).toEqual(['Dune Animation']);
    expect((await search('ni')).clients).toEqual([]);
  });

  it('finds a certificate by its id, first', async () => {
    const found = await search(activeCertificate.uuid.toUpperCase());
    expect(found.certificates[0]?.uuid).toBe(activeCertificate.uuid);
  });

  it('answers users to owners and admins only, as the server does', async () => {
    expect((await search('ol', 'owner')).users.map((u) => u.name)).toEqual(['Olga Owens', 'Olivia Owner']);
    expect((await search('ol', 'admin')).users).toHaveLength(2);
    expect((await search('ol', 'editor')).users).toEqual([]);
    expect((await search('ol', 'viewer')).users).toEqual([]);
  });

  it('refuses a query of spaces in the error body', async () => {
    const { status, json } = await call('GET', '/search?q=%20%20');
    expect(status).toBe(400);
    expectShape(errorBodySchema, json);
  });
});
