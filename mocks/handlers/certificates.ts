// Certificates as a healthy server answers, over an in-memory list so a story's actions show up
// in the list it reloads. Each story that changes data takes a fresh store (`certificateHandlers()`).
// Which action is allowed from which status, for which role, and where it leads come from the lifecycle table
// (src/contract/certificate-lifecycle.ts), as on the server; tests/server/lifecycle-table.test.ts checks they agree.
import { delay, http, HttpResponse, type DefaultBodyType, type StrictRequest } from 'msw';
import type { z } from 'zod';
import {
  CERTIFICATE_LIFECYCLE,
  MESSAGES,
  can,
  isAllowedFrom,
  statusAfter,
  type LifecycleAction,
  certificatesQuerySchema,
  certificatesBulkRequestSchema,
  certificatesDownloadRequestSchema,
  createCertificateRequestSchema,
  BULK_DOWNLOAD_MESSAGES,
  CERTIFICATE_STATUSES,
  MAX_SELECTION_IDS,
  type CertificateBulkAction,
  type CertificateCounts,
  type CertificateSortKey,
  type SortOrder,
  type certificatesBulkResponseSchema,
  type selectionIdsResponseSchema,
  DEFAULT_API_BASE,
  invalidTransitionMessage,
  revokeCertificateRequestSchema,
  updateCertificateRequestSchema,
  type Certificate,
  type CertificateRecord,
  type ErrorBody,
  type certificateRecordsResponseSchema,
  type certificateResponseSchema,
  type certificatesListResponseSchema,
  type clientsListResponseSchema,
  type licenseFileSchema,
  extendValidTo,
} from '../../src/contract';
import { FIXED_NOW, mockUsers, roleOfToken } from '../fixtures';
import {
  createMockCertificates,
  mockClients,
  mockLicenseFile,
  mockRecordsFor,
} from '../fixtures/certificates';
import { storedZip } from './stored-zip';
import { applyRenewal, renewalHandlers, renewalRefusal, type RenewalTools } from './certificate-renewals';

const api = (path: string) => `${DEFAULT_API_BASE}${path}`;

const errorBody = (message: string, code: ErrorBody['code'], errors?: Record<string, string>) =>
  ({ message, code, ...(errors ? { errors } : {}) }) satisfies ErrorBody;

/** The first message per field of a failed parse, the way the server's 400 carries them. */
function validationError(error: z.ZodError) {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'body');
    errors[field] ??= issue.message;
  }
  const first = Object.values(errors)[0] ?? 'Invalid request';
  return HttpResponse.json(errorBody(first, 'VALIDATION_FAILED', errors), { status: 400 });
}

/** The certificates and history a set of handlers works on. */
export interface CertificateStore {
  certificates: Certificate[];
  records: Map<string, CertificateRecord[]>;
}

export function createCertificateStore(
  certificates: Certificate[] = createMockCertificates(),
): CertificateStore {
  return { certificates, records: new Map(certificates.map((c) => [c.uuid, mockRecordsFor(c)])) };
}

const CSV_HEADER = 'uuid,serialNumber,clientName,studioCount,userCount,validFrom,validTo,status,lastUsedAt';

/** Filters of the list and the export: search in serial number or client name, status, client. */
function matching(store: CertificateStore, url: URL): Certificate[] {
  const search = url.searchParams.get('search')?.trim().toLowerCase() ?? '';
  const status = url.searchParams.get('status');
  const clientId = url.searchParams.get('clientId');
  return store.certificates.filter(
    (c) =>
      (!search ||
        c.serialNumber.toLowerCase().includes(search) ||
        c.clientName.toLowerCase().includes(search)) &&
      (!status || c.status === status) &&
      (!clientId || c.clientId === clientId),
  );
}

/** The search and client filter alone: what the counters count (issue 18), whatever the status filter. */
function matchingIgnoringStatus(store: CertificateStore, url: URL): Certificate[] {
  const withoutStatus = new URL(url);
  withoutStatus.searchParams.delete('status');
  return matching(store, withoutStatus);
}

/** How many of `rows` are in each status. */
function countsOf(rows: readonly Certificate[]): CertificateCounts {
  const counts: CertificateCounts = { pending: 0, active: 0, distributed: 0, expired: 0, revoked: 0 };
  for (const row of rows) counts[row.status] += 1;
  return counts;
}

/**
 * `rows` in the order of `sort`/`order` as the server sorts (issue 18): status in lifecycle order, texts ignoring
 * case, nulls last ascending (PostgreSQL's default), ties by id; without `sort` the store's order (newest first).
 * The mock keeps no creation time: `createdAt` is the store's order, newest first.
 */
