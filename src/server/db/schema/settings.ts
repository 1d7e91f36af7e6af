// Server-wide secrets generated once, and the settings staff change from the console.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './staff';
import { ts } from './columns';

/** Server-wide secrets and settings generated once (e.g. the JWT secret) so every process agrees. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * Settings the owners change from the console (docs/sign-in.md): one row a key, the value as JSON. Read on the
 * paths that need them (sign-in), so every process sees a change at once.
 */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * The names of the migrations applied (db/migrations.ts): drizzle keeps only hashes and times, and an older release
 * started on this database names the migration it lacks from here.
 */
export const appliedMigrations = pgTable('applied_migrations', {
  tag: text('tag').primaryKey(),
  appliedAt: ts('applied_at').notNull().defaultNow(),
});

/**
 * The backups the running server made into BACKUP_DIR (services/backups): one row each, so every process lists the
 * same ones; a scheduled backup's `day` is unique while it is running or done, so one process makes each day's.
 */
export const backups = pgTable(
  'backups',
  {
    id: uuid('id').primaryKey(),
    fileName: text('file_name').notNull().unique(),
    kind: text('kind').notNull(),
    day: date('day'),
    status: text('status').notNull().default('running'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    encrypted: boolean('encrypted').notNull(),
    lastMigration: text('last_migration'),
    rowCount: bigint('row_count', { mode: 'number' }),
    error: text('error'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    check('backups_kind_check', sql`${t.kind} in ('scheduled','manual')`),
    check('backups_status_check', sql`${t.status} in ('running','done','failed')`),
    uniqueIndex('backups_scheduled_day')
      .on(t.day)
      .where(sql`${t.kind} = 'scheduled' and ${t.status} <> 'failed'`),
    index('backups_created_at').on(t.createdAt),
  ],
);
