// Renewal and transfer in the mocks: the single calls, whose refusals the console's dialogs show on their fields (an
// end not later, an end past, seats lowered after a download, the same serial, an overlapping serial, an inactive
// client). Kept apart from certificates.ts so that file stays readable; it hands in its tools. The rules and texts
// are the contract's, applied by the commands of certificate-commands.ts as the server's renewals.ts applies them.
import { http, type DefaultBodyType, type StrictRequest } from 'msw';
import type { z } from 'zod';
import {
  DEFAULT_API_BASE,
  renewCertificateRequestSchema,
  transferCertificateRequestSchema,
  type Certificate,
  type LifecycleAction,
} from '../../src/contract';
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
