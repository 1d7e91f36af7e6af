// Server-wide secrets generated once, and the settings staff change from the console.
import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
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
