import useSWR from 'swr';
import { mfaStatusResponseSchema, type MfaStatus } from '../../../contract/sign-in';
import { MFA_ERRORS } from '../../../contract/texts/sign-in';
import type { ApiClient } from '../../../lib/api';
import { withDataError } from '../../../lib/api/call-errors';
import { useApi } from '../../../lib/session';
import { accountKeys } from './keys';

/** `GET /auth/mfa`: whether the caller signs in with two-factor codes, and what the owners require. */
function getMfaStatus(api: ApiClient): Promise<MfaStatus> {
  return withDataError(
    MFA_ERRORS.fetchStatus,
    async () => (await api.get('/auth/mfa', { schema: mfaStatusResponseSchema })).data,
  );
}

export function useMfaStatus() {
  const api = useApi();
  return useSWR(accountKeys.mfa(), () => getMfaStatus(api));
}
