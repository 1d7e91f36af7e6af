// A webhook's delivery log (each delivery with every attempt it took), its test event and a manual redelivery. Sending itself is the dispatcher's
// (dispatcher.ts): these only write rows it picks up.
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  WEBHOOK_PING_EVENT,
  type WebhookAttempt,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
} from '../../../contract/webhooks';
import type { Db } from '../../db/client';
import { webhookDeliveries, webhookDeliveryAttempts, webhookEvents, webhooks } from '../../db/schema';
import { epochOrNull } from '../../db/rows';
import { conflict, notFound } from '../../errors';
import type { AppContext } from '../shared/context';

/** How many deliveries the log answers, newest first. */
export const DELIVERY_LOG_LIMIT = 100;
export const WEBHOOK_DISABLED_MESSAGE = 'This webhook is disabled: enable it before redelivering';

const deliveryColumns = {
  id: webhookDeliveries.id,
  eventId: webhookDeliveries.eventId,
  type: webhookEvents.type,
  attempt: webhookDeliveries.attempt,
  status: webhookDeliveries.status,
  responseCode: webhookDeliveries.responseCode,
  durationMs: webhookDeliveries.durationMs,
  error: webhookDeliveries.lastError,
  createdAt: webhookDeliveries.createdAt,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
};
type DeliveryRow = { [K in keyof typeof deliveryColumns]: (typeof deliveryColumns)[K]['_']['data'] } & {
  responseCode: number | null;
  durationMs: number | null;
  error: string | null;
  nextAttemptAt: Date | null;
};

const toDelivery = (row: DeliveryRow, attempts: readonly WebhookAttempt[] = []): WebhookDelivery => ({
  ...row,
  status: row.status as WebhookDeliveryStatus,
  createdAt: row.createdAt.getTime(),
  // Finished deliveries have no next attempt.
  nextAttemptAt: row.status === 'delivered' || row.status === 'dead' ? null : epochOrNull(row.nextAttemptAt),
  attempts: [...attempts],
});

/** The attempts of these deliveries, first to last, by delivery. */
async function attemptsOf(db: Db, deliveryIds: readonly string[]): Promise<Map<string, WebhookAttempt[]>> {
  const byDelivery = new Map<string, WebhookAttempt[]>();
  if (deliveryIds.length === 0) return byDelivery;
  const rows = await db
    .select()
    .from(webhookDeliveryAttempts)
    .where(inArray(webhookDeliveryAttempts.deliveryId, [...deliveryIds]))
    .orderBy(asc(webhookDeliveryAttempts.deliveryId), asc(webhookDeliveryAttempts.attempt));
  for (const { deliveryId, attemptedAt, ...attempt } of rows) {
    const list = byDelivery.get(deliveryId) ?? [];
    list.push({ ...attempt, attemptedAt: attemptedAt.getTime() });
    byDelivery.set(deliveryId, list);
  }
  return byDelivery;
}

export interface WebhookDeliveryLog {
  deliveries(webhookId: string): Promise<WebhookDelivery[]>;
  /** Writes a `ping` event for this endpoint alone, due at once; answers its delivery. */
  ping(webhookId: string): Promise<WebhookDelivery>;
  /** Makes a delivery due again at once (its `webhook-id` stays the event's). */
  redeliver(webhookId: string, deliveryId: string): Promise<WebhookDelivery>;
}

export function createWebhookDeliveryLog(ctx: Pick<AppContext, 'db' | 'now'>): WebhookDeliveryLog {
  const { db, now } = ctx;

  const readDelivery = async (id: string) => {
    const [row] = await db
      .select(deliveryColumns)
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
      .where(eq(webhookDeliveries.id, id));
    if (!row) throw notFound('Delivery');
    return toDelivery(row as DeliveryRow, (await attemptsOf(db, [id])).get(id));
  };

  const assertWebhook = async (id: string) => {
    const [row] = await db.select({ enabled: webhooks.enabled }).from(webhooks).where(eq(webhooks.id, id));
    if (!row) throw notFound('Webhook');
    return row;
  };

  return {
    async deliveries(webhookId) {
      await assertWebhook(webhookId);
      const rows = await db
        .select(deliveryColumns)
        .from(webhookDeliveries)
        .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
        .where(eq(webhookDeliveries.webhookId, webhookId))
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .limit(DELIVERY_LOG_LIMIT);
      const attempts = await attemptsOf(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => toDelivery(row as DeliveryRow, attempts.get(row.id)));
    },

    async ping(webhookId) {
      const at = now();
      const eventId = randomUUID();
      const deliveryId = randomUUID();
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ id: webhooks.id, url: webhooks.url })
          .from(webhooks)
          .where(eq(webhooks.id, webhookId))
          .for('share');
        if (!row) throw notFound('Webhook');
        await tx.insert(webhookEvents).values({
          id: eventId,
          type: WEBHOOK_PING_EVENT,
          data: { webhookId, message: 'A test event from the licence console' },
          webhookId,
          createdAt: at,
          fannedOutAt: at,
        });
        await tx.insert(webhookDeliveries).values({
          id: deliveryId,
          eventId,
          webhookId,
          nextAttemptAt: at,
          createdAt: at,
          updatedAt: at,
        });
      });
      return readDelivery(deliveryId);
    },

    async redeliver(webhookId, deliveryId) {
      const { enabled } = await assertWebhook(webhookId);
      const at = now();
      const [row] = await db
        .select({ type: webhookEvents.type })
        .from(webhookDeliveries)
        .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
        .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.webhookId, webhookId)));
      if (!row) throw notFound('Delivery');
      if (!enabled && row.type !== WEBHOOK_PING_EVENT) throw conflict(WEBHOOK_DISABLED_MESSAGE);
      await db
        .update(webhookDeliveries)
        .set({
          status: sql`case when ${webhookDeliveries.status} = 'retrying' then 'retrying' else 'pending' end`,
          nextAttemptAt: at,
          updatedAt: at,
        })
        .where(eq(webhookDeliveries.id, deliveryId));
      return readDelivery(deliveryId);
    },
  };
}
