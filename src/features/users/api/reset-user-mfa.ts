import { MFA_ERRORS } from '../../../contract/texts/sign-in';
import { useMutation, type Mutation } from '../../../lib/api/use-mutation';
import { USER_CHANGE_RELOADS } from './revalidate';

/** `DELETE /users/{id}/mfa`: turns another user's two-factor codes off (they lost their authenticator). */
const resetUserMfa: Mutation<[id: string], void> = {
  call: async (api, id) => {
    await api.delete(`/users/${encodeURIComponent(id)}/mfa`);
  },
  fallback: MFA_ERRORS.reset,
  // The user's row says whether they have codes.
  reloads: USER_CHANGE_RELOADS,
};

export const useResetUserMfa = () => useMutation(resetUserMfa);
