import useSWR from 'swr';
import { signInSettingsResponseSchema, type SignInSettings } from '../../../contract/sign-in';
import { SETTINGS_ERRORS } from '../../../contract/texts/sign-in';
import type { ApiClient } from '../../../lib/api';
import { withDataError } from '../../../lib/api/call-errors';
import { useApi } from '../../../lib/session';
import { settingsKeys } from './keys';

/** `GET /settings/sign-in`: how everyone signs in (owners only). */
function getSignInSettings(api: ApiClient): Promise<SignInSettings> {
  return withDataError(
    SETTINGS_ERRORS.fetch,
    async () => (await api.get('/settings/sign-in', { schema: signInSettingsResponseSchema })).data,
  );
}

export function useSignInSettings() {
  const api = useApi();
  return useSWR(settingsKeys.signIn(), () => getSignInSettings(api));
}
