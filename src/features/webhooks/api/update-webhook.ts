import { webhookResponseSchema, type UpdateWebhookRequest, type Webhook } from '../../../contract/webhooks';
import { WEBHOOKS_ERRORS } from '../../../contract/ui-texts';
import { useMutation, type Mutation } from '../../../lib/api/use-mutation';
import { WEBHOOK_CHANGE_RELOADS } from './revalidate';

/** `PUT /webhooks/{id}`: enabling a disabled endpoint clears why it was disabled. */
const updateWebhook: Mutation<[id: string, body: UpdateWebhookRequest], Webhook> = {
  call: async (api, id, body) =>
    (await api.put(`/webhooks/${encodeURIComponent(id)}`, { body, schema: webhookResponseSchema })).data,
  fallback: WEBHOOKS_ERRORS.updateWebhook,
  reloads: WEBHOOK_CHANGE_RELOADS,
};

export const useUpdateWebhook = () => useMutation(updateWebhook);
