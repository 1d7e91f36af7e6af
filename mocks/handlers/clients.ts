import { delay, http, HttpResponse } from 'msw';
import type { z } from 'zod';
import {
  assignUsersRequestSchema,
  CLIENT_MESSAGES,
  clientUserAsSeenBy,
  clientsBulkRequestSchema,
  MAX_SELECTION_IDS,
  type ClientSortKey,
  clientsExportQuerySchema,
  clientsQuerySchema,
  createClientRequestSchema,
  idParamsSchema,
  unknownUserMessage,
  updateClientRequestSchema,
  type Client,
  type ClientUser,
} from '../../src/contract';
import type {
  clientsBulkResponseSchema,
  selectionIdsResponseSchema,
  clientResponseSchema,
  clientsListResponseSchema,
  clientUsersResponseSchema,
  assignedClientUsersResponseSchema,
} from '../../src/contract';
import { FIXED_NOW } from '../fixtures';
import { clientDeleteRefusal } from '../delete-refusals';
import { assignmentKey, createDirectoryData, type DirectoryData } from '../fixtures/users-clients';
import {
  actorOf,
  api,
  bulkAnswer,
  errorResponse,
  jsonOf,
  matches,
  pageOf,
  refusal,
  sortedBy,
  validationFailed,
  type BulkRowResult,
} from './directory-common';

const clientUsersOf = (data: DirectoryData, clientUuid: string): ClientUser[] =>
  data.users
    .filter((user) => data.assignments.has(assignmentKey(user.uuid, clientUuid)))
    .map(({ uuid, name, email, role, isActive }) => ({
      uuid,
      name,
      email,
      role: { uuid: role.uuid, name: role.name },
      isActive,
    }));

