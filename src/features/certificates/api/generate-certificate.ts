import { certificateResponseSchema, type Certificate } from '../../../contract/certificates';
import { CERTIFICATE_ERRORS } from '../../../contract/ui-texts';
import type { ApiClient } from '../../../lib/api';
import { withDataError } from '../../../lib/api/call-errors';
import { useCertificateMutation } from './mutation';

/** `POST /certificates/{id}/generate`: signs the licence of an active or distributed certificate again. */
export function generateCertificate(api: ApiClient, id: string): Promise<Certificate> {
  return withDataError(
    CERTIFICATE_ERRORS.generate,
    async () => (await api.post(`/certificates/${id}/generate`, { schema: certificateResponseSchema })).data,
  );
}

export const useGenerateCertificate = () => useCertificateMutation(generateCertificate);
