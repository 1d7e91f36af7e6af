import { useCallback } from 'react';
import { certificateResponseSchema, type Certificate } from '../../../contract/certificates';
import { ACTIVITY_ERRORS } from '../../../contract/ui-texts';
import type { ApiClient } from '../../../lib/api';
import { withDataError } from '../../../lib/api/call-errors';
import { useApi } from '../../../lib/session';

/** `GET /certificates/{id}`: the certificate a log row is about, to open its history. */
function getCertificate(api: ApiClient, id: string): Promise<Certificate> {
  return withDataError(
    ACTIVITY_ERRORS.fetchCertificate,
    async () => (await api.get(`/certificates/${id}`, { schema: certificateResponseSchema })).data,
  );
}

/** Fetched on demand (a press on the row's link), not cached: the history shows the certificate as it is now. */
export function useGetCertificate() {
  const api = useApi();
  return useCallback((id: string) => getCertificate(api, id), [api]);
}
