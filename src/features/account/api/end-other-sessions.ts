import { ACCOUNT_ERRORS } from '../../../contract/ui-texts';
import { useMutation, type Mutation } from '../../../lib/api/use-mutation';

/** `DELETE /auth/sessions`: ends every session of the user but this browser's. */
const endOtherSessions: Mutation<[], void> = {
  call: async (api) => {
    await api.delete('/auth/sessions');
  },
  fallback: ACCOUNT_ERRORS.endOtherSessions,
  // The page reloads its sessions itself (api/keys.ts).
  reloads: [],
};

export const useEndOtherSessions = () => useMutation(endOtherSessions);
