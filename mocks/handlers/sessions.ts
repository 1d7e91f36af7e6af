// Sessions: the caller's own (the Account page) and another user's (the users row's "Sign out
// everywhere"), over an in-memory store, with the server's rules that the screens rely on.
import { delay, http, HttpResponse } from 'msw';
import type { z } from 'zod';
import {
  canManageUserOfRole,
  DAY_MS,
  idParamsSchema,
  MESSAGES,
  sessionParamsSchema,
  USER_MESSAGES,
  type SessionInfo,
  type User,
} from '../../src/contract';
import type { sessionsResponseSchema } from '../../src/contract';
import { FIXED_NOW } from '../fixtures';
import { createMockUsers } from '../fixtures/users-clients';
import { actorOf, api, errorResponse, refusal } from './directory-common';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** The session the signed-in mock user is using: Chrome on Linux. */
export const currentSession = (): SessionInfo => ({
  id: '40000000-0000-4000-8000-000000000001',
  createdAt: FIXED_NOW - 2 * DAY_MS,
  lastUsedAt: FIXED_NOW - 2 * MINUTE_MS,
  userAgent:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  ipAddress: '203.0.113.24',
  current: true,
});

/** The user's other sessions, most recently used first (the server's order): a phone and a laptop. */
const otherSessions = (): SessionInfo[] => [
  {
    id: '40000000-0000-4000-8000-000000000002',
    createdAt: FIXED_NOW - 9 * DAY_MS,
    lastUsedAt: FIXED_NOW - 3 * HOUR_MS,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    ipAddress: '198.51.100.7',
    current: false,
  },
  {
    id: '40000000-0000-4000-8000-000000000003',
    createdAt: FIXED_NOW - 20 * DAY_MS,
    lastUsedAt: FIXED_NOW - 6 * DAY_MS,
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
    ipAddress: '2001:db8::42',
    current: false,
  },
];

/** The three sessions the signed-in user starts each story with. */
export const createMockSessions = (): SessionInfo[] => [currentSession(), ...otherSessions()];

/** What the handlers start from: the caller's sessions, and the users whose sessions owners and admins manage. */
export interface SessionsData {
  sessions?: SessionInfo[];
  users?: User[];
}

/**
 * `GET`/`DELETE /auth/sessions[/{id}]` for whoever is signed in, and `GET`/`DELETE /users/{id}/sessions` for owners
 * and admins on the users they may manage (every other user has the phone and the laptop until signed out).
 */
export function sessionHandlers({
  sessions = createMockSessions(),
  users = createMockUsers(),
}: SessionsData = {}) {
  const own = [...sessions];
  const byUser = new Map<string, SessionInfo[]>();
  const sessionsOf = (userId: string) => byUser.get(userId) ?? otherSessions();
  const respond = (data: SessionInfo[]) =>
    HttpResponse.json({ data } satisfies z.input<typeof sessionsResponseSchema>);
  /** The user whose sessions are asked for, or the refusal the server would answer with. */
  const managedUser = (request: Request, id: string): User | Response => {
    const denied = refusal(request, 'users:manage');
    if (denied) return denied;
    const user = idParamsSchema.safeParse({ id }).success ? users.find((u) => u.uuid === id) : undefined;
    if (!user) return errorResponse(404, USER_MESSAGES.notFound, 'NOT_FOUND');
    const actor = actorOf(request);
    if (actor && !canManageUserOfRole(actor.role.name, user.role.name))
      return errorResponse(403, MESSAGES.forbidden, 'FORBIDDEN');
    return user;
  };
  const signedIn = (request: Request) =>
    actorOf(request) ? null : errorResponse(401, MESSAGES.unauthenticated, 'UNAUTHENTICATED');

  return [
    http.get(api('/auth/sessions'), ({ request }) => signedIn(request) ?? respond(own)),

    http.delete(api('/auth/sessions'), ({ request }) => {
      const denied = signedIn(request);
      if (denied) return denied;
      own.splice(0, own.length, ...own.filter((session) => session.current));
      return new HttpResponse(null, { status: 204 });
    }),

    http.delete(api('/auth/sessions/:id'), ({ request, params }) => {
      const denied = signedIn(request);
      if (denied) return denied;
      const id = sessionParamsSchema.safeParse({ id: params.id });
      const index = id.success ? own.findIndex((session) => session.id === id.data.id) : -1;
      // The server's words (notFound('Session')): not one of the caller's sessions, or already ended.
      if (index < 0) return errorResponse(404, 'Session not found', 'NOT_FOUND');
      own.splice(index, 1);
      return new HttpResponse(null, { status: 204 });
    }),

    http.get(api('/users/:id/sessions'), ({ request, params }) => {
      const user = managedUser(request, String(params.id));
      return user instanceof Response ? user : respond(sessionsOf(user.uuid));
    }),

    http.delete(api('/users/:id/sessions'), ({ request, params }) => {
      const user = managedUser(request, String(params.id));
      if (user instanceof Response) return user;
      byUser.set(user.uuid, []);
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}

/** A call that fails the way a server without a message body does (an HTML 502). */
const bareFailure = () =>
  new HttpResponse('<html>Bad Gateway</html>', { status: 502, statusText: 'Bad Gateway' });

/** Per-story overrides. */
export const sessionsMocks = {
  /** A fresh store where this device is the only session (handlers: spread them into `msw.use`). */
  onlyCurrent: () => sessionHandlers({ sessions: [currentSession()] }),
  listFails: () => http.get(api('/auth/sessions'), () => errorResponse(500, MESSAGES.internal, 'INTERNAL')),
  listFailsWithoutMessage: () => http.get(api('/auth/sessions'), bareFailure),
  listNeverAnswers: () => http.get(api('/auth/sessions'), () => delay('infinite')),
  endSessionFailsWithoutMessage: () => http.delete(api('/auth/sessions/:id'), bareFailure),
  endUserSessionsFailsWith: (status: 403 | 404, message: string) =>
    http.delete(api('/users/:id/sessions'), () =>
      errorResponse(status, message, status === 403 ? 'FORBIDDEN' : 'NOT_FOUND'),
    ),
};
