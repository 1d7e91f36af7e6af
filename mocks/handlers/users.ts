import { delay, http, HttpResponse } from 'msw';
import type { z } from 'zod';
import {
  assignClientsRequestSchema,
  canManageUserOfRole,
  MAX_SELECTION_IDS,
  usersBulkRequestSchema,
  type UserSortKey,
  createUserRequestSchema,
  idParamsSchema,
  unknownClientMessage,
  updateUserRequestSchema,
  USER_MESSAGES,
  usersQuerySchema,
  type User,
  type UserClient,
  SIGN_IN_MESSAGES,
} from '../../src/contract';
import type {
  selectionIdsResponseSchema,
  usersBulkResponseSchema,
  rolesResponseSchema,
  userClientsResponseSchema,
  userResponseSchema,
  usersListResponseSchema,
} from '../../src/contract';
import { assignmentKey, createDirectoryData, mockRoles, type DirectoryData } from '../fixtures/users-clients';
import { userDeleteRefusal } from '../delete-refusals';
import {
  actorOf,
  api,
  bulkAnswer,
  sortedBy,
  type BulkRowResult,
  errorResponse,
  jsonOf,
  matches,
  pageOf,
  refusal,
  validationFailed,
} from './directory-common';

const userClientsOf = (data: DirectoryData, userUuid: string): UserClient[] =>
  data.clients
    .filter((client) => data.assignments.has(assignmentKey(userUuid, client.uuid)))
    .map((client) => ({
      uuid: client.uuid,
      name: client.name,
      description: client.description,
      contact_email: client.contactEmail,
      contact_phone: client.contactPhone,
      is_active: client.isActive,
      certificate_count: client.certificateCount,
      active_certificates: client.activeCertificates,
      created_at: client.createdAt,
    }));

/** The mock keeps no creation time: `createdAt` is the store's order, oldest first. */
const sortValues = (data: DirectoryData): Record<UserSortKey, (user: User) => string | number> => ({
  name: (user) => user.name,
  email: (user) => user.email,
  role: (user) => user.role.id,
  createdAt: (user) => data.users.indexOf(user),
});

/**
 * The users API over `data` (docs/requirements.md#calls), with the server's rules that the screens rely on: owner and
 * admin only, an admin cannot manage an owner, nobody disables or deletes themselves, nobody deletes the last active owner.
 */
