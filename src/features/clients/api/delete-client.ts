import { CLIENTS_ERRORS } from '../../../contract/ui-texts';
import { useMutation, type Mutation } from '../../../lib/api/use-mutation';
import { CLIENT_CHANGE_RELOADS } from './revalidate';

/** `DELETE /clients/{id}` (refused with 409 while the client has live certificates). */
const deleteClient: Mutation<[id: string], void> = {
  call: async (api, id) => {
    await api.delete(`/clients/${encodeURIComponent(id)}`);
  },
  fallback: CLIENTS_ERRORS.deleteClient,
  reloads: CLIENT_CHANGE_RELOADS,
};

export const useDeleteClient = () => useMutation(deleteClient);
