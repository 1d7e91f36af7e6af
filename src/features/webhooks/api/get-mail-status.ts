import { mailStatusResponseSchema } from '../../../contract/mail';
import { MAIL_ERRORS } from '../../../contract/ui-texts';
import { useApiGet } from '../../../lib/api/use-api-get';
import { webhookKeys } from './keys';

/** `GET /mail/status`: whether the server can send expiry reminders, from which address and when. */
export function useMailStatus() {
  return useApiGet(
    webhookKeys.mailStatus(),
    '/mail/status',
    mailStatusResponseSchema,
    MAIL_ERRORS.fetchStatus,
  );
}
