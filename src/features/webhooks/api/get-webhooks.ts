import { webhooksResponseSchema } from '../../../contract/webhooks';
import { WEBHOOKS_ERRORS } from '../../../contract/ui-texts';
import { useApiGet } from '../../../lib/api/use-api-get';
import { webhookKeys } from './keys';

/** `GET /webhooks`: every endpoint, without its secret. */
export function useWebhooks() {
  return useApiGet(webhookKeys.list(), '/webhooks', webhooksResponseSchema, WEBHOOKS_ERRORS.fetchWebhooks);
}
