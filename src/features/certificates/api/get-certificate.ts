import { certificateResponseSchema } from '../../../contract/certificates';
import { CERTIFICATE_ERRORS } from '../../../contract/ui-texts';
import { useApiGet } from '../../../lib/api/use-api-get';
import { certificateKeys } from './keys';

/** `GET /certificates/{id}`: the other certificate of a transfer, whose serial number History links to. */
export function useCertificate(id: string | null) {
  return useApiGet(
    id ? certificateKeys.one(id) : null,
    `/certificates/${encodeURIComponent(id ?? '')}`,
    certificateResponseSchema,
    CERTIFICATE_ERRORS.fetchOne,
  );
}
