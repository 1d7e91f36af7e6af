import { webhookDeliveryResponseSchema, type WebhookDelivery } from '../../../contract/webhooks';
import { WEBHOOKS_ERRORS } from '../../../contract/ui-texts';
import { useMutation, type Mutation } from '../../../lib/api/use-mutation';
import { WEBHOOK_CHANGE_RELOADS } from './revalidate';

/** `POST /webhooks/{id}/test`: a `ping` to this endpoint alone; its delivery joins the log. */
const sendTest: Mutation<[id: string], WebhookDelivery> = {
  call: async (api, id) =>
    (await api.post(`/webhooks/${encodeURIComponent(id)}/test`, { schema: webhookDeliveryResponseSchema }))
      .data,
  fallback: WEBHOOKS_ERRORS.sendTest,
  reloads: WEBHOOK_CHANGE_RELOADS,
};

export const useSendTest = () => useMutation(sendTest);
