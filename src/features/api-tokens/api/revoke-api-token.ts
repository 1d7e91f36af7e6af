import { API_TOKENS_ERRORS } from '../../../contract/ui-texts';
import { useMutation, type Mutation } from '../../../lib/api/use-mutation';
import { API_TOKEN_CHANGE_RELOADS } from './revalidate';

/** `DELETE /api-tokens/{id}`: the token's next call answers 401. */
const revokeApiToken: Mutation<[id: string], void> = {
  call: async (api, id) => {
    await api.delete(`/api-tokens/${encodeURIComponent(id)}`);
  },
  fallback: API_TOKENS_ERRORS.revokeApiToken,
  reloads: API_TOKEN_CHANGE_RELOADS,
};

export const useRevokeApiToken = () => useMutation(revokeApiToken);
