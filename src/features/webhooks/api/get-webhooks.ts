import useSWR from 'swr';
import { webhooksResponseSchema, type Webhook } from '../../../contract/webhooks';
import { WEBHOOKS_ERRORS } from '../../../contract/ui-texts';
import type { ApiClient } from '../../../lib/api';
import { withDataError } from '../../../lib/api/call-errors';
import { useApi } from '../../../lib/session';
import { webhookKeys } from './keys';

/** `GET /webhooks`: every endpoint, without its secret. */
function getWebhooks(api: ApiClient): Promise<Webhook[]> {
  return withDataError(
    WEBHOOKS_ERRORS.fetchWebhooks,
    async () => (await api.get('/webhooks', { schema: webhooksResponseSchema })).data,
  );
}

export function useWebhooks() {
  const api = useApi();
  return useSWR(webhookKeys.list(), () => getWebhooks(api));
}
