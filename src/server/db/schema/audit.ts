// The audit log every mutation writes in its own transaction.
import { bigserial, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** Audit log: one row per mutation of any entity, written in the same transaction as the change. */
export const activities = pgTable(
  'activities',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    description: text('description').notNull().default(''),
    actorId: uuid('actor_id'),
    actorName: text('actor_name'),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('activities_created_at').on(t.createdAt.desc(), t.id.desc()),
    index('activities_target_type_created_at').on(t.targetType, t.createdAt.desc(), t.id.desc()),
    // The audit log's filters, each in the log's order so a page of one actor or one action is read
    // from its index, and the description search served by trigrams like the lists' searches.
    index('activities_actor_created_at').on(t.actorId, t.createdAt.desc(), t.id.desc()),
    index('activities_type_created_at').on(t.type, t.createdAt.desc(), t.id.desc()),
    index('activities_description_trgm').using('gin', t.description.op('gin_trgm_ops')),
    // A client's page reads the activity about the client and about each of its certificates.
    index('activities_target_created_at').on(t.targetId, t.createdAt.desc(), t.id.desc()),
  ],
);
