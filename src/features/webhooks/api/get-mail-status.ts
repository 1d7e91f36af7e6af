import useSWR from 'swr';
import { mailStatusResponseSchema, type MailStatus } from '../../../contract/mail';
import { MAIL_ERRORS } from '../../../contract/ui-texts';
import type { ApiClient } from '../../../lib/api';
import { withDataError } from '../../../lib/api/call-errors';
import { useApi } from '../../../lib/session';
import { webhookKeys } from './keys';

/** `GET /mail/status`: whether the server can send expiry reminders, from which address and when. */
function getMailStatus(api: ApiClient): Promise<MailStatus> {
  return withDataError(
    MAIL_ERRORS.fetchStatus,
    async () => (await api.get('/mail/status', { schema: mailStatusResponseSchema })).data,
  );
}

export function useMailStatus() {
  const api = useApi();
  return useSWR(webhookKeys.mailStatus(), () => getMailStatus(api));
}
