import { mfaEnrolmentResponseSchema, type MfaEnrolment } from '../../../contract/sign-in';
import { MFA_ERRORS } from '../../../contract/texts/sign-in';
import { useMutation, type Mutation } from '../../../lib/api/use-mutation';

/** `POST /auth/mfa/enrolment`: a new authenticator key, pending until a code confirms it. */
const startMfaEnrolment: Mutation<[], MfaEnrolment> = {
  call: async (api) => (await api.post('/auth/mfa/enrolment', { schema: mfaEnrolmentResponseSchema })).data,
  fallback: MFA_ERRORS.enrol,
  reloads: [],
};

export const useStartMfaEnrolment = () => useMutation(startMfaEnrolment);
