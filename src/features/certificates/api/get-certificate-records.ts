import useSWR from 'swr';
import { certificateRecordsResponseSchema, type CertificateRecord } from '../../../contract/certificates';
import { CERTIFICATE_ERRORS } from '../../../contract/ui-texts';
import type { ApiClient } from '../../../lib/api';
import { useApi } from '../../../lib/session';
import { withDataError } from '../../../lib/api/call-errors';
import { certificateKeys } from './keys';

/** `GET /certificates/{id}/records`: the history, newest first. */
function getCertificateRecords(api: ApiClient, id: string): Promise<CertificateRecord[]> {
  return withDataError(
    CERTIFICATE_ERRORS.fetchRecords,
    async () =>
      (await api.get(`/certificates/${id}/records`, { schema: certificateRecordsResponseSchema })).data,
  );
}

export function useCertificateRecords(id: string | null) {
  const api = useApi();
  return useSWR(id ? certificateKeys.records(id) : null, () => getCertificateRecords(api, id as string));
}
