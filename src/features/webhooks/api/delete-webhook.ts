import { WEBHOOKS_ERRORS } from '../../../contract/ui-texts';
import { useMutation, type Mutation } from '../../../lib/api/use-mutation';
import { WEBHOOK_CHANGE_RELOADS } from './revalidate';

/** `DELETE /webhooks/{id}`: the endpoint and its delivery log. */
const deleteWebhook: Mutation<[id: string], void> = {
  call: async (api, id) => {
    await api.delete(`/webhooks/${encodeURIComponent(id)}`);
  },
  fallback: WEBHOOKS_ERRORS.deleteWebhook,
  reloads: WEBHOOK_CHANGE_RELOADS,
};

export const useDeleteWebhook = () => useMutation(deleteWebhook);
