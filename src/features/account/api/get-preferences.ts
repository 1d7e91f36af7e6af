import useSWR from 'swr';
import { preferencesResponseSchema, type Preferences } from '../../../contract/mail';
import { MAIL_ERRORS } from '../../../contract/ui-texts';
import type { ApiClient } from '../../../lib/api';
import { withDataError } from '../../../lib/api/call-errors';
import { useApi } from '../../../lib/session';
import { accountKeys } from './keys';

/** `GET /auth/preferences`: the signed-in user's own settings (expiry reminders by e-mail). */
function getPreferences(api: ApiClient): Promise<Preferences> {
  return withDataError(
    MAIL_ERRORS.fetchPreferences,
    async () => (await api.get('/auth/preferences', { schema: preferencesResponseSchema })).data,
  );
}

export function usePreferences() {
  const api = useApi();
  return useSWR(accountKeys.preferences(), () => getPreferences(api));
}
