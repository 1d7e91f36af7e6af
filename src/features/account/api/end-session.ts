import { ACCOUNT_ERRORS } from '../../../contract/ui-texts';
import { useMutation, type Mutation } from '../../../lib/api/use-mutation';

/** `DELETE /auth/sessions/{id}`: ends one of the user's sessions (its tokens stop working at once). */
const endSession: Mutation<[id: string], void> = {
  call: async (api, id) => {
    await api.delete(`/auth/sessions/${encodeURIComponent(id)}`);
  },
  fallback: ACCOUNT_ERRORS.endSession,
  // The page reloads its sessions itself (api/keys.ts).
  reloads: [],
};

export const useEndSession = () => useMutation(endSession);
