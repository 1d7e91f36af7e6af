// Staff accounts and how they sign in: roles, users, sessions, refresh and API tokens, sign-in throttling and two-factor recovery codes.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ts, createdAt } from './columns';

export const roles = pgTable('roles', {
  id: smallint('id').primaryKey(),
  uuid: uuid('uuid').notNull().unique(),
  name: text('name').notNull().unique(),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    // Null for an account made by single sign-on: it has no password to sign in with (docs/sign-in.md).
    passwordHash: text('password_hash'),
    roleId: smallint('role_id')
      .notNull()
      .references(() => roles.id),
    isActive: boolean('is_active').notNull().default(true),
    // The daily e-mail digest of expiring certificates (docs/mail.md); each user turns it off for themself.
    expiryReminders: boolean('expiry_reminders').notNull().default(true),
    lastLoginAt: ts('last_login_at'),
    // The identity provider's subject (`iss` and `sub`) of the account's first single sign-on: the account it signs
    // into from then on, whatever e-mail the provider sends later.
    oidcIssuer: text('oidc_issuer'),
    oidcSubject: text('oidc_subject'),
    // Two-factor codes (TOTP): the secret, encrypted with the secrets key that lives outside the database; the one
    // being enrolled until a code confirms it; and the last time step accepted, so a code is accepted once.
    mfaSecret: text('mfa_secret'),
    mfaPendingSecret: text('mfa_pending_secret'),
    mfaEnabledAt: ts('mfa_enabled_at'),
    mfaLastStep: bigint('mfa_last_step', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    // Soft delete: history and activity keep pointing at the row.
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    uniqueIndex('users_email_live_key')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.deletedAt} is null`),
    uniqueIndex('users_oidc_subject_key')
      .on(t.oidcIssuer, t.oidcSubject)
      .where(sql`${t.oidcSubject} is not null`),
    index('users_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    index('users_email_trgm').using('gin', t.email.op('gin_trgm_ops')),
    index('users_created_at').on(t.createdAt.desc(), t.id),
    // The search's short queries (the start of a live user's name or e-mail address, services/search).
    index('users_name_folded')
      .on(sql`lower(${t.name}) collate "C"`)
      .where(sql`${t.deletedAt} is null`),
    index('users_email_folded')
      .on(sql`lower(${t.email}) collate "C"`)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/**
 * A sign-in: one per login, on one device. Its refresh tokens rotate inside it (their family), every access token
 * names it (`sid`), and ending it stops both at once (docs/adr/0008-refresh-cookie-and-sessions.md).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at').notNull().defaultNow(),
    // A session lives at most REFRESH_FAMILY_LIFETIME from its sign-in, however often it is refreshed.
    expiresAt: ts('expires_at').notNull(),
    endedAt: ts('ended_at'),
    userAgent: text('user_agent').notNull().default(''),
    ipAddress: text('ip_address').notNull().default(''),
  },
  (t) => [index('sessions_user').on(t.userId), index('sessions_expires_at').on(t.expiresAt)],
);

/**
 * Opaque refresh tokens, stored as SHA-256 hashes; rotated on every use inside their session (the family, RFC 9700).
 * A token's successor is derived from it (HMAC under a server secret), so a spent token presented again within
 * the grace window gets the same successor without any token being kept readable.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    familyId: uuid('family_id')
      .notNull()
      .references(() => sessions.id),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    usedAt: ts('used_at'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('refresh_tokens_family').on(t.familyId), index('refresh_tokens_user').on(t.userId)],
);

/**
 * Long-lived credentials for automation (`Authorization: Bearer lc_...`): only a SHA-256 hash of the secret is kept.
 * A token acts with its role, never above its creator's current role (services/api-tokens.ts).
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    roleId: smallint('role_id')
      .notNull()
      .references(() => roles.id),
    // The first characters of the secret, shown in lists so a token can be recognised.
    prefix: text('prefix').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    expiresAt: ts('expires_at'),
    lastUsedAt: ts('last_used_at'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [
    index('api_tokens_created_by').on(t.createdBy),
    index('api_tokens_created_at').on(t.createdAt.desc(), t.id),
  ],
);

/** Failed sign-in counters per account and per client address, shared by every server process. */
export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: ts('window_started_at').notNull(),
  blockedUntil: ts('blocked_until'),
});

/** A user's one-time recovery codes for two-factor sign-in, hashed; each is spent by its first use. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    codeHash: text('code_hash').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('mfa_recovery_codes_user').on(t.userId)],
);
