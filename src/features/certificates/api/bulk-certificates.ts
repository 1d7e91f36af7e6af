import { useCallback } from 'react';
import {
  certificatesBulkResponseSchema,
  type CertificateBulkAction,
  type CertificatesBulkOutcome,
} from '../../../contract/certificates';
import type { ApiClient } from '../../../lib/api';
import { useApi } from '../../../lib/session';

/**
 * One `POST /certificates/bulk {action, ids, reason?}` of at most MAX_BULK_IDS ids (issue 18): each certificate
 * with the single action's rules, every id's outcome in the answer. The caller runs larger selections in chunks
 * (`runInChunks`) and reloads the lists once at the end, so this call reloads nothing itself.
 */
function bulkCertificates(
  api: ApiClient,
  action: CertificateBulkAction,
  ids: string[],
  reason?: string,
): Promise<CertificatesBulkOutcome> {
  const trimmed = reason?.trim();
  return api
    .post('/certificates/bulk', {
      body: { action, ids, ...(trimmed ? { reason: trimmed } : {}) },
      schema: certificatesBulkResponseSchema,
    })
    .then((response) => response.data);
}

export function useBulkCertificates() {
  const api = useApi();
  return useCallback(
    (action: CertificateBulkAction, ids: string[], reason?: string) =>
      bulkCertificates(api, action, ids, reason),
    [api],
  );
}
