import useSWR from 'swr';
import { sessionsResponseSchema, type SessionInfo } from '../../../contract/auth';
import { ACCOUNT_ERRORS } from '../../../contract/ui-texts';
import type { ApiClient } from '../../../lib/api';
import { withDataError } from '../../../lib/api/call-errors';
import { useApi } from '../../../lib/session';
import { accountKeys } from './keys';

/** `GET /auth/sessions`: where the signed-in user is signed in, newest use first; `current` is this browser's. */
async function getSessions(api: ApiClient): Promise<SessionInfo[]> {
  return withDataError(
    ACCOUNT_ERRORS.fetchSessions,
    async () => (await api.get('/auth/sessions', { schema: sessionsResponseSchema })).data,
  );
}

export function useSessions() {
  const api = useApi();
  return useSWR(accountKeys.sessions(), () => getSessions(api));
}
