import { CERTIFICATE_ERRORS } from '../../../contract/ui-texts';
import type { ApiClient } from '../../../lib/api';
import { withDataError } from '../../../lib/api/call-errors';
import { useCertificateMutation } from './mutation';

/** `DELETE /certificates/{id}`. */
export function deleteCertificate(api: ApiClient, id: string): Promise<void> {
  return withDataError(CERTIFICATE_ERRORS.delete, async () => {
    await api.delete(`/certificates/${id}`);
  });
}

export const useDeleteCertificate = () => useCertificateMutation(deleteCertificate);
