import {
  createdWebhookResponseSchema,
  type CreatedWebhook,
  type CreateWebhookRequest,
} from '../../../contract/webhooks';
import { WEBHOOKS_ERRORS } from '../../../contract/ui-texts';
import { useMutation, type Mutation } from '../../../lib/api/use-mutation';
import { WEBHOOK_CHANGE_RELOADS } from './revalidate';

/** `POST /webhooks`: the answer carries the signing secret, which the server never shows again. */
const createWebhook: Mutation<[body: CreateWebhookRequest], CreatedWebhook> = {
  call: async (api, body) =>
    (await api.post('/webhooks', { body, schema: createdWebhookResponseSchema })).data,
  fallback: WEBHOOKS_ERRORS.createWebhook,
  reloads: WEBHOOK_CHANGE_RELOADS,
};

export const useCreateWebhook = () => useMutation(createWebhook);
