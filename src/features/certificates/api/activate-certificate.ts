import { certificateResponseSchema, type Certificate } from '../../../contract/certificates';
import { CERTIFICATE_ERRORS } from '../../../contract/ui-texts';
import { useMutation, type Mutation } from '../../../lib/api/use-mutation';
import { CERTIFICATE_CHANGE_RELOADS } from './revalidate';

/** `POST /certificates/{id}/activate`: pending to active, signing its licence. */
const activateCertificate: Mutation<[id: string], Certificate> = {
  call: async (api, id) =>
    (await api.post(`/certificates/${id}/activate`, { schema: certificateResponseSchema })).data,
  fallback: CERTIFICATE_ERRORS.activate,
  reloads: CERTIFICATE_CHANGE_RELOADS,
};

export const useActivateCertificate = () => useMutation(activateCertificate);
