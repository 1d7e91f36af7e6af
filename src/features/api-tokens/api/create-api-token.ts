import {
  createdApiTokenResponseSchema,
  type CreateApiTokenRequest,
  type CreatedApiToken,
} from '../../../contract/api-tokens';
import { API_TOKENS_ERRORS } from '../../../contract/ui-texts';
import { useMutation, type Mutation } from '../../../lib/api/use-mutation';
import { API_TOKEN_CHANGE_RELOADS } from './revalidate';

/** `POST /api-tokens`: the answer carries the secret, which the server never shows again. */
const createApiToken: Mutation<[body: CreateApiTokenRequest], CreatedApiToken> = {
  call: async (api, body) =>
    (await api.post('/api-tokens', { body, schema: createdApiTokenResponseSchema })).data,
  fallback: API_TOKENS_ERRORS.createApiToken,
  reloads: API_TOKEN_CHANGE_RELOADS,
};

export const useCreateApiToken = () => useMutation(createApiToken);
