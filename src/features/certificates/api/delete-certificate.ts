import { CERTIFICATE_ERRORS } from '../../../contract/ui-texts';
import { useMutation, type Mutation } from '../../../lib/api/use-mutation';
import { CERTIFICATE_CHANGE_RELOADS } from './revalidate';

/** `DELETE /certificates/{id}`. */
const deleteCertificate: Mutation<[id: string], void> = {
  call: async (api, id) => {
    await api.delete(`/certificates/${id}`);
  },
  fallback: CERTIFICATE_ERRORS.delete,
  reloads: CERTIFICATE_CHANGE_RELOADS,
};

export const useDeleteCertificate = () => useMutation(deleteCertificate);
