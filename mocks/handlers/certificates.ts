// Certificates as a healthy server answers, over an in-memory list so a story's actions show up
// in the list it reloads. Each story that changes data takes a fresh store (`certificateHandlers()`).
// Which action is allowed from which status, for which role, and where it leads come from the lifecycle table
// (src/contract/certificate-lifecycle.ts), as on the server; every other rule and every history and activity text
// comes from the contract's rule and text functions, through the commands of certificate-commands.ts. The handlers
// here keep the HTTP side: who calls, which certificate, the request's schema, and the answer.
// tests/server/lifecycle-table.test.ts checks they agree with the real API, body for body and text for text.
import { http, HttpResponse, type DefaultBodyType, type StrictRequest } from 'msw';
import type { z } from 'zod';
import {
  CERTIFICATE_LIFECYCLE,
  MESSAGES,
  can,
  isAllowedFrom,
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
  revokeCertificateRequestSchema,
  updateCertificateRequestSchema,
  type Certificate,
  type certificateRecordsResponseSchema,
  type certificateResponseSchema,
  type certificatesListResponseSchema,
  type licenseFileSchema,
  extendValidTo,
  NO_LICENSE_YET_MESSAGE,
  type validateLicenseResponseSchema,
} from '../../src/contract';
import { roleOfToken } from '../fixtures';
import { mockLicenseFile } from '../fixtures/certificates';
import { MOCK_ANSWER_PROOF, verdictFor } from './licensing';
import { storedZip } from './stored-zip';
import { api, errorBody, refusalResponse, validationFailed } from './directory-common';
import {
  countsOf,
  createCertificateStore,
  CSV_HEADER,
  matching,
  matchingIgnoringStatus,
  sorted,
  type CertificateStore,
} from './certificate-store';
import { certificateCommands, seenStatus, type Outcome } from './certificate-commands';
import { certificateDefaultsHandlers } from './certificate-defaults';
import { amendCertificateRequestSchema } from '../../src/contract/license-terms';

export { createCertificateStore, type CertificateStore } from './certificate-store';
export {
  activeClientsPicker,
  certificateCallFails,
  certificateFailures,
  certificatesNeverAnswer,
  recordsNeverAnswer,
} from './certificate-overrides';
import { renewalHandlers, type RenewalTools } from './certificate-renewals';

