// Certificate calls as stories override them: the form's client picker, a call that fails, a call that never
// answers. The healthy server is certificates.ts.
import { delay, http, HttpResponse } from 'msw';
import type { z } from 'zod';
import type { ErrorBody, clientsListResponseSchema } from '../../src/contract';
import { mockClients } from '../fixtures/certificates';
import { api, errorBody } from './directory-common';

/**
 * The certificate form's client picker: `GET /clients?status=active&search=...`. Kept here so
 * certificate stories do not depend on the clients screen's fixtures.
 */
export const activeClientsPicker = () =>
  http.get(api('/clients'), ({ request }) => {
    const url = new URL(request.url);
    const search = url.searchParams.get('search')?.trim().toLowerCase() ?? '';
    const status = url.searchParams.get('status');
    const rows = mockClients.filter(
      (c) =>
        (!status || (status === 'active') === c.isActive) &&
        (!search || c.name.toLowerCase().includes(search)),
    );
    const limit = Number(url.searchParams.get('limit') ?? 10);
    return HttpResponse.json({
      clients: rows.slice(0, limit),
      total: rows.length,
      page: 1,
      limit,
    } satisfies z.input<typeof clientsListResponseSchema>);
  });

/** One call answers with this status and error body. */
export const certificateCallFails = (
  method: 'get' | 'post' | 'put' | 'delete',
  path: string,
  status: number,
  body?: ErrorBody,
) =>
  http[method](api(path), () =>
    body
      ? HttpResponse.json(body, { status })
      : new HttpResponse('Bad Gateway', { status, statusText: 'Bad Gateway' }),
  );

export const certificateFailures = {
  /** The list fails with the server's message. */
  list: (message = 'Internal server error') =>
    certificateCallFails('get', '/certificates', 500, errorBody(message, 'INTERNAL')),
  /** The list fails with no message: the console's fallback text shows. */
  listWithoutMessage: () => certificateCallFails('get', '/certificates', 502),
  records: (message = 'Internal server error') =>
    certificateCallFails('get', '/certificates/:id/records', 500, errorBody(message, 'INTERNAL')),
  activate: (message = 'Internal server error') =>
    certificateCallFails('post', '/certificates/:id/activate', 500, errorBody(message, 'INTERNAL')),
  download: () => certificateCallFails('post', '/certificates/:id/download', 502),
  revoke: (message = 'Internal server error') =>
    certificateCallFails('post', '/certificates/:id/revoke', 500, errorBody(message, 'INTERNAL')),
  delete: (message = 'Internal server error') =>
    certificateCallFails('delete', '/certificates/:id', 500, errorBody(message, 'INTERNAL')),
  /** A create the server refuses field by field (400 with `errors`). */
  createWithFieldErrors: (errors: Record<string, string>) =>
    certificateCallFails(
      'post',
      '/certificates',
      400,
      errorBody(Object.values(errors)[0] ?? 'Invalid request', 'VALIDATION_FAILED', errors),
    ),
  create: (status: number, message: string, code: ErrorBody['code']) =>
    certificateCallFails('post', '/certificates', status, errorBody(message, code)),
};

/** The list never answers: the screen stays in its loading state. */
export const certificatesNeverAnswer = () => http.get(api('/certificates'), () => delay('infinite'));
/** The history never answers. */
export const recordsNeverAnswer = () => http.get(api('/certificates/:id/records'), () => delay('infinite'));
