import { mfaStatusResponseSchema } from '../../../contract/sign-in';
import { MFA_ERRORS } from '../../../contract/texts/sign-in';
import { useApiGet } from '../../../lib/api/use-api-get';
import { accountKeys } from './keys';

/** `GET /auth/mfa`: whether the caller signs in with two-factor codes, and what the owners require. */
export function useMfaStatus() {
  return useApiGet(accountKeys.mfa(), '/auth/mfa', mfaStatusResponseSchema, MFA_ERRORS.fetchStatus);
}
