import {
  certificateResponseSchema,
  type Certificate,
  type CreateCertificateRequest,
} from '../../../contract/certificates';
import { CERTIFICATE_ERRORS } from '../../../contract/ui-texts';
import type { ApiClient } from '../../../lib/api';
import { withDataError } from '../../../lib/api/call-errors';
import { useCertificateMutation } from './mutation';

/** `POST /certificates` with clientId, serialNumber, counts, validity in epoch ms and notes. */
export function createCertificate(api: ApiClient, body: CreateCertificateRequest): Promise<Certificate> {
  return withDataError(
    CERTIFICATE_ERRORS.create,
    async () => (await api.post('/certificates', { body, schema: certificateResponseSchema })).data,
  );
}

export const useCreateCertificate = () => useCertificateMutation(createCertificate);
