import { webhookDeliveriesResponseSchema } from '../../../contract/webhooks';
import { WEBHOOKS_ERRORS } from '../../../contract/ui-texts';
import { useApiGet } from '../../../lib/api/use-api-get';
import { webhookKeys } from './keys';

/** `GET /webhooks/{id}/deliveries`: the endpoint's delivery log, newest first. */
export function useDeliveries(id: string) {
  return useApiGet(
    webhookKeys.deliveries(id),
    `/webhooks/${encodeURIComponent(id)}/deliveries`,
    webhookDeliveriesResponseSchema,
    WEBHOOKS_ERRORS.fetchDeliveries,
  );
}
