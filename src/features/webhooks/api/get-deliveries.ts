import useSWR from 'swr';
import { webhookDeliveriesResponseSchema, type WebhookDelivery } from '../../../contract/webhooks';
import { WEBHOOKS_ERRORS } from '../../../contract/ui-texts';
import type { ApiClient } from '../../../lib/api';
import { withDataError } from '../../../lib/api/call-errors';
import { useApi } from '../../../lib/session';
import { webhookKeys } from './keys';

/** `GET /webhooks/{id}/deliveries`: the endpoint's delivery log, newest first. */
function getDeliveries(api: ApiClient, id: string): Promise<WebhookDelivery[]> {
  return withDataError(
    WEBHOOKS_ERRORS.fetchDeliveries,
    async () =>
      (
        await api.get(`/webhooks/${encodeURIComponent(id)}/deliveries`, {
          schema: webhookDeliveriesResponseSchema,
        })
      ).data,
  );
}

export function useDeliveries(id: string) {
  const api = useApi();
  return useSWR(webhookKeys.deliveries(id), () => getDeliveries(api, id));
}