const csvCell = (value: string | number | boolean) => {
  const text = String(value);
  return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

const SORT_VALUES: Record<ClientSortKey, (client: Client) => string | number> = {
  name: (client) => client.name,
  createdAt: (client) => client.createdAt,
  certificateCount: (client) => client.certificateCount,
};

/** Rows matching the list's filters (search in name and contact email, as the server does), in its sort. */
const filtered = (
  data: DirectoryData,
  {
    search,
    status,
    sort,
    order,
  }: { search?: string; status?: 'active' | 'inactive'; sort?: ClientSortKey; order?: 'asc' | 'desc' },
) =>
  sortedBy(
    data.clients.filter(
      (client) =>
        matches(search, client.name, client.contactEmail) &&
        (!status || client.isActive === (status === 'active')),
    ),
    sort && SORT_VALUES[sort],
    order,
  );

/**
 * The clients API over `data` (docs/requirements.md#calls), with the server's role rules: reading for all, writing
 * `clients:write`, deleting `clients:delete` (refused while live certificates exist), assigning `users:manage`.
 */
export function createClientsHandlers(data: DirectoryData = createDirectoryData()) {
  const target = (
    request: Request,
    id: string,
    capability: Parameters<typeof refusal>[1],
  ): Client | Response => {
    const denied = refusal(request, capability);
    if (denied) return denied;
    const client = idParamsSchema.safeParse({ id }).success
      ? data.clients.find((candidate) => candidate.uuid === id)
      : undefined;
    return client ?? errorResponse(404, CLIENT_MESSAGES.notFound, 'NOT_FOUND');
  };
  /** A client as answered: `deleteRefusal` from the store's certificates now, as the server reads it. */
  const present = (client: Client): Client => ({
    ...client,
    deleteRefusal: clientDeleteRefusal(data.certificates, client.uuid),
  });
  const nameTaken = (name: string, exceptId?: string) =>
    data.clients.some(
      (client) => client.name.toLowerCase() === name.toLowerCase() && client.uuid !== exceptId,
    );

  return [
    http.get(api('/clients/export'), ({ request }) => {
      const denied = refusal(request, 'clients:read');
      if (denied) return denied;
      const query = clientsExportQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
      if (!query.success) return validationFailed(query.error);
      const header = [
        'Company Name',
        'Contact Email',
        'Contact Phone',
        'Status',
        'Certificates',
        'Active Certificates',
      ];
      const rows = filtered(data, query.data).map((client) =>
        [
          client.name,
          client.contactEmail,
          client.contactPhone,
          client.isActive ? 'active' : 'inactive',
          client.certificateCount,
          client.activeCertificates,
        ]
          .map(csvCell)
          .join(','),
      );
      return new HttpResponse([header.join(','), ...rows].join('\r\n'), {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="clients.csv"',
        },
      });
    }),

    http.get(api('/clients'), ({ request }) => {
      const denied = refusal(request, 'clients:read');
      if (denied) return denied;
      const query = clientsQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
      if (!query.success) return validationFailed(query.error);
      const { page, limit } = query.data;
      const rows = filtered(data, query.data);
      return HttpResponse.json({
        clients: pageOf(rows, page, limit).map(present),
        total: rows.length,
        page,
        limit,
      } satisfies z.input<typeof clientsListResponseSchema>);
    }),

    http.get(api('/clients/ids'), ({ request }) => {
      const denied = refusal(request, 'clients:read');
      if (denied) return denied;
      const query = clientsQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
      if (!query.success) return validationFailed(query.error);
      const rows = filtered(data, query.data);
      return HttpResponse.json({
        data: { ids: rows.slice(0, MAX_SELECTION_IDS).map((client) => client.uuid), total: rows.length },
      } satisfies z.input<typeof selectionIdsResponseSchema>);
    }),

    http.post(api('/clients/bulk'), async ({ request }) => {
      const denied = refusal(request, 'clients:write');
      if (denied) return denied;
      const body = clientsBulkRequestSchema.safeParse(await jsonOf(request));
      if (!body.success) return validationFailed(body.error);
      const results = body.data.ids.map((id): BulkRowResult<'active' | 'inactive'> => {
        const client = data.clients.find((candidate) => candidate.uuid === id);
        if (!client)
          return { id, ok: false, error: { code: 'NOT_FOUND', message: CLIENT_MESSAGES.notFound } };
        client.isActive = body.data.action === 'activate';
        return { id, ok: true, status: client.isActive ? 'active' : 'inactive' };
      });
      return HttpResponse.json(bulkAnswer(results) satisfies z.input<typeof clientsBulkResponseSchema>);
    }),

    http.post(api('/clients'), async ({ request }) => {
      const denied = refusal(request, 'clients:write');
      if (denied) return denied;
      const body = createClientRequestSchema.safeParse(await jsonOf(request));
      if (!body.success) return validationFailed(body.error);
      if (nameTaken(body.data.name))
        return errorResponse(409, CLIENT_MESSAGES.nameTaken, 'CONFLICT', { name: CLIENT_MESSAGES.nameTaken });
      const client: Client = {
        uuid: crypto.randomUUID(),
        ...body.data,
        isActive: true,
        certificateCount: 0,
        activeCertificates: 0,
        createdAt: FIXED_NOW,
        deleteRefusal: null,
      };
      data.clients.push(client);
      data.clients.sort((a, b) => a.name.localeCompare(b.name));
      return HttpResponse.json({ data: present(client) } satisfies z.input<typeof clientResponseSchema>, {
        status: 201,
      });
    }),

    http.get(api('/clients/:id'), ({ request, params }) => {
      const client = target(request, String(params.id), 'clients:read');
      if (client instanceof Response) return client;
      return HttpResponse.json({ data: present(client) } satisfies z.input<typeof clientResponseSchema>);
    }),

    http.put(api('/clients/:id'), async ({ request, params }) => {
      const client = target(request, String(params.id), 'clients:write');
      if (client instanceof Response) return client;
      const body = updateClientRequestSchema.safeParse(await jsonOf(request));
      if (!body.success) return validationFailed(body.error);
      if (body.data.name !== undefined && nameTaken(body.data.name, client.uuid))
        return errorResponse(409, CLIENT_MESSAGES.nameTaken, 'CONFLICT', { name: CLIENT_MESSAGES.nameTaken });
      Object.assign(
        client,
        Object.fromEntries(Object.entries(body.data).filter(([, value]) => value !== undefined)),
      );
      return HttpResponse.json({ data: present(client) } satisfies z.input<typeof clientResponseSchema>);
    }),

    http.delete(api('/clients/:id'), ({ request, params }) => {
      const client = target(request, String(params.id), 'clients:delete');
      if (client instanceof Response) return client;
      const refused = clientDeleteRefusal(data.certificates, client.uuid);
      if (refused) return errorResponse(409, refused, 'CONFLICT');
      data.clients.splice(data.clients.indexOf(client), 1);
      for (const key of [...data.assignments])
        if (key.endsWith(`|${client.uuid}`)) data.assignments.delete(key);
      return new HttpResponse(null, { status: 204 });
    }),

    http.get(api('/clients/:id/users'), ({ request, params }) => {
      const client = target(request, String(params.id), 'clients:read');
      if (client instanceof Response) return client;
      // The server's rule: e-mail addresses and roles for the roles that may list users only.
      const role = actorOf(request)?.role.name ?? 'viewer';
      return HttpResponse.json({
        data: clientUsersOf(data, client.uuid).map((user) => clientUserAsSeenBy(role, user)),
      } satisfies z.input<typeof clientUsersResponseSchema>);
    }),

    http.put(api('/clients/:id/users'), async ({ request, params }) => {
      const client = target(request, String(params.id), 'users:manage');
      if (client instanceof Response) return client;
      const body = assignUsersRequestSchema.safeParse(await jsonOf(request));
      if (!body.success) return validationFailed(body.error);
      const unknown = body.data.userUuids.find((id) => !data.users.some((user) => user.uuid === id));
      if (unknown)
        return errorResponse(400, unknownUserMessage(unknown), 'VALIDATION_FAILED', {
          userUuids: unknownUserMessage(unknown),
        });
      for (const key of [...data.assignments])
        if (key.endsWith(`|${client.uuid}`)) data.assignments.delete(key);
      for (const userUuid of body.data.userUuids) data.assignments.add(assignmentKey(userUuid, client.uuid));
      return HttpResponse.json({ data: clientUsersOf(data, client.uuid) } satisfies z.input<
        typeof assignedClientUsersResponseSchema
      >);
    }),
  ];
}

