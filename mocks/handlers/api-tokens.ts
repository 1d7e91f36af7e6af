// The API tokens API (docs/api.md "API tokens") over an in-memory list, with the server's rules the
// screen relies on: owners and admins only, a role at most the creator's, an expiry in the future.
import { delay, http, HttpResponse } from 'msw';
import type { z } from 'zod';
import {
  API_TOKEN_MESSAGES,
  API_TOKEN_PREFIX,
  API_TOKEN_SHOWN_CHARACTERS,
  createApiTokenRequestSchema,
  DAY_MS,
  idParamsSchema,
  MESSAGES,
  ROLE_IDS,
  type ApiToken,
  type apiTokensResponseSchema,
  type createdApiTokenResponseSchema,
} from '../../src/contract';
import { FIXED_NOW, mockUsers } from '../fixtures';
import { actorOf, api, errorResponse, jsonOf, refusal, validationFailed } from './directory-common';

const HOUR_MS = 60 * 60 * 1000;
const createdBy = (role: 'owner' | 'admin') => ({ uuid: mockUsers[role].uuid, name: mockUsers[role].name });

/** The tokens every story starts with, newest first: one in daily use, one never used, one expired. */
function createMockApiTokens(): ApiToken[] {
  return [
    {
      id: '30000000-0000-4000-8000-000000000001',
      name: 'CRM sync',
      role: 'editor',
      prefix: 'lc_Q7vX2k',
      createdAt: FIXED_NOW - 3 * DAY_MS,
      expiresAt: null,
      lastUsedAt: FIXED_NOW - 2 * HOUR_MS,
      createdBy: createdBy('owner'),
    },
    {
      id: '30000000-0000-4000-8000-000000000002',
      name: 'Billing renewals',
      role: 'admin',
      prefix: 'lc_m4RtZ9',
      createdAt: FIXED_NOW - 20 * DAY_MS,
      // The end of a UTC day, as the console sets it: 15 April 2025.
      expiresAt: Date.UTC(2025, 3, 15, 23, 59, 59, 999),
      lastUsedAt: null,
      createdBy: createdBy('admin'),
    },
    {
      id: '30000000-0000-4000-8000-000000000003',
      name: 'Nightly export',
      role: 'viewer',
      prefix: 'lc_b8Kp3W',
      createdAt: FIXED_NOW - 120 * DAY_MS,
      expiresAt: Date.UTC(2025, 0, 10, 23, 59, 59, 999),
      lastUsedAt: FIXED_NOW - 6 * DAY_MS,
      createdBy: createdBy('owner'),
    },
  ];
}

/** The secret of the n-th token a store creates: the real format (`lc_` and 43 base64url characters), the same on every run. */
export const mockTokenSecret = (n: number) =>
  `${API_TOKEN_PREFIX}Zk3vQ8tN2pW7xR4mJ9cL6hB1sD5fG0yTaE_u-Xq8${String(n).padStart(3, '0')}`;

export interface ApiTokenStore {
  tokens: ApiToken[];
  /** How many tokens this store has created (numbers their secrets). */
  created: number;
}

export const createApiTokenStore = (tokens: ApiToken[] = createMockApiTokens()): ApiTokenStore => ({
  tokens,
  created: 0,
});

/** The API tokens calls over `store` (a fresh one by default: pass one to share or inspect it). */
export function apiTokenHandlers(store: ApiTokenStore = createApiTokenStore()) {
  return [
    http.get(api('/api-tokens'), ({ request }) => {
      const denied = refusal(request, 'users:manage');
      if (denied) return denied;
      return HttpResponse.json({ data: store.tokens } satisfies z.input<typeof apiTokensResponseSchema>);
    }),

    http.post(api('/api-tokens'), async ({ request }) => {
      const denied = refusal(request, 'users:manage');
      if (denied) return denied;
      const actor = actorOf(request);
      const body = createApiTokenRequestSchema.safeParse(await jsonOf(request));
      if (!body.success) return validationFailed(body.error);
      if (actor && ROLE_IDS[body.data.role] < ROLE_IDS[actor.role.name])
        return errorResponse(403, API_TOKEN_MESSAGES.roleAboveCreator, 'FORBIDDEN');
      const now = Date.now();
      if (body.data.expiresAt !== undefined && body.data.expiresAt <= now) {
        return errorResponse(400, API_TOKEN_MESSAGES.expiresInPast, 'VALIDATION_FAILED', {
          expiresAt: API_TOKEN_MESSAGES.expiresInPast,
        });
      }
      store.created += 1;
      const token = mockTokenSecret(store.created);
      const created: ApiToken = {
        id: `31000000-0000-4000-8000-${String(store.created).padStart(12, '0')}`,
        name: body.data.name,
        role: body.data.role,
        prefix: token.slice(0, API_TOKEN_PREFIX.length + API_TOKEN_SHOWN_CHARACTERS),
        createdAt: now,
        expiresAt: body.data.expiresAt ?? null,
        lastUsedAt: null,
        createdBy: { uuid: actor?.uuid ?? '', name: actor?.name ?? '' },
      };
      store.tokens.unshift(created);
      const { lastUsedAt: _never, createdBy: _creator, ...shown } = created;
      return HttpResponse.json(
        { data: { ...shown, token } } satisfies z.input<typeof createdApiTokenResponseSchema>,
        { status: 201 },
      );
    }),

    http.delete(api('/api-tokens/:id'), ({ request, params }) => {
      const denied = refusal(request, 'users:manage');
      if (denied) return denied;
      const id = String(params.id);
      if (!idParamsSchema.safeParse({ id }).success)
        return errorResponse(400, MESSAGES.badRequest, 'VALIDATION_FAILED');
      const index = store.tokens.findIndex((token) => token.id === id);
      if (index === -1) return errorResponse(404, 'API token not found', 'NOT_FOUND');
      store.tokens.splice(index, 1);
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}

/** Per-story overrides: an empty list, failures, and a list that never answers. */
export const apiTokensMocks = {
  /** Nobody has made a token yet. */
  empty: () => apiTokenHandlers(createApiTokenStore([])),
  listNeverAnswers: () => http.get(api('/api-tokens'), () => delay('infinite')),
  listFails: () => http.get(api('/api-tokens'), () => errorResponse(500, MESSAGES.internal, 'INTERNAL')),
  /** The server refuses the role (someone's role was lowered while the form was open). */
  createRefused: () =>
    http.post(api('/api-tokens'), () => errorResponse(403, API_TOKEN_MESSAGES.roleAboveCreator, 'FORBIDDEN')),
  /** A 400 with a field error the form could not know before the call. */
  createFailsOnField: (field: 'name' | 'role' | 'expiresAt', message: string) =>
    http.post(api('/api-tokens'), () =>
      errorResponse(400, message, 'VALIDATION_FAILED', { [field]: message }),
    ),
  revokeFails: () =>
    http.delete(api('/api-tokens/:id'), () => errorResponse(500, MESSAGES.internal, 'INTERNAL')),
};
