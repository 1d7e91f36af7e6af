import useSWR from 'swr';
import { certificateResponseSchema, type Certificate } from '../../../contract/certificates';
import { CERTIFICATE_ERRORS } from '../../../contract/ui-texts';
import type { ApiClient } from '../../../lib/api';
import { withDataError } from '../../../lib/api/call-errors';
import { useApi } from '../../../lib/session';
import { certificateKeys } from './keys';

/** `GET /certificates/{id}`: the other certificate of a transfer, whose serial number History links to (issue 19). */
function getCertificate(api: ApiClient, id: string): Promise<Certificate> {
  return withDataError(
    CERTIFICATE_ERRORS.fetchOne,
    async () => (await api.get(`/certificates/${id}`, { schema: certificateResponseSchema })).data,
  );
}

export function useCertificate(id: string | null) {
  const api = useApi();
  return useSWR(id ? certificateKeys.one(id) : null, () => getCertificate(api, id as string));
}
