// The webhooks service (docs/webhooks.md), one module per concern:
// - endpoints.ts: create, read, change, delete an endpoint, rotate its secret (with activity rows);
// - deliveries.ts: the delivery log (every attempt of each delivery), the test event, a manual redelivery;
// - outbox.ts: the events, written in the transaction of each change (from services/shared/audit.ts and the expiry sweep);
// - dispatcher.ts: fan-out, claiming with SKIP LOCKED each endpoint within its attempts in flight, retries, disabling
//   failing endpoints; dispatch-store.ts holds its SQL and the retention purge;
// - sender.ts and address-policy.ts: one attempt over HTTP, to an allowed address; signing.ts: the signature.
import type { AppContext } from '../shared/context';
import { createWebhookDeliveryLog, type WebhookDeliveryLog } from './deliveries';
import { createWebhookEndpoints, type WebhookEndpoints } from './endpoints';

export type WebhooksService = WebhookEndpoints & WebhookDeliveryLog;

export function createWebhooksService(ctx: Pick<AppContext, 'db' | 'now'>): WebhooksService {
  return { ...createWebhookEndpoints(ctx), ...createWebhookDeliveryLog(ctx) };
}

export { createWebhookDispatcher, purgeWebhookDeliveries, type WebhookDispatcher } from './dispatcher';
