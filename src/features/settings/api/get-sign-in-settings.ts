import { signInSettingsResponseSchema } from '../../../contract/sign-in';
import { SETTINGS_ERRORS } from '../../../contract/texts/sign-in';
import { useApiGet } from '../../../lib/api/use-api-get';
import { settingsKeys } from './keys';

/** `GET /settings/sign-in`: how everyone signs in (owners only). */
export function useSignInSettings() {
  return useApiGet(
    settingsKeys.signIn(),
    '/settings/sign-in',
    signInSettingsResponseSchema,
    SETTINGS_ERRORS.fetch,
  );
}
