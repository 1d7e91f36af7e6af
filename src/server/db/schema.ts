// The database schema. Migrations in drizzle/ are generated from this file (`npm run db:generate`).
import { sql } from 'drizzle-orm';
import {
  bigserial,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();

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

/** Server-wide secrets and settings generated once (e.g. the JWT secret) so every process agrees. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const clients = pgTable(
  'clients',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    contactEmail: text('contact_email').notNull().default(''),
    contactPhone: text('contact_phone').notNull().default(''),
    address: text('address').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    // Whether the contact e-mail gets the expiry reminders of the client's own certificates (docs/mail.md).
    remindContact: boolean('remind_contact').notNull().default(false),
    // Kept up to date in the same transaction as certificate changes, so lists never count rows.
    certificateCount: integer('certificate_count').notNull().default(0),
    activeCertificates: integer('active_certificates').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    uniqueIndex('clients_name_live_key')
      .on(sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
    index('clients_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    index('clients_contact_email_trgm').using('gin', t.contactEmail.op('gin_trgm_ops')),
    index('clients_created_at').on(t.createdAt.desc(), t.id),
    // The lists' sort keys (issue 18), in the order listOrder (db/sql.ts) writes them: `desc nulls last` read
    // forwards, `asc nulls first` backwards. Names for the clients list and the certificates' `clientName` (every
    // client, deleted ones too: their certificates are listed), counts for the clients list (live clients only).
    index('clients_name_order').on(sql`lower(${t.name}) desc nulls last`, t.id),
    index('clients_certificate_count_order')
      .on(t.certificateCount.desc().nullsLast(), t.id)
      .where(sql`${t.deletedAt} is null`),
  ],
);

export const clientUsers = pgTable(
  'client_users',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.userId] }), index('client_users_user').on(t.userId)],
);

export const certificates = pgTable(
  'certificates',
  {
    id: uuid('id').primaryKey(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    serialNumber: text('serial_number').notNull(),
    studioCount: integer('studio_count').notNull(),
    userCount: integer('user_count').notNull(),
    validFrom: ts('valid_from').notNull(),
    validTo: ts('valid_to').notNull(),
    status: text('status').notNull().default('pending'),
    notes: text('notes').notNull().default(''),
    lastUsedAt: ts('last_used_at'),
    // The signed licence of the last activation or renewal (see docs/licence-file.md).
    licensePayload: text('license_payload'),
    licenseSignature: text('license_signature'),
    licenseKid: text('license_kid'),
    licenseIssuedAt: ts('license_issued_at'),
    // A licence moved to another machine (issue 19): the certificate it came from, and the one it went to.
    transferredFromId: uuid('transferred_from_id'),
    transferredToId: uuid('transferred_to_id'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'certificates_status_check',
      sql`${t.status} in ('pending','active','distributed','expired','revoked')`,
    ),
    check('certificates_range_check', sql`${t.validTo} > ${t.validFrom}`),
    index('certificates_serial_trgm').using('gin', t.serialNumber.op('gin_trgm_ops')),
    // The serial number's lookups (overlap checks) and its sort (see the sort keys below).
    index('certificates_serial').on(t.serialNumber.desc().nullsLast(), t.id),
    index('certificates_created_at').on(t.createdAt.desc(), t.id),
    index('certificates_status_created_at').on(t.status, t.createdAt.desc()),
    index('certificates_client_created_at').on(t.clientId, t.createdAt.desc()),
    index('certificates_status_valid_to').on(t.status, t.validTo),
    // The list's sort keys (issue 18), as listOrder (db/sql.ts) writes them: a never-null key `desc nulls last`
    // (read forwards) or `asc nulls first` (backwards), one index each; lastUsedAt, which is null until a licence
    // is first checked, keeps missing values last in both directions, so it has an index for each.
    index('certificates_valid_from_order').on(t.validFrom.desc().nullsLast(), t.id),
    index('certificates_valid_to_order').on(t.validTo.desc().nullsLast(), t.id),
    index('certificates_last_used_at_desc').on(t.lastUsedAt.desc().nullsLast(), t.id),
    index('certificates_last_used_at_asc').on(t.lastUsedAt.asc().nullsLast(), t.id),
    // The status sort reads each status in id order (services/certificates/status-order.ts); validTo rides along so
    // "active but past due" is decided inside the index, without visiting the rows it skips.
    index('certificates_status_id').on(t.status, t.id, t.validTo),
    // The expiring list: live certificates in validTo order, read up to its limit without sorting the window.
    index('certificates_live_valid_to')
      .on(t.validTo, t.id)
      .where(sql`${t.status} in ('active','distributed')`),
  ],
);

/** Certificate history (docs/requirements.md#entities "Certificate record"). */
export const certificateRecords = pgTable(
  'certificate_records',
  {
    id: uuid('id').primaryKey(),
    certificateId: uuid('certificate_id')
      .notNull()
      .references(() => certificates.id),
    action: text('action').notNull(),
    description: text('description').notNull().default(''),
    actorId: uuid('actor_id'),
    // Kept beside the id so history still names the actor after the user is deleted.
    actorName: text('actor_name'),
    // The UTC day of a `used` record: at most one a day per certificate.
    usedDay: date('used_day', { mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('certificate_records_certificate').on(t.certificateId, t.createdAt.desc()),
    uniqueIndex('certificate_records_used_once_a_day')
      .on(t.certificateId, t.usedDay)
      .where(sql`${t.action} = 'used'`),
    // One `expired` record per period: the text names the period's end (services/expiry-sweep.ts), so a certificate
    // renewed after it lapsed can lapse, and be recorded, again.
    uniqueIndex('certificate_records_expired_once')
      .on(t.certificateId, t.description)
      .where(sql`${t.action} = 'expired'`),
  ],
);

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
    // The audit log's filters (issue 18), each in the log's order so a page of one actor or one action is read
    // from its index, and the description search served by trigrams like the lists' searches.
    index('activities_actor_created_at').on(t.actorId, t.createdAt.desc(), t.id.desc()),
    index('activities_type_created_at').on(t.type, t.createdAt.desc(), t.id.desc()),
    index('activities_description_trgm').using('gin', t.description.op('gin_trgm_ops')),
    // A client's page (issue 20) reads the activity about the client and about each of its certificates.
    index('activities_target_created_at').on(t.targetId, t.createdAt.desc(), t.id.desc()),
  ],
);

/** Ed25519 licence signing keys; never deleted, one current. */
export const signingKeys = pgTable(
  'signing_keys',
  {
    kid: text('kid').primaryKey(),
    publicKeyPem: text('public_key_pem').notNull(),
    // Null when the private key comes from LICENSE_SIGNING_KEY_FILE and is not stored.
    privateKeyPem: text('private_key_pem'),
    isCurrent: boolean('is_current').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('signing_keys_one_current')
      .on(t.isCurrent)
      .where(sql`${t.isCurrent}`),
  ],
);

/** Counters the dashboard reads, kept in the same transaction as the rows they count. */
export const counters = pgTable('counters', {
  key: text('key').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull().default(0),
});

/**
 * Webhook endpoints (issue 21, docs/webhooks.md). The signing secret is kept as it is (it signs every delivery) and
 * answered only by the creation and the rotation; it is never logged.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: uuid('id').primaryKey(),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    description: text('description').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    // Why the dispatcher disabled it; cleared when someone enables it again.
    disabledReason: text('disabled_reason'),
    secret: text('secret').notNull(),
    // The first failed attempt since the last success: an endpoint failing for a day is disabled.
    failingSince: ts('failing_since'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('webhooks_created_at').on(t.createdAt.desc(), t.id)],
);

/**
 * The outbox: one row per event, written in the transaction of the change it reports (services/audit.ts, the expiry
 * sweep), then fanned out by the dispatcher into one delivery per subscribed endpoint.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid('id').primaryKey(),
    type: text('type').notNull(),
    data: jsonb('data').notNull(),
    // Only `ping`: the one endpoint it is for (delivered directly, never fanned out).
    webhookId: uuid('webhook_id').references(() => webhooks.id, { onDelete: 'cascade' }),
    // Events written at most once across processes (certificate.expiring: certificate, threshold, end date).
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
    fannedOutAt: ts('fanned_out_at'),
  },
  (t) => [
    uniqueIndex('webhook_events_dedupe_key').on(t.dedupeKey),
    index('webhook_events_to_fan_out')
      .on(t.createdAt, t.id)
      .where(sql`${t.fannedOutAt} is null`),
    index('webhook_events_created_at').on(t.createdAt),
  ],
);

/** One event × endpoint: the attempts so far, the last answer, and when the next attempt is due. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    // pending | retrying | delivered | dead
    status: text('status').notNull().default('pending'),
    attempt: integer('attempt').notNull().default(0),
    responseCode: integer('response_code'),
    durationMs: integer('duration_ms'),
    lastError: text('last_error'),
    // Due when at or before now; while an attempt is in flight it holds the attempt's lease (a crashed sender's
    // attempt is taken up again after it).
    nextAttemptAt: ts('next_attempt_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_webhook').on(t.eventId, t.webhookId),
    index('webhook_deliveries_due')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'retrying')`),
    index('webhook_deliveries_webhook_created_at').on(t.webhookId, t.createdAt.desc(), t.id.desc()),
    index('webhook_deliveries_finished')
      .on(t.updatedAt)
      .where(sql`${t.status} in ('delivered', 'dead')`),
  ],
);

/**
 * Expiry reminders sent by e-mail (docs/mail.md): one row per certificate, threshold (30, 7 or 1 days), end date and
 * recipient (a staff user, or a client's contact), written in the transaction that queues the digest carrying it, so
 * a certificate is reminded once per threshold and recipient across processes and restarts, and again before the new
 * end of a renewed certificate.
 */
export const mailReminders = pgTable(
  'mail_reminders',
  {
    certificateId: uuid('certificate_id')
      .notNull()
      .references(() => certificates.id, { onDelete: 'cascade' }),
    days: smallint('days').notNull(),
    validTo: ts('valid_to').notNull(),
    // 'user' (recipientId is a user) or 'contact' (recipientId is the client whose contact e-mail got it).
    recipientKind: text('recipient_kind').notNull(),
    recipientId: uuid('recipient_id').notNull(),
    // The outbox row of the digest that carried it (kept after that row is purged, so no foreign key).
    messageId: uuid('message_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({
      name: 'mail_reminders_pkey',
      columns: [t.certificateId, t.days, t.validTo, t.recipientKind, t.recipientId],
    }),
    check('mail_reminders_kind_check', sql`${t.recipientKind} in ('user','contact')`),
    index('mail_reminders_valid_to').on(t.validTo),
  ],
);