export function createUsersHandlers(data: DirectoryData = createDirectoryData()) {
  const find = (id: string) => data.users.find((user) => user.uuid === id);
  /** A user as answered: `deleteRefusal` from the store now, as the server reads it. */
  const present = (user: User): User => ({ ...user, deleteRefusal: userDeleteRefusal(data.users, user) });
  /** The target user, or the refusal the server would answer with. */
  const target = (request: Request, id: string): User | Response => {
    const denied = refusal(request, 'users:manage');
    if (denied) return denied;
    const user = idParamsSchema.safeParse({ id }).success ? find(id) : undefined;
    return user ?? errorResponse(404, USER_MESSAGES.notFound, 'NOT_FOUND');
  };
  /** The users a list's filters match, in its sort. */
  const matching = ({
    search,
    status,
    sort,
    order,
  }: {
    search?: string | undefined;
    status?: 'active' | 'inactive' | undefined;
    sort?: UserSortKey | undefined;
    order?: 'asc' | 'desc' | undefined;
  }) =>
    sortedBy(
      data.users.filter(
        (user) =>
          matches(search, user.name, user.email) && (!status || user.isActive === (status === 'active')),
      ),
      sort && sortValues(data)[sort],
      order,
    );
  const emailTaken = (email: string, exceptId?: string) =>
    data.users.some((user) => user.email.toLowerCase() === email.toLowerCase() && user.uuid !== exceptId);

  return [
    http.get(api('/users/roles'), ({ request }) => {
      const denied = refusal(request, 'users:manage');
      if (denied) return denied;
      return HttpResponse.json({ data: mockRoles.filter((role) => role.name !== 'owner') } satisfies z.input<
        typeof rolesResponseSchema
      >);
    }),

    http.get(api('/users'), ({ request }) => {
      const denied = refusal(request, 'users:manage');
      if (denied) return denied;
      const query = usersQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
      if (!query.success) return validationFailed(query.error);
      const { page, limit } = query.data;
      const rows = matching(query.data);
      return HttpResponse.json({
        data: { users: pageOf(rows, page, limit).map(present), total: rows.length, page, limit },
      } satisfies z.input<typeof usersListResponseSchema>);
    }),

    http.get(api('/users/ids'), ({ request }) => {
      const denied = refusal(request, 'users:manage');
      if (denied) return denied;
      const query = usersQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
      if (!query.success) return validationFailed(query.error);
      const rows = matching(query.data);
      return HttpResponse.json({
        data: { ids: rows.slice(0, MAX_SELECTION_IDS).map((user) => user.uuid), total: rows.length },
      } satisfies z.input<typeof selectionIdsResponseSchema>);
    }),

    // Each id with the single update's rules: nobody disables themselves, an admin does not touch an owner.
    http.post(api('/users/bulk'), async ({ request }) => {
      const denied = refusal(request, 'users:manage');
      if (denied) return denied;
      const body = usersBulkRequestSchema.safeParse(await jsonOf(request));
      if (!body.success) return validationFailed(body.error);
      const actor = actorOf(request);
      const isActive = body.data.action === 'enable';
      const results = body.data.ids.map((id): BulkRowResult<'active' | 'inactive'> => {
        const user = find(id);
        if (!user) return { id, ok: false, error: { code: 'NOT_FOUND', message: USER_MESSAGES.notFound } };
        if (actor && !canManageUserOfRole(actor.role.name, user.role.name))
          return { id, ok: false, error: { code: 'FORBIDDEN', message: USER_MESSAGES.cannotManageOwner } };
        if (!isActive && actor?.uuid === user.uuid)
          return { id, ok: false, error: { code: 'FORBIDDEN', message: USER_MESSAGES.cannotDisableSelf } };
        user.isActive = isActive;
        return { id, ok: true, status: isActive ? 'active' : 'inactive' };
      });
      return HttpResponse.json(bulkAnswer(results) satisfies z.input<typeof usersBulkResponseSchema>);
    }),

    http.post(api('/users'), async ({ request }) => {
      const denied = refusal(request, 'users:manage');
      if (denied) return denied;
      const body = createUserRequestSchema.safeParse(await jsonOf(request));
      if (!body.success) return validationFailed(body.error);
      const role = mockRoles.find((candidate) => candidate.id === body.data.roleId);
      if (!role)
        return errorResponse(400, USER_MESSAGES.unknownRole, 'VALIDATION_FAILED', {
          roleId: USER_MESSAGES.unknownRole,
        });
      if (role.name === 'owner') {
        return errorResponse(400, USER_MESSAGES.ownerRoleNotAssignable, 'VALIDATION_FAILED', {
          roleId: USER_MESSAGES.ownerRoleNotAssignable,
        });
      }
      if (emailTaken(body.data.email))
        return errorResponse(409, USER_MESSAGES.emailTaken, 'CONFLICT', { email: USER_MESSAGES.emailTaken });
      const user: User = {
        uuid: crypto.randomUUID(),
        name: body.data.name,
        email: body.data.email,
        role,
        isActive: true,
        lastLoginAt: null,
        mfaEnabled: false,
        deleteRefusal: null,
      };
      data.users.unshift(user);
      return HttpResponse.json({ data: present(user) } satisfies z.input<typeof userResponseSchema>, {
        status: 201,
      });
    }),

    http.get(api('/users/:id'), ({ request, params }) => {
      const user = target(request, String(params.id));
      if (user instanceof Response) return user;
      return HttpResponse.json({ data: present(user) } satisfies z.input<typeof userResponseSchema>);
    }),

    http.put(api('/users/:id'), async ({ request, params }) => {
      const user = target(request, String(params.id));
      if (user instanceof Response) return user;
      const actor = actorOf(request);
      const body = updateUserRequestSchema.safeParse(await jsonOf(request));
      if (!body.success) return validationFailed(body.error);
      const isSelf = actor?.uuid === user.uuid;
      if (actor && !canManageUserOfRole(actor.role.name, user.role.name))
        return errorResponse(403, USER_MESSAGES.cannotManageOwner, 'FORBIDDEN');
      const role =
        body.data.roleId === undefined
          ? user.role
          : mockRoles.find((candidate) => candidate.id === body.data.roleId);
      if (!role)
        return errorResponse(400, USER_MESSAGES.unknownRole, 'VALIDATION_FAILED', {
          roleId: USER_MESSAGES.unknownRole,
        });
      if (role.name !== user.role.name && isSelf)
        return errorResponse(403, USER_MESSAGES.cannotChangeOwnRole, 'FORBIDDEN');
      if (role.name !== user.role.name && role.name === 'owner') {
        return errorResponse(400, USER_MESSAGES.ownerRoleNotAssignable, 'VALIDATION_FAILED', {
          roleId: USER_MESSAGES.ownerRoleNotAssignable,
        });
      }
      if (body.data.isActive === false && isSelf)
        return errorResponse(403, USER_MESSAGES.cannotDisableSelf, 'FORBIDDEN');
      if (body.data.email !== undefined && emailTaken(body.data.email, user.uuid))
        return errorResponse(409, USER_MESSAGES.emailTaken, 'CONFLICT', { email: USER_MESSAGES.emailTaken });
      Object.assign(user, {
        ...(body.data.name !== undefined ? { name: body.data.name } : {}),
        ...(body.data.email !== undefined ? { email: body.data.email } : {}),
        ...(body.data.isActive !== undefined ? { isActive: body.data.isActive } : {}),
        role,
      });
      return HttpResponse.json({ data: present(user) } satisfies z.input<typeof userResponseSchema>);
    }),

    http.delete(api('/users/:id'), ({ request, params }) => {
      const user = target(request, String(params.id));
      if (user instanceof Response) return user;
      const actor = actorOf(request);
      if (actor?.uuid === user.uuid) return errorResponse(403, USER_MESSAGES.cannotDeleteSelf, 'FORBIDDEN');
      if (actor && !canManageUserOfRole(actor.role.name, user.role.name))
        return errorResponse(403, USER_MESSAGES.cannotManageOwner, 'FORBIDDEN');
      const refused = userDeleteRefusal(data.users, user);
      if (refused) return errorResponse(409, refused, 'CONFLICT');
      data.users.splice(data.users.indexOf(user), 1);
      for (const key of [...data.assignments])
        if (key.startsWith(`${user.uuid}|`)) data.assignments.delete(key);
      return new HttpResponse(null, { status: 204 });
    }),

    // An owner or admin resets another user's second factor (an owner's only by an owner).
    http.delete(api('/users/:id/mfa'), ({ request, params }) => {
      const user = target(request, String(params.id));
      if (user instanceof Response) return user;
      const actor = actorOf(request);
      if (actor && !canManageUserOfRole(actor.role.name, user.role.name))
        return errorResponse(403, USER_MESSAGES.cannotManageOwner, 'FORBIDDEN');
      if (!user.mfaEnabled) return errorResponse(409, SIGN_IN_MESSAGES.mfaNotEnabled, 'CONFLICT');
      user.mfaEnabled = false;
      return new HttpResponse(null, { status: 204 });
    }),

    http.get(api('/users/:id/clients'), ({ request, params }) => {
      const user = target(request, String(params.id));
      if (user instanceof Response) return user;
      return HttpResponse.json({ data: userClientsOf(data, user.uuid) } satisfies z.input<
        typeof userClientsResponseSchema
      >);
    }),

    http.put(api('/users/:id/clients'), async ({ request, params }) => {
      const user = target(request, String(params.id));
      if (user instanceof Response) return user;
      const body = assignClientsRequestSchema.safeParse(await jsonOf(request));
      if (!body.success) return validationFailed(body.error);
      const unknown = body.data.clientUuids.find((id) => !data.clients.some((client) => client.uuid === id));
      if (unknown)
        return errorResponse(400, unknownClientMessage(unknown), 'VALIDATION_FAILED', {
          clientUuids: unknownClientMessage(unknown),
        });
      for (const key of [...data.assignments])
        if (key.startsWith(`${user.uuid}|`)) data.assignments.delete(key);
      for (const clientUuid of body.data.clientUuids)
        data.assignments.add(assignmentKey(user.uuid, clientUuid));
      return HttpResponse.json({ data: userClientsOf(data, user.uuid) } satisfies z.input<
        typeof userClientsResponseSchema
      >);
    }),
  ];
}

