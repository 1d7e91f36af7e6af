// The command palette's `GET /search` over the certificates and directory stores the other handlers change, so what a
// story creates or renames is found. Every rule is the contract's (src/contract/search.ts): the query's parse, what
// matches (`searchMatches`, `certificateSearchRank`, `isSearchForId`), the order
// (`compareCertificateMatches`, `compareNameMatches`), who may search and who sees users (`can`), and the status as readers see it.
import { delay, http, HttpResponse } from 'msw';
import type { z } from 'zod';
import {
  can,
  certificateSearchRank,
  compareCertificateMatches,
  compareNameMatches,
  effectiveStatus,
  isSearchForId,
  searchFold,
  searchMatches,
  searchQuerySchema,
  type Certificate,
  type searchResultsSchema,
} from '../../src/contract';
import { FIXED_NOW } from '../fixtures';
import { createDirectoryData, type DirectoryData } from '../fixtures/users-clients';
import { createCertificateStore, type CertificateStore } from './certificate-store';
import { actorOf, api, errorResponse, refusal, validationFailed } from './directory-common';

/** The certificates `q` finds, best first: the one it names by id, then by rank and serial number. */
function certificatesFound(all: readonly Certificate[], q: string, limit: number) {
  const named = isSearchForId(q) ? all.find((c) => searchFold(c.uuid) === searchFold(q)) : undefined;
  const ranked = all
    .filter((c) => c !== named && certificateSearchRank(q, c) !== null)
    .sort(compareCertificateMatches<Certificate>(q));
  return [...(named ? [named] : []), ...ranked].slice(0, limit).map((c) => ({
    uuid: c.uuid,
    serialNumber: c.serialNumber,
    clientName: c.clientName,
    status: effectiveStatus(c.status, c.validTo, FIXED_NOW),
  }));
}

/** `GET /search` over `certificates` and `directory` (fresh stores by default: pass the other handlers' to share). */
export function searchHandlers(
  certificates: CertificateStore = createCertificateStore(),
  directory: DirectoryData = createDirectoryData(),
) {
  return [
    http.get(api('/search'), ({ request }) => {
      const denied = refusal(request, 'search:read');
      if (denied) return denied;
      const query = searchQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
      if (!query.success) return validationFailed(query.error);
      const { q, limit } = query.data;
      const role = actorOf(request)!.role.name;
      return HttpResponse.json({
        data: {
          certificates: certificatesFound(certificates.certificates, q, limit),
          clients: directory.clients
            .filter((client) => searchMatches(q, client.name))
            .sort(compareNameMatches(q))
            .slice(0, limit)
            .map(({ uuid, name, isActive }) => ({ uuid, name, isActive })),
          users: can(role, 'users:manage')
            ? directory.users
                .filter((user) => searchMatches(q, user.name) || searchMatches(q, user.email))
                .sort(compareNameMatches(q))
                .slice(0, limit)
                .map(({ uuid, name, email }) => ({ uuid, name, email }))
            : [],
        } satisfies z.input<typeof searchResultsSchema>,
      });
    }),
  ];
}

/** Per-story overrides of the search. */
export const searchMocks = {
  neverAnswers: () => http.get(api('/search'), () => delay('infinite')),
  failsWith: (message: string) => http.get(api('/search'), () => errorResponse(500, message, 'INTERNAL')),
};