/**
 * The mail outbox: one row per message, written in the transaction that decides to send it, then sent by the mail
 * dispatcher in every process (claimed with SKIP LOCKED under a lease, retried with backoff).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey(),
    // What the message is (`expiry_digest`), for logs and the retention purge.
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    // Extra header lines (List-Unsubscribe and the like), by name.
    headers: jsonb('headers').notNull().default({}),
    // pending | retrying | sent | dead
    status: text('status').notNull().default('pending'),
    attempt: integer('attempt').notNull().default(0),
    lastError: text('last_error'),
    // Due when at or before now; while an attempt is in flight it holds the attempt's lease (an attempt a dead process
    // left is taken up again after it).
    nextAttemptAt: ts('next_attempt_at'),
    sentAt: ts('sent_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('mail_outbox_status_check', sql`${t.status} in ('pending','retrying','sent','dead')`),
    index('mail_outbox_due')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'retrying')`),
    index('mail_outbox_finished')
      .on(t.updatedAt)
      .where(sql`${t.status} in ('sent', 'dead')`),
  ],
);

/** The daily digest's runs: one row per UTC day, claimed under a lease so one process runs it and a restart completes it. */
export const mailDigestRuns = pgTable('mail_digest_runs', {
  day: date('day', { mode: 'string' }).primaryKey(),
  leaseUntil: ts('lease_until').notNull(),
  startedAt: ts('started_at').notNull(),
  finishedAt: ts('finished_at'),
  // Digests queued by the run (after a restart, by the run that finished it).
  messages: integer('messages').notNull().default(0),
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

/**
 * Settings the owners change from the console (docs/sign-in.md): one row a key, the value as JSON. Read on the
 * paths that need them (sign-in), so every process sees a change at once.
 */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
