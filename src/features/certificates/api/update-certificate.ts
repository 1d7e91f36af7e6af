import {
  certificateResponseSchema,
  type Certificate,
  type UpdateCertificateRequest,
} from '../../../contract/certificates';
import { CERTIFICATE_ERRORS } from '../../../contract/ui-texts';
import type { ApiClient } from '../../../lib/api';
import { withDataError } from '../../../lib/api/call-errors';
import { useCertificateMutation } from './mutation';

/** `PUT /certificates/{id}`: every field but the client (docs/requirements.md#calls). */
export function updateCertificate(
  api: ApiClient,
  id: string,
  body: UpdateCertificateRequest,
): Promise<Certificate> {
  return withDataError(
    CERTIFICATE_ERRORS.update,
    async () => (await api.put(`/certificates/${id}`, { body, schema: certificateResponseSchema })).data,
  );
}

export const useUpdateCertificate = () => useCertificateMutation(updateCertificate);
