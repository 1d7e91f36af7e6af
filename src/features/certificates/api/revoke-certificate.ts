import { certificateResponseSchema, type Certificate } from '../../../contract/certificates';
import { CERTIFICATE_ERRORS } from '../../../contract/ui-texts';
import { useMutation, type Mutation } from '../../../lib/api/use-mutation';
import { CERTIFICATE_CHANGE_RELOADS } from './revalidate';

/** `POST /certificates/{id}/revoke` with the optional reason (left out when blank). */
const revokeCertificate: Mutation<[id: string, reason: string], Certificate> = {
  call: async (api, id, reason) => {
    const trimmed = reason.trim();
    const body = trimmed ? { reason: trimmed } : {};
    return (await api.post(`/certificates/${id}/revoke`, { body, schema: certificateResponseSchema })).data;
  },
  fallback: CERTIFICATE_ERRORS.revoke,
  reloads: CERTIFICATE_CHANGE_RELOADS,
};

export const useRevokeCertificate = () => useMutation(revokeCertificate);