/** Every certificate call of docs/requirements.md#calls (validate lives with the licensing handlers). */
export function certificateHandlers(store: CertificateStore = createCertificateStore()) {
  const find = (id: unknown) => store.certificates.find((c) => c.uuid === id);
  const notFound = () => HttpResponse.json(errorBody('Certificate not found', 'NOT_FOUND'), { status: 404 });
  const commands = certificateCommands(store);
  /**
   * 403 when the caller's role lacks the capability `action` needs (checked first, as the server does before
   * reading anything), else null. A request without a mock token is let through: component stories call without
   * a session, and the server's 401 is not what they show.
   */
  const roleRefusal = (request: StrictRequest<DefaultBodyType>, action: LifecycleAction) => {
    const role = roleOfToken(request.headers.get('Authorization')?.replace(/^Bearer /, '') ?? '');
    if (role && !can(role, CERTIFICATE_LIFECYCLE[action].capability))
      return HttpResponse.json(errorBody(MESSAGES.forbidden, 'FORBIDDEN'), { status: 403 });
    return null;
  };
  /** A command's answer: the certificate (with `status`, 200 unless told), or its refusal's status and body. */
  const answer = (outcome: Outcome, status = 200) =>
    outcome.ok
      ? HttpResponse.json({ data: outcome.certificate } satisfies z.input<typeof certificateResponseSchema>, {
          status,
        })
      : refusalResponse(outcome.refusal);
  /** One id of a bulk call: the single action's outcome, as the server reports it per row. */
  const bulkStep = (
    action: CertificateBulkAction,
    id: string,
    { reason, validTo, extendBy }: Omit<z.output<typeof certificatesBulkRequestSchema>, 'action' | 'ids'>,
  ) => {
    const target = find(id);
    if (!target)
      return { id, ok: false, error: { code: 'NOT_FOUND' as const, message: 'Certificate not found' } };
    const outcome = {
      activate: () => commands.activate(target),
      // Each from its own end with extendBy, as the server; only the end moves.
      renew: () =>
        commands.renew(target, {
          validTo: extendBy ? extendValidTo(target.validTo, extendBy.months) : validTo!,
        }),
      revoke: () => commands.revoke(target, reason),
      delete: () => commands.remove(target),
    }[action]();
    if (!outcome.ok) {
      const { code, message } = outcome.refusal;
      return { id, ok: false, error: { code, message } };
    }
    return action === 'delete' ? { id, ok: true } : { id, ok: true, status: outcome.certificate.status };
  };
  const tools: RenewalTools = {
    find,
    notFound,
    roleRefusal,
    answer,
    commands,
    validationError: validationFailed,
  };
  /** A lifecycle step with no body (activate, generate): the role, the certificate, then the command. */
  const step = (action: 'activate' | 'generate') =>
    http.post(api(`/certificates/:id/${action}`), ({ params, request }) => {
      const denied = roleRefusal(request, action);
      if (denied) return denied;
      const target = find(params.id);
      if (!target) return notFound();
      return answer(commands[action](target));
    });

  return [
    // The owners' defaults a create applies, kept in this store.
    ...certificateDefaultsHandlers(store),

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
      const denied = roleRefusal(request, action);
      if (denied) return denied;
      const results = ids.map((id) => bulkStep(action, id, options));
      const succeeded = results.filter((result) => result.ok).length;
      return HttpResponse.json({
        data: { results, succeeded, failed: results.length - succeeded },
      } satisfies z.input<typeof certificatesBulkResponseSchema>);
    }),

    // One stored zip of the licences of the active and distributed ones, each marked distributed.
    http.post(api('/certificates/download'), async ({ request }) => {
      const denied = roleRefusal(request, 'download');
      if (denied) return denied;
      const body = certificatesDownloadRequestSchema.safeParse(await request.json().catch(() => undefined));
      if (!body.success) return validationFailed(body.error);
      const licensed = body.data.ids
        .map((id) => find(id))
        .filter((c): c is Certificate => c !== undefined && isAllowedFrom('download', seenStatus(c)));
      if (licensed.length === 0)
        return HttpResponse.json(errorBody(BULK_DOWNLOAD_MESSAGES.nothingToDownload, 'VALIDATION_FAILED'), {
          status: 400,
        });
      const files = licensed.map((target) => {
        commands.download(target);
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
      return answer(commands.create(body.data), 201);
    }),

    http.get(api('/certificates/:id'), ({ params }) => {
      const target = find(params.id);
      return target
        ? HttpResponse.json({ data: target } satisfies z.input<typeof certificateResponseSchema>)
        : notFound();
    }),

    http.put(api('/certificates/:id'), async ({ params, request }) => {
      const denied = roleRefusal(request, 'edit');
      if (denied) return denied;
      const target = find(params.id);
      if (!target) return notFound();
      const body = updateCertificateRequestSchema.safeParse(await request.json());
      if (!body.success) return validationFailed(body.error);
      return answer(commands.update(target, body.data));
    }),

    // New licence terms for a signed licence (the `amend` action), signed again.
    http.put(api('/certificates/:id/terms'), async ({ params, request }) => {
      const denied = roleRefusal(request, 'amend');
      if (denied) return denied;
      const target = find(params.id);
      if (!target) return notFound();
      const body = amendCertificateRequestSchema.safeParse(await request.json().catch(() => undefined));
      if (!body.success) return validationFailed(body.error);
      return answer(commands.amend(target, body.data));
    }),

    http.delete(api('/certificates/:id'), ({ params, request }) => {
      const denied = roleRefusal(request, 'delete');
      if (denied) return denied;
      const target = find(params.id);
      if (!target) return notFound();
      // Drafts only, as on the server (the table's `delete` row).
      const outcome = commands.remove(target);
      return outcome.ok ? new HttpResponse(null, { status: 204 }) : refusalResponse(outcome.refusal);
    }),

    step('activate'),
    step('generate'),

    // Renewal and transfer, with the refusals the dialogs show: certificate-renewals.ts.
    ...renewalHandlers(tools),

    http.post(api('/certificates/:id/download'), ({ params, request }) => {
      const denied = roleRefusal(request, 'download');
      if (denied) return denied;
      const target = find(params.id);
      if (!target) return notFound();
      const outcome = commands.download(target);
      if (!outcome.ok) return refusalResponse(outcome.refusal);
      return HttpResponse.json(mockLicenseFile(target) satisfies z.input<typeof licenseFileSchema>, {
        headers: { 'Content-Disposition': `attachment; filename="license-${target.serialNumber}.json"` },
      });
    }),

    http.post(api('/certificates/:id/revoke'), async ({ params, request }) => {
      const denied = roleRefusal(request, 'revoke');
      if (denied) return denied;
      const target = find(params.id);
      if (!target) return notFound();
      const body = revokeCertificateRequestSchema.safeParse(await request.json().catch(() => ({})));
      if (!body.success) return validationFailed(body.error);
      return answer(commands.revoke(target, body.data.reason));
    }),

    http.get(api('/certificates/:id/records'), ({ params, request }) => {
      const denied = roleRefusal(request, 'history');
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
        data: {
          ...verdictFor(mockLicenseFile(target), target.serialNumber, store.certificates),
          proof: MOCK_ANSWER_PROOF,
        },
      } satisfies z.input<typeof validateLicenseResponseSchema>);
    }),
  ];
}
