import { webhookDeliveryResponseSchema, type WebhookDelivery } from '../../../contract/webhooks';
import { WEBHOOKS_ERRORS } from '../../../contract/ui-texts';
import { useMutation, type Mutation } from '../../../lib/api/use-mutation';
import { WEBHOOK_CHANGE_RELOADS } from './revalidate';

/** `POST /webhooks/{id}/deliveries/{deliveryId}/redeliver`: the same event (same webhook-id) sent again. */
const redeliver: Mutation<[id: string, deliveryId: string], WebhookDelivery> = {
  call: async (api, id, deliveryId) =>
    (
      await api.post(
        `/webhooks/${encodeURIComponent(id)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`,
        { schema: webhookDeliveryResponseSchema },
      )
    ).data,
  fallback: WEBHOOKS_ERRORS.redeliver,
  reloads: WEBHOOK_CHANGE_RELOADS,
};

export const useRedeliver = () => useMutation(redeliver);