const bareFailure = () =>
  new HttpResponse('<html>Bad Gateway</html>', { status: 502, statusText: 'Bad Gateway' });

/** Per-story overrides: failures and calls that never answer. */
export const clientsMocks = {
  listNeverAnswers: () => http.get(api('/clients'), () => delay('infinite')),
  listFailsWithoutMessage: () => http.get(api('/clients'), bareFailure),
  listFailsWith: (message: string) =>
    http.get(api('/clients'), () => errorResponse(500, message, 'INTERNAL')),
  /** The list fails the first time only: what a Retry then loads. */
  listFailsOnceWith: (message: string) =>
    http.get(api('/clients'), () => errorResponse(500, message, 'INTERNAL'), { once: true }),
  createFailsWithoutMessage: () => http.post(api('/clients'), bareFailure),
  updateFailsWithoutMessage: () => http.put(api('/clients/:id'), bareFailure),
  deleteFailsWithoutMessage: () => http.delete(api('/clients/:id'), bareFailure),
  assignFailsWithoutMessage: () => http.put(api('/clients/:id/users'), bareFailure),
  clientUsersFailWithoutMessage: () => http.get(api('/clients/:id/users'), bareFailure),
  exportFailsWithoutMessage: () => http.get(api('/clients/export'), bareFailure),
};
