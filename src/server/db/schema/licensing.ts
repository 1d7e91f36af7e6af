// What the console manages: clients, their staff, certificates and their history, the signing keys, and the counters the dashboard reads.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ts, createdAt } from './columns';
import { users } from './staff';

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
    // The lists' sort keys, in the order listOrder (db/sql.ts) writes them: `desc nulls last` read
    // forwards, `asc nulls first` backwards. Names for the clients list and the certificates' `clientName` (every
    // client, deleted ones too: their certificates are listed), counts for the clients list (live clients only).
    index('clients_name_order').on(sql`lower(${t.name}) desc nulls last`, t.id),
    index('clients_certificate_count_order')
      .on(t.certificateCount.desc().nullsLast(), t.id)
      .where(sql`${t.deletedAt} is null`),
    // The search's short queries (a name's start, `lower(name) like 'ab%'`) and its order, byte by byte in any
    // database's collation (services/search): every client, deleted ones too, whose certificates it finds.
    index('clients_name_folded').on(sql`lower(${t.name}) collate "C"`),
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
    // The stored file's format ('v1' | 'v2') and its own end (`expiresAt`; validTo for v1), read from its payload.
    licenseFormat: text('license_format'),
    licenseExpiresAt: ts('license_expires_at'),
    // The licence terms of docs/licence-file.md v2: days of grace after validTo, and a file's lifetime (null: none).
    graceDays: integer('grace_days').notNull().default(0),
    fileLifetimeDays: integer('file_lifetime_days'),
    // The licensed software's last good check-in, with what it said of itself.
    lastCheckInAt: ts('last_check_in_at'),
    lastCheckInHostname: text('last_check_in_hostname'),
    lastCheckInSoftwareVersion: text('last_check_in_software_version'),
    // A licence moved to another machine: the certificate it came from, and the one it went to.
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
    check('certificates_grace_days_check', sql`${t.graceDays} between 0 and 365`),
    check(
      'certificates_file_lifetime_check',
      sql`${t.fileLifetimeDays} is null or ${t.fileLifetimeDays} between 1 and 3650`,
    ),
    index('certificates_serial_trgm').using('gin', t.serialNumber.op('gin_trgm_ops')),
    // The serial number's lookups (overlap checks) and its sort (see the sort keys below).
    index('certificates_serial').on(t.serialNumber.desc().nullsLast(), t.id),
    index('certificates_created_at').on(t.createdAt.desc(), t.id),
    index('certificates_status_created_at').on(t.status, t.createdAt.desc()),
    index('certificates_client_created_at').on(t.clientId, t.createdAt.desc()),
    index('certificates_status_valid_to').on(t.status, t.validTo),
    // The list's sort keys, as listOrder (db/sql.ts) writes them: a never-null key `desc nulls last`
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
    // The search (services/search): a serial number ignoring case, whole or its start (`lower(serial) like 'ab%'`),
    // read in the order the search cuts its results by; and what it holds after its first character, in trigrams
    // without the prefix that every serial number of a series shares ("SN-"), which matches every row.
    index('certificates_serial_folded').on(sql`lower(${t.serialNumber}) collate "C"`),
    index('certificates_serial_tail_trgm').using('gin', sql`substr(${t.serialNumber}, 2) gin_trgm_ops`),
    // Overdue check-ins: certificates with a lifetime, by when they last checked in or were signed.
    index('certificates_check_in_due')
      .on(sql`(coalesce(${t.lastCheckInAt}, ${t.licenseIssuedAt}))`, t.id)
      .where(sql`${t.fileLifetimeDays} is not null and ${t.status} in ('active','distributed')`),
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
    // One `checked-in` record a day per certificate, across processes, as for `used`.
    uniqueIndex('certificate_records_checked_in_once_a_day')
      .on(t.certificateId, t.usedDay)
      .where(sql`${t.action} = 'checked-in'`),
    // One `expired` record per period: the text names the period's end (services/certificates/expiry-sweep.ts), so a certificate
    // renewed after it lapsed can lapse, and be recorded, again.
    uniqueIndex('certificate_records_expired_once')
      .on(t.certificateId, t.description)
      .where(sql`${t.action} = 'expired'`),
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
