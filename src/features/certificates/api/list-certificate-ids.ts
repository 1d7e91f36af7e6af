import { useCallback } from 'react';
import { selectionIdsResponseSchema, type SelectionIds } from '../../../contract/bulk';
import { CERTIFICATES_BULK_TEXTS } from '../../../contract/ui-texts';
import type { ApiClient } from '../../../lib/api';
import { withDataError } from '../../../lib/api/call-errors';
import { useApi } from '../../../lib/session';
import type { CertificateMatch } from './keys';
import { matchQuery } from './list-certificates';

/**
 * `GET /certificates/ids` with the list's filters: the ids of every matching certificate (at most
 * MAX_SELECTION_IDS) and how many match, for "Select all N matching".
 */
function listCertificateIds(api: ApiClient, match: CertificateMatch): Promise<SelectionIds> {
  return withDataError(
    CERTIFICATES_BULK_TEXTS.fetchIdsError,
    async () =>
      (await api.get('/certificates/ids', { query: matchQuery(match), schema: selectionIdsResponseSchema }))
        .data,
  );
}

export function useListCertificateIds() {
  const api = useApi();
  return useCallback((match: CertificateMatch) => listCertificateIds(api, match), [api]);
}