function sorted(rows: Certificate[], store: CertificateStore, sort?: CertificateSortKey, order?: SortOrder) {
  if (!sort) return rows;
  const position = (row: Certificate) => store.certificates.length - store.certificates.indexOf(row);
  const value = (row: Certificate): string | number | null =>
    sort === 'status'
      ? CERTIFICATE_STATUSES.indexOf(row.status)
      : sort === 'createdAt'
        ? position(row)
        : sort === 'serialNumber' || sort === 'clientName'
          ? row[sort].toLowerCase()
          : row[sort];
  const direction = order === 'desc' ? -1 : 1;
  return [...rows].sort((a, b) => {
    const [left, right] = [value(a), value(b)];
    if (left === right) return a.uuid.localeCompare(b.uuid) * direction;
    if (left === null) return direction;
    if (right === null) return -direction;
    return (left < right ? -1 : 1) * direction;
  });
}

let nextId = 1;
const newUuid = () => `3f000000-0000-4000-8000-${String(nextId++).padStart(12, '0')}`;

/** Every certificate call of docs/requirements.md#calls (validate lives with the licensing handlers). */
export function certificateHandlers(store: CertificateStore = createCertificateStore()) {
  const find = (id: unknown) => store.certificates.find((c) => c.uuid === id);
  const notFound = () => HttpResponse.json(errorBody('Certificate not found', 'NOT_FOUND'), { status: 404 });
  const record = (target: Certificate, action: CertificateRecord['action'], description: string) => {
    const list = store.records.get(target.uuid) ?? [];
    list.unshift({
      uuid: newUuid(),
      action,
      description,
      createdAt: FIXED_NOW,
      performBy: { name: mockUsers.editor.name },
    });
    store.records.set(target.uuid, list);
  };
  /**
   * The server's answer when the lifecycle table refuses `action` on `target`: 403 when the caller's role lacks
   * its capability (checked first, as the server does before reading anything), 409 INVALID_TRANSITION when the
   * status does not allow it; null when it may go ahead. A request without a mock token is let through: component
   * stories call without a session, and the server's 401 is not what they show.
   */
  const refusal = (
    request: StrictRequest<DefaultBodyType>,
    action: LifecycleAction,
    target?: Certificate,
  ) => {
    const role = roleOfToken(request.headers.get('Authorization')?.replace(/^Bearer /, '') ?? '');
    if (role && !can(role, CERTIFICATE_LIFECYCLE[action].capability))
      return HttpResponse.json(errorBody(MESSAGES.forbidden, 'FORBIDDEN'), { status: 403 });
    if (target && !isAllowedFrom(action, target.status))
      return HttpResponse.json(
        errorBody(invalidTransitionMessage(action, target.status), 'INVALID_TRANSITION'),
        { status: 409 },
      );
    return null;
  };
  /** Moves `target` where the table says `action` leads. */
  const move = (target: Certificate, action: LifecycleAction) => {
    target.status = statusAfter(action, target.status) ?? target.status;
  };
  /** One id of a bulk call: the single action's outcome, as the server reports it per row. */
  const bulkStep = (
    action: CertificateBulkAction,
    id: string,
    { reason, validTo, extendBy }: Omit<z.output<typeof certificatesBulkRequestSchema>, 'action' | 'ids'>,
  ) => {
    const target = find(id);
    if (!target)
      return { id, ok: false, error: { code: 'NOT_FOUND' as const, message: 'Certificate not found' } };
    if (!isAllowedFrom(action, target.status))
      return {
        id,
        ok: false,
        error: {
          code: 'INVALID_TRANSITION' as const,
          message: invalidTransitionMessage(action, target.status),
        },
      };
    if (action === 'delete') {
      store.certificates = store.certificates.filter((c) => c !== target);
      return { id, ok: true };
    }
    if (action === 'renew') {
      // Each from its own end with extendBy, as the server; refused per row as the single renewal is.
      const renewal = { validTo: extendBy ? extendValidTo(target.validTo, extendBy.months) : validTo! };
      const refused = renewalRefusal(target, renewal);
      if (refused)
        return { id, ok: false, error: { code: 'VALIDATION_FAILED' as const, message: refused.message } };
      applyRenewal(tools, target, renewal);
      return { id, ok: true, status: target.status };
    }
    move(target, action);
    if (action === 'activate') record(target, 'activated', `Certificate ${target.serialNumber} activated`);
    else record(target, 'revoked', reason ? `Revoked: ${reason}` : 'Revoked');
    return { id, ok: true, status: target.status };
  };
  const tools: RenewalTools = {
    certificates: () => store.certificates,
    find,
    notFound,
    refusal,
    move,
    record,
    validationError,
    newUuid,
  };
  /** A lifecycle step with no body (activate, generate): refusals, then `apply`, then the certificate. */
  const step = (action: LifecycleAction, apply: (target: Certificate) => void) =>
    http.post(api(`/certificates/:id/${action}`), ({ params, request }) => {
      const denied = refusal(request, action);
      if (denied) return denied;
      const target = find(params.id);
      if (!target) return notFound();
      const refused = refusal(request, action, target);
      if (refused) return refused;
      apply(target);
      move(target, action);
      return HttpResponse.json({ data: target } satisfies z.input<typeof certificateResponseSchema>);
    });

  return [
    // Before `/certificates/:id`, which would take 'export' for an id.
    http.get(api('/certificates/export'), ({ request }) => {
      const url = new URL(request.url);
      const sort = certificatesQuerySchema.shape.sort.safeParse(url.searchParams.get('sort') ?? undefined);
      const order = certificatesQuerySchema.shape.order.safeParse(url.searchParams.get('order') ?? undefined);
      const rows = sorted(matching(store, url), store, sort.data, order.data).map((c) =>
        [
          c.uuid,
          c.serialNumber,
          c.clientName,
          c.studioCount,
          c.userCount,
          c.validFrom,
          c.validTo,
          c.status,
          c.lastUsedAt ?? '',
        ].join(','),
      );
      return new HttpResponse([CSV_HEADER, ...rows].join('\r\n') + '\r\n', {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="certificates.csv"',
        },
      });
    }),

    http.get(api('/certificates'), ({ request }) => {
      const url = new URL(request.url);
      const query = certificatesQuerySchema.safeParse(Object.fromEntries(url.searchParams));
      if (!query.success) return validationError(query.error);
      const { page, limit, sort, order } = query.data;
      const rows = sorted(matching(store, url), store, sort, order);
      return HttpResponse.json({
        data: {
          certificates: rows.slice((page - 1) * limit, page * limit),
          total: rows.length,
          page,
          limit,
          counts: countsOf(matchingIgnoringStatus(store, url)),
        },
      } satisfies z.input<typeof certificatesListResponseSchema>);
    }),

    // "Select all matching" (issue 18): the list's filters, every matching id up to the limit, and how many match.
    http.get(api('/certificates/ids'), ({ request }) => {
      const url = new URL(request.url);
      const query = certificatesQuerySchema.safeParse(Object.fromEntries(url.searchParams));
      if (!query.success) return validationError(query.error);
      const rows = matching(store, url);
      return HttpResponse.json({
        data: { ids: rows.slice(0, MAX_SELECTION_IDS).map((c) => c.uuid), total: rows.length },
      } satisfies z.input<typeof selectionIdsResponseSchema>);
    }),

    // Each id with exactly the single action's rules (the lifecycle table), every outcome in the answer.
    http.post(api('/certificates/bulk'), async ({ request }) => {
      const body = certificatesBulkRequestSchema.safeParse(await request.json().catch(() => undefined));
      if (!body.success) return validationError(body.error);
      const { action, ids, ...options } = body.data;
      const denied = refusal(request, action);
      if (denied) return denied;
      const results = ids.map((id) => bulkStep(action, id, options));
      const succeeded = results.filter((result) => result.ok).length;
      return HttpResponse.json({
        data: { results, succeeded, failed: results.length - succeeded },
      } satisfies z.input<typeof certificatesBulkResponseSchema>);
    }),

    // One stored zip of the licences of the active and distributed ones, each marked distributed.
    http.post(api('/certificates/download'), async ({ request }) => {
      const denied = refusal(request, 'download');
      if (denied) return denied;
      const body = certificatesDownloadRequestSchema.safeParse(await request.json().catch(() => undefined));
      if (!body.success) return validationError(body.error);
      const licensed = body.data.ids
        .map((id) => find(id))
        .filter((c): c is Certificate => c !== undefined && isAllowedFrom('download', c.status));
      if (licensed.length === 0)
        return HttpResponse.json(errorBody(BULK_DOWNLOAD_MESSAGES.nothingToDownload, 'VALIDATION_FAILED'), {
          status: 400,
        });
      const files = licensed.map((target) => {
        move(target, 'download');
        record(target, 'downloaded', 'Licence file downloaded');
        return { name: `license-${target.serialNumber}.json`, text: JSON.stringify(mockLicenseFile(target)) };
      });
      return new HttpResponse(storedZip(files), {
        headers: {
          'Content-Type': 'application/zip',
          'Content-Disposition': 'attachment; filename="licences.zip"',
        },
      });
    }),

    http.post(api('/certificates'), async ({ request }) => {
      const body = createCertificateRequestSchema.safeParse(await request.json());
      if (!body.success) return validationError(body.error);
      const owner = mockClients.find((c) => c.uuid === body.data.clientId);
      if (!owner) return HttpResponse.json(errorBody('Client not found', 'NOT_FOUND'), { status: 404 });
      const created: Certificate = {
        uuid: newUuid(),
        ...body.data,
        clientName: owner.name,
        status: 'pending',
        lastUsedAt: null,
        transferredFrom: null,
        transferredTo: null,
      };
      store.certificates.unshift(created);
      store.records.set(created.uuid, []);
      record(created, 'created', `Certificate ${created.serialNumber} created`);
      return HttpResponse.json({ data: created } satisfies z.input<typeof certificateResponseSchema>, {
        status: 201,
      });
    }),

    http.get(api('/certificates/:id'), ({ params }) => {
      const target = find(params.id);
      return target
        ? HttpResponse.json({ data: target } satisfies z.input<typeof certificateResponseSchema>)
        : notFound();
    }),

    http.put(api('/certificates/:id'), async ({ params, request }) => {
      const denied = refusal(request, 'edit');
      if (denied) return denied;
      const target = find(params.id);
      if (!target) return notFound();
      const body = updateCertificateRequestSchema.safeParse(await request.json());
      if (!body.success) return validationError(body.error);
      const refused = refusal(request, 'edit', target);
      if (refused) return refused;
      Object.assign(target, body.data);
      record(target, 'updated', `Certificate ${target.serialNumber} updated`);
      return HttpResponse.json({ data: target } satisfies z.input<typeof certificateResponseSchema>);
    }),

    http.delete(api('/certificates/:id'), ({ params, request }) => {
      const denied = refusal(request, 'delete');
      if (denied) return denied;
      const target = find(params.id);
      if (!target) return notFound();
      // Drafts only, as on the server (the table's `delete` row).
      const refused = refusal(request, 'delete', target);
      if (refused) return refused;
      store.certificates = store.certificates.filter((c) => c !== target);
      return new HttpResponse(null, { status: 204 });
    }),

    step('activate', (target) => record(target, 'activated', `Certificate ${target.serialNumber} activated`)),
    step('generate', (target) => record(target, 'renewed', 'Licence signed again, claims unchanged')),

    // Renewal and transfer (issue 19), with the refusals the dialogs show: certificate-renewals.ts.
    ...renewalHandlers(tools),

    http.post(api('/certificates/:id/download'), ({ params, request }) => {
      const denied = refusal(request, 'download');
      if (denied) return denied;
      const target = find(params.id);
      if (!target) return notFound();
      const refused = refusal(request, 'download', target);
      if (refused) return refused;
      move(target, 'download');
      record(target, 'downloaded', 'Licence file downloaded');
      return HttpResponse.json(mockLicenseFile(target) satisfies z.input<typeof licenseFileSchema>, {
        headers: { 'Content-Disposition': `attachment; filename="license-${target.serialNumber}.json"` },
      });
    }),

    http.post(api('/certificates/:id/revoke'), async ({ params, request }) => {
      const denied = refusal(request, 'revoke');
      if (denied) return denied;
      const target = find(params.id);
      if (!target) return notFound();
      const body = revokeCertificateRequestSchema.safeParse(await request.json().catch(() => ({})));
      if (!body.success) return validationError(body.error);
      const refused = refusal(request, 'revoke', target);
      if (refused) return refused;
      move(target, 'revoke');
      record(target, 'revoked', body.data.reason ? `Revoked: ${body.data.reason}` : 'Revoked');
      return HttpResponse.json({ data: target } satisfies z.input<typeof certificateResponseSchema>);
    }),

    http.get(api('/certificates/:id/records'), ({ params, request }) => {
      const denied = refusal(request, 'history');
      if (denied) return denied;
      const target = find(params.id);
      if (!target) return notFound();
      return HttpResponse.json({ data: store.records.get(target.uuid) ?? [] } satisfies z.input<
        typeof certificateRecordsResponseSchema
      >);
    }),
  ];
}

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
