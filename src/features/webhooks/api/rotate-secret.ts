import { rotatedWebhookSecretResponseSchema } from '../../../contract/webhooks';
import { WEBHOOKS_ERRORS } from '../../../contract/ui-texts';
import { useMutation, type Mutation } from '../../../lib/api/use-mutation';
import { WEBHOOK_CHANGE_RELOADS } from './revalidate';

/** `POST /webhooks/{id}/rotate-secret`: the new secret, shown once; the old one stops signing at once. */
const rotateSecret: Mutation<[id: string], string> = {
  call: async (api, id) =>
    (
      await api.post(`/webhooks/${encodeURIComponent(id)}/rotate-secret`, {
        schema: rotatedWebhookSecretResponseSchema,
      })
    ).data.secret,
  fallback: WEBHOOKS_ERRORS.rotateSecret,
  reloads: WEBHOOK_CHANGE_RELOADS,
};

export const useRotateSecret = () => useMutation(rotateSecret);
