import { clientResponseSchema, type Client, type UpdateClientRequest } from '../../../contract/clients';
import { CLIENTS_ERRORS } from '../../../contract/ui-texts';
import { useMutation, type Mutation } from '../../../lib/api/use-mutation';
import { CLIENT_CHANGE_RELOADS } from './revalidate';

/** `PUT /clients/{id}`. */
const updateClient: Mutation<[id: string, body: UpdateClientRequest], Client> = {
  call: async (api, id, body) =>
    (await api.put(`/clients/${encodeURIComponent(id)}`, { body, schema: clientResponseSchema })).data,
  fallback: CLIENTS_ERRORS.updateClient,
  reloads: CLIENT_CHANGE_RELOADS,
};

export const useUpdateClient = () => useMutation(updateClient);
