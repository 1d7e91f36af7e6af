// The owners' certificate defaults (`GET`/`PUT /settings/certificate-defaults`), kept in the certificate store so a
// create that omits the terms gets what the Settings page saved. Any signed-in role reads them; only owners change
// them (`settings:manage`), as on the server. The body's rules are the contract's schema.
import { http, HttpResponse } from 'msw';
import type { z } from 'zod';
import {
  certificateDefaultsSchema,
  type certificateDefaultsResponseSchema,
} from '../../src/contract/license-terms';
import { actorOf, api, errorResponse, jsonOf, refusal, validationFailed } from './directory-common';
import { MESSAGES } from '../../src/contract';
import type { CertificateStore } from './certificate-store';

const answer = (store: CertificateStore) =>
  HttpResponse.json({ data: store.defaults } satisfies z.input<typeof certificateDefaultsResponseSchema>);

export function certificateDefaultsHandlers(store: CertificateStore) {
  return [
    http.get(api('/settings/certificate-defaults'), ({ request }) => {
      // Component stories call without a session; the server's 401 is not what they show.
      if (request.headers.get('Authorization') && !actorOf(request))
        return errorResponse(401, MESSAGES.unauthenticated, 'UNAUTHENTICATED');
      return answer(store);
    }),

    http.put(api('/settings/certificate-defaults'), async ({ request }) => {
      const denied = refusal(request, 'settings:manage');
      if (denied) return denied;
      const body = certificateDefaultsSchema.safeParse(await jsonOf(request));
      if (!body.success) return validationFailed(body.error);
      store.defaults = { ...body.data };
      return answer(store);
    }),
  ];
}

/** The defaults call fails: the form keeps its own starting values, the Settings panel shows the failure. */
export const certificateDefaultsFail = () =>
  http.get(api('/settings/certificate-defaults'), () => errorResponse(500, MESSAGES.internal, 'INTERNAL'));
