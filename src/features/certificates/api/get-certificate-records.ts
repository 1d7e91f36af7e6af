import { certificateRecordsResponseSchema } from '../../../contract/certificates';
import { CERTIFICATE_ERRORS } from '../../../contract/ui-texts';
import { useApiGet } from '../../../lib/api/use-api-get';
import { certificateKeys } from './keys';

/** `GET /certificates/{id}/records`: the history, newest first. */
export function useCertificateRecords(id: string | null) {
  return useApiGet(
    id ? certificateKeys.records(id) : null,
    `/certificates/${encodeURIComponent(id ?? '')}/records`,
    certificateRecordsResponseSchema,
    CERTIFICATE_ERRORS.fetchRecords,
  );
}
