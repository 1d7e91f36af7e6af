import { recoveryCodesResponseSchema } from '../../../contract/sign-in';
import { MFA_ERRORS } from '../../../contract/texts/sign-in';
import { useMutation, type Mutation } from '../../../lib/api/use-mutation';
import { accountKeys } from './keys';

/** `POST /auth/mfa/enrolment/confirm`: the first code turns two-factor sign-in on; answers the recovery codes. */
const confirmMfaEnrolment: Mutation<[code: string], string[]> = {
  call: async (api, code) =>
    (await api.post('/auth/mfa/enrolment/confirm', { body: { code }, schema: recoveryCodesResponseSchema }))
      .data.recoveryCodes,
  fallback: MFA_ERRORS.confirm,
  reloads: [],
  onSuccess: (mutate) => mutate(accountKeys.mfa()),
};

export const useConfirmMfaEnrolment = () => useMutation(confirmMfaEnrolment);
