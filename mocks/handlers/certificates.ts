// Certificates as a healthy server answers, over an in-memory list so a story's actions show up
// in the list it reloads. Each story that changes data takes a fresh store (`certificateHandlers()`).
// Which action is allowed from which status, for which role, and where it leads come from the lifecycle table
// (src/contract/certificate-lifecycle.ts), as on the server; tests/server/lifecycle-table.test.ts checks they agree.
import { http, HttpResponse, type DefaultBodyType, type StrictRequest } from 'msw';
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
  MAX_SELECTION_IDS,
  type CertificateBulkAction,
  type certificatesBulkResponseSchema,
  type selectionIdsResponseSchema,
  invalidTransitionMessage,
  revokeCertificateRequestSchema,
  updateCertificateRequestSchema,
  type Certificate,
  type CertificateRecord,
  type certificateRecordsResponseSchema,
  type certificateResponseSchema,
  type certificatesListResponseSchema,
  type licenseFileSchema,
  extendValidTo,
  NO_LICENSE_YET_MESSAGE,
  type validateLicenseResponseSchema,
} from '../../src/contract';
import { FIXED_NOW, mockUsers, roleOfToken } from '../fixtures';
import { MOCK_KEY_ID, mockClients, mockLicenseFile } from '../fixtures/certificates';
import { verdictFor } from './licensing';
import { storedZip } from './stored-zip';
import { api, errorBody, validationFailed } from './directory-common';
import {
  countsOf,
  createCertificateStore,
  CSV_HEADER,
  matching,
  matchingIgnoringStatus,
  sorted,
  type CertificateStore,
} from './certificate-store';

export { createCertificateStore, type CertificateStore } from './certificate-store';
export {
  activeClientsPicker,
  certificateCallFails,
  certificateFailures,
  certificatesNeverAnswer,
  recordsNeverAnswer,
} from './certificate-overrides';
import { applyRenewal, renewalHandlers, renewalRefusal, type RenewalTools } from './certificate-renewals';

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
    // The steps that sign the licence again, as the server's lifecycle does.
    if (action === 'activate' || action === 'renew' || action === 'generate')
      target.license = { kid: MOCK_KEY_ID, issuedAt: FIXED_NOW };
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
    validationError: validationFailed,
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
      if (!query.success) return validationFailed(query.error);
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

    // "Select all matching": the list's filters, every matching id up to the limit, and how many match.
    http.get(api('/certificates/ids'), ({ request }) => {
      const url = new URL(request.url);
      const query = certificatesQuerySchema.safeParse(Object.fromEntries(url.searchParams));
      if (!query.success) return validationFailed(query.error);
      const rows = matching(store, url);
      return HttpResponse.json({
        data: { ids: rows.slice(0, MAX_SELECTION_IDS).map((c) => c.uuid), total: rows.length },
      } satisfies z.input<typeof selectionIdsResponseSchema>);
    }),

    // Each id with exactly the single action's rules (the lifecycle table), every outcome in the answer.
    http.post(api('/certificates/bulk'), async ({ request }) => {
      const body = certificatesBulkRequestSchema.safeParse(await request.json().catch(() => undefined));
      if (!body.success) return validationFailed(body.error);
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
      if (!body.success) return validationFailed(body.error);
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
      if (!body.success) return validationFailed(body.error);
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
        license: null,
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
      if (!body.success) return validationFailed(body.error);
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

    // Renewal and transfer, with the refusals the dialogs show: certificate-renewals.ts.
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
      if (!body.success) return validationFailed(body.error);
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

    // The page's licence check: the validate call's verdict on the stored licence, recording nothing.
    http.get(api('/certificates/:id/license-check'), ({ params }) => {
      const target = find(params.id);
      if (!target) return notFound();
      if (!target.license)
        return HttpResponse.json(errorBody(NO_LICENSE_YET_MESSAGE, 'CONFLICT'), { status: 409 });
      return HttpResponse.json({
        data: verdictFor(mockLicenseFile(target), target.serialNumber, store.certificates),
      } satisfies z.input<typeof validateLicenseResponseSchema>);
    }),
  ];
}
