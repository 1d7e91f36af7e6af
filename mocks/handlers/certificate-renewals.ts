// Renewal and transfer in the mocks: the single calls and the bulk renewal's step, with the server's
// refusals that the console's dialogs show on their fields (an end not later, an end past, seats lowered after a
// download, the same serial, an overlapping serial). Kept apart from certificates.ts so that file stays readable;
// it hands in the store's tools. The server's rules are in src/server/services/certificates/renewals.ts.
import { http, HttpResponse, type DefaultBodyType, type StrictRequest } from 'msw';
import type { z } from 'zod';
import {
  DAY_MS,
  DEFAULT_API_BASE,
  describeRenewal,
  RENEWAL_MESSAGES,
  renewCertificateRequestSchema,
  serialOverlapMessage,
  TRANSFER_TEXTS,
  transferCertificateRequestSchema,
  type Certificate,
  type CertificateRecord,
  type ErrorBody,
  type LifecycleAction,
  type RenewCertificateRequest,
  type certificateResponseSchema,
} from '../../src/contract';
import { FIXED_NOW, mockUsers } from '../fixtures';
import { MOCK_KEY_ID, acmeClient, certificateUuid } from '../fixtures/certificates';

const api = (path: string) => `${DEFAULT_API_BASE}${path}`;

/** What the renewal handlers need of the certificate handlers' store. */
export interface RenewalTools {
  certificates: () => Certificate[];
  find: (id: unknown) => Certificate | undefined;
  notFound: () => Response;
  refusal: (
    request: StrictRequest<DefaultBodyType>,
    action: LifecycleAction,
    target?: Certificate,
  ) => Response | null;
  move: (target: Certificate, action: LifecycleAction) => void;
  record: (target: Certificate, action: CertificateRecord['action'], description: string) => void;
  validationError: (error: z.ZodError) => Response;
  newUuid: () => string;
}

const fieldError = (field: string, message: string) =>
  HttpResponse.json(
    { message, code: 'VALIDATION_FAILED', errors: { [field]: message } } satisfies ErrorBody,
    { status: 400 },
  );
/** The server's 409, naming the request field it is about when there is one (src/server/errors.ts `conflict`). */
const conflict = (message: string, field?: string) =>
  HttpResponse.json(
    { message, code: 'CONFLICT', ...(field ? { errors: { [field]: message } } : {}) } satisfies ErrorBody,
    { status: 409 },
  );

/**
 * Why a renewal of `target` to `input` is refused, as the server says it ({field, message}), or null. The mock has no
 * download record after signing, so a distributed certificate stands for one whose licence was downloaded.
 */
export function renewalRefusal(target: Certificate, input: RenewCertificateRequest) {
  const counts = {
    studioCount: input.studioCount ?? target.studioCount,
    userCount: input.userCount ?? target.userCount,
  };
  const countsChange = counts.studioCount !== target.studioCount || counts.userCount !== target.userCount;
  if (input.validTo < target.validTo || (input.validTo === target.validTo && !countsChange))
    return { field: 'validTo', message: RENEWAL_MESSAGES.validToNotLater };
  if (input.validTo <= FIXED_NOW) return { field: 'validTo', message: RENEWAL_MESSAGES.validToPassed };
  if (target.status === 'distributed')
    for (const field of ['studioCount', 'userCount'] as const)
      if (counts[field] < target[field])
        return {
          field,
          message: RENEWAL_MESSAGES.seatsLowered(
            field === 'studioCount' ? 'Studio count' : 'User count',
            target[field],
          ),
        };
  return null;
}

/** Applies a renewal the rules allowed: new end and counts, active again, the `renewed` record. */
export function applyRenewal(tools: RenewalTools, target: Certificate, input: RenewCertificateRequest) {
  const before = { ...target };
  Object.assign(target, {
    validTo: input.validTo,
    studioCount: input.studioCount ?? target.studioCount,
    userCount: input.userCount ?? target.userCount,
    ...(input.notes === undefined ? {} : { notes: input.notes }),
  });
  tools.move(target, 'renew');
  tools.record(target, 'renewed', `Renewed: ${describeRenewal(before, target)}`);
}

/** A live certificate of `serialNumber` whose period overlaps [validFrom, validTo), as the server's overlap rule. */
const overlapping = (tools: RenewalTools, serialNumber: string, validFrom: number, validTo: number) =>
  tools
    .certificates()
    .find(
      (c) =>
        c.serialNumber === serialNumber &&
        c.status !== 'revoked' &&
        c.validFrom < validTo &&
        c.validTo > validFrom,
    );

