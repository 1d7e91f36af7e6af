import { MFA_ERRORS } from '../../../contract/texts/sign-in';
import { useMutation, type Mutation } from '../../../lib/api/use-mutation';
import { accountKeys } from './keys';

/** `DELETE /auth/mfa`: turns the caller's two-factor sign-in off, with their current password. */
const disableMfa: Mutation<[password: string], void> = {
  call: async (api, password) => {
    await api.delete('/auth/mfa', { body: { password } });
  },
  fallback: MFA_ERRORS.disable,
  reloads: [],
  onSuccess: (mutate) => mutate(accountKeys.mfa()),
};

export const useDisableMfa = () => useMutation(disableMfa);
