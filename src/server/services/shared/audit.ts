// The audit log: one activity row per mutation, written by the caller inside the mutation's transaction,
// as its last step (the row's counters are the last locks a transaction takes; see counters.ts).
import type { ActivityType } from '../../../contract/dashboard';
import type { Db, Tx } from '../../db/client';
import { activities } from '../../db/schema';
import { countActivities } from './counters';
import { recordEventOf } from '../webhooks/outbox';

export interface ActivityInput {
  /** One of the contract's types, so every type written has a label and an option in the Activity page's filter. */
  type: ActivityType;
  targetType: string;
  targetId?: string | null;
  description?: string;
  at?: Date;
}

export async function recordActivity(
  tx: Db | Tx,
  actor: { id: string | null; name: string } | null,
  input: ActivityInput,
) {
  // The webhook event the change reports, in the same transaction (services/webhooks/outbox.ts).
  await recordEventOf(tx, input, actor);
  await tx.insert(activities).values({
    type: input.type,
    targetType: input.targetType,
    targetId: input.targetId ?? null,
    description: input.description ?? '',
    actorId: actor?.id ?? null,
    actorName: actor?.name ?? null,
    ...(input.at ? { createdAt: input.at } : {}),
  });
  await countActivities(tx, [input.targetType]);
}

/** The activity of a change to one client or user: `client.created` is about the client `targetId`. */
export function recordChangeOf(
  tx: Db | Tx,
  actor: { id: string | null; name: string },
  type: Extract<ActivityType, `${'client' | 'user'}.${string}`>,
  targetId: string,
  description: string,
  at: Date,
) {
  return recordActivity(tx, actor, {
    type,
    targetType: type.slice(0, type.indexOf('.')),
    targetId,
    description,
    at,
  });
}