export function renewalHandlers(tools: RenewalTools) {
  const { find, notFound, refusal, move, record, validationError } = tools;
  return [
    http.post(api('/certificates/:id/renew'), async ({ params, request }) => {
      const denied = refusal(request, 'renew');
      if (denied) return denied;
      const target = find(params.id);
      if (!target) return notFound();
      const body = renewCertificateRequestSchema.safeParse(await request.json().catch(() => ({})));
      if (!body.success) return validationError(body.error);
      const refused = refusal(request, 'renew', target) ?? renewalRefusal(target, body.data);
      if (refused) return refused instanceof Response ? refused : fieldError(refused.field, refused.message);
      applyRenewal(tools, target, body.data);
      return HttpResponse.json({ data: target } satisfies z.input<typeof certificateResponseSchema>);
    }),

    http.post(api('/certificates/:id/transfer'), async ({ params, request }) => {
      const denied = refusal(request, 'transfer');
      if (denied) return denied;
      const target = find(params.id);
      if (!target) return notFound();
      const body = transferCertificateRequestSchema.safeParse(await request.json().catch(() => ({})));
      if (!body.success) return validationError(body.error);
      const refused = refusal(request, 'transfer', target);
      if (refused) return refused;
      const { serialNumber, reason } = body.data;
      if (serialNumber === target.serialNumber)
        return fieldError('serialNumber', RENEWAL_MESSAGES.sameSerial);
      const clash = overlapping(tools, serialNumber, FIXED_NOW, target.validTo);
      if (clash)
        return conflict(
          serialOverlapMessage(serialNumber, clash.status, clash.validFrom, clash.validTo),
          'serialNumber',
        );
      const moved: Certificate = {
        ...target,
        uuid: tools.newUuid(),
        serialNumber,
        validFrom: FIXED_NOW,
        status: 'active',
        lastUsedAt: null,
        transferredFrom: target.uuid,
        transferredTo: null,
        license: { kid: MOCK_KEY_ID, issuedAt: FIXED_NOW },
      };
      tools.certificates().unshift(moved);
      record(moved, 'created', TRANSFER_TEXTS.from(target.serialNumber));
      record(moved, 'activated', `${TRANSFER_TEXTS.from(target.serialNumber)}; licence signed`);
      move(target, 'transfer');
      target.transferredTo = moved.uuid;
      const why = [TRANSFER_TEXTS.to(serialNumber), reason].filter(Boolean).join(': ');
      record(target, 'revoked', `Certificate revoked: ${why}`);
      return HttpResponse.json({ data: moved } satisfies z.input<typeof certificateResponseSchema>, {
        status: 201,
      });
    }),
  ];
}

/**
 * A licence moved from one machine to another a month ago, and renewed since: the old certificate (revoked,
 * `transferredTo` the new one) and the new one (`transferredFrom` the old), with their histories, for the History
 * stories. Kept out of the shared fixtures so the lists' counts stay as the other stories expect them.
 */
export function transferredPair(): {
  old: Certificate;
  moved: Certificate;
  records: [string, CertificateRecord[]][];
} {
  const at = FIXED_NOW - 30 * DAY_MS;
  const base = {
    clientId: acmeClient.uuid,
    clientName: acmeClient.name,
    studioCount: 2,
    userCount: 10,
    notes: '',
    lastUsedAt: null,
    license: { kid: MOCK_KEY_ID, issuedAt: at },
  };
  const old: Certificate = {
    ...base,
    uuid: certificateUuid(90),
    serialNumber: 'SN-OLD-90',
    validFrom: FIXED_NOW - 300 * DAY_MS,
    validTo: FIXED_NOW + 65 * DAY_MS,
    status: 'revoked',
    transferredFrom: null,
    transferredTo: certificateUuid(91),
  };
  const moved: Certificate = {
    ...base,
    uuid: certificateUuid(91),
    serialNumber: 'SN-NEW-91',
    validFrom: at,
    validTo: FIXED_NOW + 430 * DAY_MS,
    userCount: 25,
    status: 'active',
    transferredFrom: old.uuid,
    transferredTo: null,
  };
  const by = { name: mockUsers.editor.name };
  const record = (
    n: number,
    action: CertificateRecord['action'],
    description: string,
    createdAt: number,
  ) => ({
    uuid: `4f000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    action,
    description,
    createdAt,
    performBy: by,
  });
  return {
    old,
    moved,
    records: [
      [
        old.uuid,
        [
          record(
            1,
            'revoked',
            `Certificate revoked: ${TRANSFER_TEXTS.to(moved.serialNumber)}: disk failure`,
            at,
          ),
          record(2, 'activated', `Certificate ${old.serialNumber} activated`, old.validFrom),
          record(3, 'created', `Certificate ${old.serialNumber} created`, old.validFrom - DAY_MS),
        ],
      ],
      [
        moved.uuid,
        [
          record(
            4,
            'renewed',
            `Renewed: ${describeRenewal(
              { validTo: old.validTo, studioCount: 2, userCount: 10 },
              { validTo: moved.validTo, studioCount: 2, userCount: 25 },
            )}`,
            FIXED_NOW - DAY_MS,
          ),
          record(5, 'activated', `${TRANSFER_TEXTS.from(old.serialNumber)}; licence signed`, at),
          record(6, 'created', `${TRANSFER_TEXTS.from(old.serialNumber)}`, at),
        ],
      ],
    ],
  };
}
