// Pieces the mocks share: who is calling, error bodies, field errors of a parse, the contract's refusals.
import type { z } from 'zod';
import {
  can,
  MESSAGES,
  type Capability,
  type ErrorBody,
  type Refusal,
  type SessionUser,
} from '../../src/contract';
import { DEFAULT_API_BASE } from '../../src/contract';
import { HttpResponse } from 'msw';
import { mockUsers, roleOfToken } from '../fixtures';

export const api = (path: string) => `${DEFAULT_API_BASE}${path}`;

export const errorBody = (message: string, code: ErrorBody['code'], errors?: Record<string, string>) =>
  ({ message, code, ...(errors ? { errors } : {}) }) satisfies ErrorBody;

export const errorResponse = (
  status: number,
  message: string,
  code: ErrorBody['code'],
  errors?: Record<string, string>,
) => HttpResponse.json(errorBody(message, code, errors), { status });

/**
 * The one place a refusal of the contract's rules (src/contract/certificate-rules.ts) becomes a mock answer: its
 * status and body as they are, which is what the server answers for it (src/server/errors.ts `refused`).
 */
export const refusalResponse = (refusal: Refusal) =>
  errorResponse(
    refusal.status,
    refusal.message,
    refusal.code,
    'errors' in refusal ? refusal.errors : undefined,
  );

/** The signed-in mock user whose bearer token the request carries, if any. */
export function actorOf(request: Request): SessionUser | null {
  const token = request.headers.get('Authorization')?.replace(/^Bearer /, '') ?? '';
  const role = roleOfToken(token);
  return role ? mockUsers[role] : null;
}

/** The server's refusal when the caller may not do this (401 without a token, 403 without the capability), else null. */
export function refusal(request: Request, capability: Capability) {
  const actor = actorOf(request);
  if (!actor) return errorResponse(401, MESSAGES.unauthenticated, 'UNAUTHENTICATED');
  if (!can(actor.role.name, capability)) return errorResponse(403, MESSAGES.forbidden, 'FORBIDDEN');
  return null;
}

/** A 400 the way the server sends it: the first message per field, the first field's message on top. */
export function validationFailed(error: z.ZodError) {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'body');
    if (!(field in errors)) errors[field] = issue.message;
  }
  return errorResponse(400, Object.values(errors)[0] ?? 'Invalid request', 'VALIDATION_FAILED', errors);
}

export async function jsonOf(request: Request): Promise<unknown> {
  return request.json().catch(() => undefined);
}

/** A page of `rows` (page from 1). */
export const pageOf = <T>(rows: T[], page: number, limit: number) =>
  rows.slice((page - 1) * limit, page * limit);

export const matches = (search: string | undefined, ...texts: string[]) =>
  !search || texts.some((text) => text.toLowerCase().includes(search.toLowerCase()));

/**
 * `rows` ordered by `value` as the server sorts a list: texts ignoring case, ties by id so pages never
 * overlap; unsorted (`sort` absent) they stay in the store's order.
 */
export function sortedBy<T extends { uuid: string }>(
  rows: T[],
  value: ((row: T) => string | number) | undefined,
  order: 'asc' | 'desc' | undefined,
): T[] {
  if (!value) return rows;
  const direction = order === 'desc' ? -1 : 1;
  const key = (row: T) => {
    const raw = value(row);
    return typeof raw === 'string' ? raw.toLowerCase() : raw;
  };
  return [...rows].sort((a, b) => {
    const [left, right] = [key(a), key(b)];
    if (left === right) return a.uuid.localeCompare(b.uuid) * direction;
    return (left < right ? -1 : 1) * direction;
  });
}

/** One row's outcome in a bulk answer. */
export type BulkRowResult<Status> =
  | { id: string; ok: true; status: Status }
  | { id: string; ok: false; error: { code: ErrorBody['code']; message: string } };

/** A bulk answer of `results`, with the counts. */
export const bulkAnswer = <Status>(results: BulkRowResult<Status>[]) => {
  const succeeded = results.filter((result) => result.ok).length;
  return { data: { results, succeeded, failed: results.length - succeeded } };
};
