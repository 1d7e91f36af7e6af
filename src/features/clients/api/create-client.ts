import { clientResponseSchema, type Client, type CreateClientRequest } from '../../../contract/clients';
import { CLIENTS_ERRORS } from '../../../contract/ui-texts';
import { useMutation, type Mutation } from '../../../lib/api/use-mutation';
import { CLIENT_CHANGE_RELOADS } from './revalidate';

/** `POST /clients`. */
const createClient: Mutation<[body: CreateClientRequest], Client> = {
  call: async (api, body) => (await api.post('/clients', { body, schema: clientResponseSchema })).data,
  fallback: CLIENTS_ERRORS.createClient,
  reloads: CLIENT_CHANGE_RELOADS,
};

export const useCreateClient = () => useMutation(createClient);
