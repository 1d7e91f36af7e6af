import { certificateResponseSchema, type Certificate } from '../../../contract/certificates';
import { CERTIFICATE_ERRORS } from '../../../contract/ui-texts';
import type { ApiClient } from '../../../lib/api';
import { withDataError } from '../../../lib/api/call-errors';
import { useCertificateMutation } from './mutation';

/** `POST /certificates/{id}/revoke` with the optional reason (left out when blank). */
export function revokeCertificate(api: ApiClient, id: string, reason: string): Promise<Certificate> {
  const trimmed = reason.trim();
  return withDataError(
    CERTIFICATE_ERRORS.revoke,
    async () =>
      (
        await api.post(`/certificates/${id}/revoke`, {
          body: trimmed ? { reason: trimmed } : {},
          schema: certificateResponseSchema,
        })
      ).data,
  );
}

export const useRevokeCertificate = () => useCertificateMutation(revokeCertificate);
