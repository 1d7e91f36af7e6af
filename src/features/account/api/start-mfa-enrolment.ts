import { mfaEnrolmentResponseSchema, type MfaEnrolment } from '../../../contract/sign-in';
import { MFA_ERRORS } from '../../../contract/texts/sign-in';
import { useMutation, type Mutation } from '../../../lib/api/use-mutation';

/** `POST /auth/mfa/enrolment` with the current password: a new authenticator key, pending until a code confirms it. */
const startMfaEnrolment: Mutation<[password: string], MfaEnrolment> = {
  call: async (api, password) =>
    (await api.post('/auth/mfa/enrolment', { body: { password }, schema: mfaEnrolmentResponseSchema })).data,
  fallback: MFA_ERRORS.enrol,
  reloads: [],
};

export const useStartMfaEnrolment = () => useMutation(startMfaEnrolment);
