import {
  certificateResponseSchema,
  type Certificate,
  type UpdateCertificateRequest,
} from '../../../contract/certificates';
import { CERTIFICATE_ERRORS } from '../../../contract/ui-texts';
import { useMutation, type Mutation } from '../../../lib/api/use-mutation';
import { CERTIFICATE_CHANGE_RELOADS } from './revalidate';

/** `PUT /certificates/{id}`: every field but the client (docs/requirements.md#calls). */
const updateCertificate: Mutation<[id: string, body: UpdateCertificateRequest], Certificate> = {
  call: async (api, id, body) =>
    (await api.put(`/certificates/${id}`, { body, schema: certificateResponseSchema })).data,
  fallback: CERTIFICATE_ERRORS.update,
  reloads: CERTIFICATE_CHANGE_RELOADS,
};

export const useUpdateCertificate = () => useMutation(updateCertificate);
