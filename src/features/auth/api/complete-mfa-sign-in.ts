import {
  mfaLoginResponseSchema,
  type MfaLoginAnswer,
  type mfaLoginRequestSchema,
} from '../../../contract/sign-in';
import type { z } from 'zod';
import type { ApiClient } from '../../../lib/api';

/**
 * `POST /auth/login/mfa`: the code (or a recovery code) after the password. Answers the session, and the recovery
 * codes when the step also confirmed an enrolment the owners required.
 */
export async function completeMfaSignIn(
  api: ApiClient,
  body: z.input<typeof mfaLoginRequestSchema>,
): Promise<MfaLoginAnswer> {
  return (await api.post('/auth/login/mfa', { anonymous: true, body, schema: mfaLoginResponseSchema })).data;
}
