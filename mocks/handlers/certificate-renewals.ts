// Renewal and transfer in the mocks: the single calls, whose refusals the console's dialogs show on their fields (an
// end not later, an end past, seats lowered after a download, the same serial, an overlapping serial, an inactive
// client). Kept apart from certificates.ts so that file stays readable; it hands in its tools. The rules and texts
// are the contract's, applied by the commands of certificate-commands.ts as the server's renewals.ts applies them.
import { http, type DefaultBodyType, type StrictRequest } from 'msw';
import type { z } from 'zod';
import {
  CERTIFICATE_HISTORY,
  DAY_MS,
  DEFAULT_API_BASE,
  describeRenewal,
  renewCertificateRequestSchema,
  transferCertificateRequestSchema,
  type Certificate,
  type CertificateRecord,
  type LifecycleAction,
} from '../../src/contract';
import { FIXED_NOW, mockUsers } from '../fixtures';
import { MOCK_KEY_ID, acmeClient, certificateUuid } from '../fixtures/certificates';
import type { CertificateCommands, Outcome } from './certificate-commands';

const api = (path: string) => `${DEFAULT_API_BASE}${path}`;

/** What the renewal handlers need of the certificate handlers. */
export interface RenewalTools {
  find: (id: unknown) => Certificate | undefined;
  notFound: () => Response;
  roleRefusal: (request: StrictRequest<DefaultBodyType>, action: LifecycleAction) => Response | null;
  answer: (outcome: Outcome, status?: number) => Response;
  commands: CertificateCommands;
  validationError: (error: z.ZodError) => Response;
}

export function renewalHandlers({
  find,
  notFound,
  roleRefusal,
  answer,
  commands,
  validationError,
}: RenewalTools) {
  return [
    http.post(api('/certificates/:id/renew'), async ({ params, request }) => {
      const denied = roleRefusal(request, 'renew');
      if (denied) return denied;
      const target = find(params.id);
      if (!target) return notFound();
      const body = renewCertificateRequestSchema.safeParse(await request.json().catch(() => ({})));
      if (!body.success) return validationError(body.error);
      return answer(commands.renew(target, body.data));
    }),

    http.post(api('/certificates/:id/transfer'), async ({ params, request }) => {
      const denied = roleRefusal(request, 'transfer');
      if (denied) return denied;
      const target = find(params.id);
      if (!target) return notFound();
      const body = transferCertificateRequestSchema.safeParse(await request.json().catch(() => ({})));
      if (!body.success) return validationError(body.error);
      return answer(commands.transfer(target, body.data), 201);
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
          record(1, 'revoked', CERTIFICATE_HISTORY.transferredOut(moved.serialNumber, 'disk failure'), at),
          record(2, 'activated', CERTIFICATE_HISTORY.activated, old.validFrom),
          record(3, 'created', CERTIFICATE_HISTORY.created(old.clientName, old), old.validFrom - DAY_MS),
        ],
      ],
      [
        moved.uuid,
        [
          record(
            4,
            'renewed',
            CERTIFICATE_HISTORY.renewed(
              describeRenewal(
                { validTo: old.validTo, studioCount: 2, userCount: 10 },
                { validTo: moved.validTo, studioCount: 2, userCount: 25 },
              ),
            ),
            FIXED_NOW - DAY_MS,
          ),
          record(5, 'activated', CERTIFICATE_HISTORY.transferredInSigned(old.serialNumber), at),
          // Moved with the counts and end it had then (renewed to 25 users and a later end since).
          record(
            6,
            'created',
            CERTIFICATE_HISTORY.transferredIn(old.serialNumber, {
              studioCount: 2,
              userCount: 10,
              validFrom: at,
              validTo: old.validTo,
            }),
            at,
          ),
        ],
      ],
    ],
  };
}
