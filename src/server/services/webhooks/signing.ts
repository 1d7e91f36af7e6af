// The Standard Webhooks signature: `v1,` + base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}", keyed with
// the base64-decoded part of the secret after `whsec_` (docs/webhooks.md has the receiver's side).
import { createHmac, randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_BYTES, WEBHOOK_SECRET_PREFIX } from '../../../contract/webhooks';

/** A new signing secret: `whsec_` + base64 of 32 random bytes. */
export const newWebhookSecret = () =>
  `${WEBHOOK_SECRET_PREFIX}${randomBytes(WEBHOOK_SECRET_BYTES).toString('base64')}`;

/** The `webhook-signature` header value of one attempt. */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
  const mac = createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}
