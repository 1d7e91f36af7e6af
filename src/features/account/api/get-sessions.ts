import { sessionsResponseSchema } from '../../../contract/auth';
import { ACCOUNT_ERRORS } from '../../../contract/ui-texts';
import { useApiGet } from '../../../lib/api/use-api-get';
import { accountKeys } from './keys';

/** `GET /auth/sessions`: where the signed-in user is signed in, newest use first; `current` is this browser's. */
export function useSessions() {
  return useApiGet(
    accountKeys.sessions(),
    '/auth/sessions',
    sessionsResponseSchema,
    ACCOUNT_ERRORS.fetchSessions,
  );
}
