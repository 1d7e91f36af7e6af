import { certificateResponseSchema, type Certificate } from '../../../contract/certificates';
import { CERTIFICATE_ERRORS } from '../../../contract/ui-texts';
import type { ApiClient } from '../../../lib/api';
import { withDataError } from '../../../lib/api/call-errors';
import { useCertificateMutation } from './mutation';

/** `POST /certificates/{id}/activate`: pending to active, signing its licence. */
export function activateCertificate(api: ApiClient, id: string): Promise<Certificate> {
  return withDataError(
    CERTIFICATE_ERRORS.activate,
    async () => (await api.post(`/certificates/${id}/activate`, { schema: certificateResponseSchema })).data,
  );
}

export const useActivateCertificate = () => useCertificateMutation(activateCertificate);
