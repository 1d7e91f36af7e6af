import { preferencesResponseSchema } from '../../../contract/mail';
import { MAIL_ERRORS } from '../../../contract/ui-texts';
import { useApiGet } from '../../../lib/api/use-api-get';
import { accountKeys } from './keys';

/** `GET /auth/preferences`: the signed-in user's own settings (expiry reminders by e-mail). */
export function usePreferences() {
  return useApiGet(
    accountKeys.preferences(),
    '/auth/preferences',
    preferencesResponseSchema,
    MAIL_ERRORS.fetchPreferences,
  );
}
