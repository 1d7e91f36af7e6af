// The webhook endpoints: create, read, change, delete, rotate the secret. Each change runs in one transaction with
// its activity row (`webhook.*`, which webhooks themselves do not carry). The secret is answered by the creation and
// the rotation only.
import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import {
  WEBHOOK_MESSAGES,
  type CreateWebhookRequest,
  type CreatedWebhook,
  type UpdateWebhookRequest,
  type Webhook,
  type WebhookEventType,
} from '../../../contract/webhooks';
import type { ActivityVerb } from '../../../contract/dashboard';
import type { Db, Tx } from '../../db/client';
import { webhooks } from '../../db/schema';
import { notFound, validationFailed } from '../../errors';
import { recordActivity } from '../shared/audit';
import type { Actor, AppContext } from '../shared/context';
import { refusesLiteral } from './address-policy';
import { newWebhookSecret } from './signing';

type WebhookRow = typeof webhooks.$inferSelect;

export const toWebhook = (row: WebhookRow): Webhook => ({
  id: row.id,
  url: row.url,
  events: row.events as WebhookEventType[],
  description: row.description,
  enabled: row.enabled,
  disabledReason: row.disabledReason,
  createdAt: row.createdAt.getTime(),
});

/** The address policy on a literal address (a host name is checked after resolution, at send time). */
function assertUrlAllowed(url: string) {
  if (refusesLiteral(new URL(url))) throw validationFailed({ url: WEBHOOK_MESSAGES.addressRefused });
}

/** The webhook activity row: "Webhook https://… created". */
export const recordWebhookActivity = (
  tx: Db | Tx,
  actor: { id: string | null; name: string } | null,
  type: ActivityVerb<'webhook'>,
  row: { id: string; url: string },
  what: string,
  at: Date,
) =>
  recordActivity(tx, actor, {
    type: `webhook.${type}`,
    targetType: 'webhook',
    targetId: row.id,
    description: `Webhook ${row.url} ${what}`,
    at,
  });

export interface WebhookEndpoints {
  create(actor: Actor, input: CreateWebhookRequest): Promise<CreatedWebhook>;
  list(): Promise<Webhook[]>;
  get(id: string): Promise<Webhook>;
  update(actor: Actor, id: string, input: UpdateWebhookRequest): Promise<Webhook>;
  remove(actor: Actor, id: string): Promise<void>;
  rotateSecret(actor: Actor, id: string): Promise<{ id: string; secret: string }>;
}

async function lockWebhook(tx: Tx, id: string): Promise<WebhookRow> {
  const [row] = await tx.select().from(webhooks).where(eq(webhooks.id, id)).for('update');
  if (!row) throw notFound('Webhook');
  return row;
}

export function createWebhookEndpoints(ctx: Pick<AppContext, 'db' | 'now'>): WebhookEndpoints {
  const { db, now } = ctx;
  return {
    async create(actor, input) {
      assertUrlAllowed(input.url);
      const at = now();
      const secret = newWebhookSecret();
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(webhooks)
          .values({
            id: randomUUID(),
            url: input.url,
            events: input.events,
            description: input.description ?? '',
            enabled: input.enabled ?? true,
            secret,
            createdAt: at,
            updatedAt: at,
          })
          .returning();
        await recordWebhookActivity(
          tx,
          actor,
          'created',
          created!,
          `created (${input.events.join(', ')})`,
          at,
        );
        return created!;
      });
      return { ...toWebhook(row), secret };
    },

    async list() {
      const rows = await db.select().from(webhooks).orderBy(desc(webhooks.createdAt), webhooks.id);
      return rows.map(toWebhook);
    },

    async get(id) {
      const [row] = await db.select().from(webhooks).where(eq(webhooks.id, id));
      if (!row) throw notFound('Webhook');
      return toWebhook(row);
    },

    async update(actor, id, input) {
      if (input.url !== undefined) assertUrlAllowed(input.url);
      const at = now();
      return db.transaction(async (tx) => {
        const current = await lockWebhook(tx, id);
        const next = {
          url: input.url ?? current.url,
          events: input.events ?? current.events,
          description: input.description ?? current.description,
          enabled: input.enabled ?? current.enabled,
        };
        const changed = (Object.keys(next) as (keyof typeof next)[]).filter(
          (key) => JSON.stringify(next[key]) !== JSON.stringify(current[key]),
        );
        if (changed.length === 0) return toWebhook(current);
        const enabling = next.enabled && !current.enabled;
        const [updated] = await tx
          .update(webhooks)
          .set({
            ...next,
            updatedAt: at,
            // Enabled again by someone: a fresh start, without the old reason or failure streak.
            ...(enabling ? { disabledReason: null, failingSince: null } : {}),
          })
          .where(eq(webhooks.id, id))
          .returning();
        await recordWebhookActivity(tx, actor, 'updated', updated!, `updated: ${changed.join(', ')}`, at);
        return toWebhook(updated!);
      });
    },

    async remove(actor, id) {
      const at = now();
      await db.transaction(async (tx) => {
        const current = await lockWebhook(tx, id);
        // Its deliveries (and its ping events) go with it.
        await tx.delete(webhooks).where(eq(webhooks.id, id));
        await recordWebhookActivity(tx, actor, 'deleted', current, 'deleted', at);
      });
    },

    async rotateSecret(actor, id) {
      const at = now();
      const secret = newWebhookSecret();
      await db.transaction(async (tx) => {
        const current = await lockWebhook(tx, id);
        await tx.update(webhooks).set({ secret, updatedAt: at }).where(eq(webhooks.id, id));
        await recordWebhookActivity(tx, actor, 'secret_rotated', current, 'signing secret rotated', at);
      });
      return { id, secret };
    },
  };
}
