import { useCallback } from 'react';
import {
  certificatesBulkResponseSchema,
  type CertificateBulkAction,
  type CertificatesBulkOutcome,
} from '../../../contract/certificates';
import type { ApiClient } from '../../../lib/api';
import { useApi } from '../../../lib/session';

/** What an action takes besides the ids: the revocation's reason, a renewal's end (one of the two). */
export interface BulkOptions {
  reason?: string;
  validTo?: number;
  extendBy?: { months: number };
}

/**
 * One `POST /certificates/bulk {action, ids, reason?, validTo?, extendBy?}` of at most MAX_BULK_IDS ids: each certificate
 * with the single action's rules, every id's outcome in the answer. The caller runs larger selections in chunks
 * (`runInChunks`) and reloads the lists once at the end, so this call reloads nothing itself.
 */
function bulkCertificates(
  api: ApiClient,
  action: CertificateBulkAction,
  ids: string[],
  { reason, ...renewal }: BulkOptions = {},
): Promise<CertificatesBulkOutcome> {
  const trimmed = reason?.trim();
  return api
    .post('/certificates/bulk', {
      body: { action, ids, ...(trimmed ? { reason: trimmed } : {}), ...renewal },
      schema: certificatesBulkResponseSchema,
    })
    .then((response) => response.data);
}

export function useBulkCertificates() {
  const api = useApi();
  return useCallback(
    (action: CertificateBulkAction, ids: string[], options?: BulkOptions) =>
      bulkCertificates(api, action, ids, options),
    [api],
  );
}
