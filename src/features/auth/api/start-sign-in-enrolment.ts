import { mfaEnrolmentResponseSchema, type MfaEnrolment } from '../../../contract/sign-in';
import type { ApiClient } from '../../../lib/api';

/** `POST /auth/login/mfa/enrolment`: a new authenticator for an account the owners' rule sends to enrol at sign-in. */
export async function startSignInEnrolment(api: ApiClient, mfaToken: string): Promise<MfaEnrolment> {
  return (
    await api.post('/auth/login/mfa/enrolment', {
      anonymous: true,
      body: { mfaToken },
      schema: mfaEnrolmentResponseSchema,
    })
  ).data;
}