/** A users call that fails the way a server without a message body does (an HTML 502). */
const bareFailure = () =>
  new HttpResponse('<html>Bad Gateway</html>', { status: 502, statusText: 'Bad Gateway' });

/** Per-story overrides: failures and calls that never answer. */
export const usersMocks = {
  listNeverAnswers: () => http.get(api('/users'), () => delay('infinite')),
  listFailsWithoutMessage: () => http.get(api('/users'), bareFailure),
  listFailsWith: (message: string) => http.get(api('/users'), () => errorResponse(500, message, 'INTERNAL')),
  rolesFailWithoutMessage: () => http.get(api('/users/roles'), bareFailure),
  createFailsWithoutMessage: () => http.post(api('/users'), bareFailure),
  updateFailsWithoutMessage: () => http.put(api('/users/:id'), bareFailure),
  updateFailsWith: (status: number, message: string) =>
    http.put(api('/users/:id'), () =>
      errorResponse(status, message, status === 403 ? 'FORBIDDEN' : 'CONFLICT'),
    ),
  deleteFailsWithoutMessage: () => http.delete(api('/users/:id'), bareFailure),
  deleteFailsWith: (status: number, message: string) =>
    http.delete(api('/users/:id'), () =>
      errorResponse(status, message, status === 403 ? 'FORBIDDEN' : 'CONFLICT'),
    ),
  userClientsFailWithoutMessage: () => http.get(api('/users/:id/clients'), bareFailure),
  userClientsNeverAnswer: () => http.get(api('/users/:id/clients'), () => delay('infinite')),
};
