import { z } from 'zod';
import {
  epochMsSchema,
  ignoredQueryParameter,
  listQuerySchema,
  MAX_EPOCH_MS,
  MIN_EPOCH_MS,
  sortQueryFields,
} from './common';
import { can, type RoleName } from './roles';

/** `GET /dashboard/stats`, stored whole by the console. */
export const dashboardStatsSchema = z.object({
  totalClients: z.number().int(),
  activeCertificates: z.number().int(),
  distributedCertificates: z.number().int(),
  expiredCertificates: z.number().int(),
  pendingCertificates: z.number().int(),
  revokedCertificates: z.number().int(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

/** The most rows one page of the expiring list holds (and the default: the list the requirements describe). */
export const EXPIRING_PAGE_LIMIT = 100;

/**
 * `GET /dashboard/certificate-expiration?days`: certificates in force that end within `days`, with paging
 * (`page`, `limit`, at most EXPIRING_PAGE_LIMIT) and `search` (serial number or client name), so the list reaches
 * past its first hundred rows; without them the answer is the first hundred.
 */
export const expirationQuerySchema = z.object({
  days: z.coerce
    .number({ error: 'days must be a number' })
    .int({ error: 'days must be a whole number' })
    .min(1, { error: 'days must be at least 1' })
    .max(365, { error: 'days must be at most 365' })
    .default(30),
  page: listQuerySchema.shape.page,
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int({ error: 'limit must be a whole number' })
    .min(1, { error: 'limit must be at least 1' })
    .max(EXPIRING_PAGE_LIMIT, { error: `limit must be at most ${EXPIRING_PAGE_LIMIT}` })
    .default(EXPIRING_PAGE_LIMIT),
  search: listQuerySchema.shape.search,
});
export type ExpirationQuery = z.infer<typeof expirationQuerySchema>;

export const expiringCertificateSchema = z.object({
  uuid: z.uuid(),
  serialNumber: z.string(),
  clientName: z.string(),
  studioCount: z.number().int(),
  userCount: z.number().int(),
  validTo: epochMsSchema,
  daysUntilExpiry: z.number().int(),
  /** Active or distributed: the status as the certificates list shows it. */
  status: z.enum(['active', 'distributed']),
});
export type ExpiringCertificate = z.infer<typeof expiringCertificateSchema>;
export const expirationResponseSchema = z.object({
  expiringCertificates: z.array(expiringCertificateSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type ExpirationPage = z.infer<typeof expirationResponseSchema>;

/** What an activity is about; `type=certificate` gives the dashboard's 'Recent Certificate Activity' (`certificate.*`). */
export const ACTIVITY_TARGET_TYPES = ['certificate', 'client', 'user'] as const;
export type ActivityTargetType = (typeof ACTIVITY_TARGET_TYPES)[number];

/**
 * What of the activity log a role reads (docs/security.md). User-management activity (staff e-mails and roles,
 * password resets, disabling, deleting) is for the roles that may list users, and so is everything outside the
 * three kinds (signing-key rotations); certificate and client activity is for every role. `all` means the whole
 * log, unfiltered; otherwise only the kinds listed.
 */
export function activityVisibleTo(role: RoleName): { all: boolean; types: readonly ActivityTargetType[] } {
  return can(role, 'users:manage')
    ? { all: true, types: ACTIVITY_TARGET_TYPES }
    : { all: false, types: ['certificate', 'client'] };
}
/**
 * The activity types the server writes (`{kind}.{verb}`), for the audit log's action filter. The filter
 * takes any well-formed type; these are the ones a person picks from. The server's `recordActivity` takes
 * only these, and each has a label (ACTIVITY_ACTION_LABELS), so a type the server starts writing is one the
 * Activity page can name and filter on.
 */
export const ACTIVITY_TYPES = [
  'certificate.created',
  'certificate.updated',
  'certificate.activated',
  'certificate.downloaded',
  'certificate.renewed',
  // The licence moved to another machine: the old certificate's row (revoked, linked to the new one).
  'certificate.transferred',
  'certificate.revoked',
  'certificate.expired',
  'certificate.deleted',
  'client.created',
  'client.updated',
  'client.users_assigned',
  'client.deleted',
  'user.created',
  'user.updated',
  'user.disabled',
  'user.enabled',
  'user.password_reset',
  'user.password_changed',
  'user.clients_assigned',
  'user.session_ended',
  'user.sessions_ended',
  'user.deleted',
  // A user's own expiry reminders turned on or off, on the Account page or by a digest's unsubscribe link.
  'user.preferences_changed',
  // Two-factor codes (docs/sign-in.md): turned on or off by the user, reset by an owner, an admin or the CLI.
  'user.mfa_enabled',
  'user.mfa_disabled',
  'user.mfa_reset',
  'auth.signed_in',
  'auth.sign_in_refused',
  'api_token.created',
  'api_token.revoked',
  'signing_key.created',
  'signing_key.current',
  'signing_key.rotated',
  // Webhook endpoints: an owner's or admin's changes, and the dispatcher turning off one that keeps failing.
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'webhook.secret_rotated',
  'webhook.disabled',
  // The owners' sign-in settings: password sign-in for everyone, two-factor codes for every password account.
  'settings.sign_in_changed',
  // The owners' certificate defaults: grace, file lifetime, the licence file format.
  'settings.certificate_defaults_changed',
  // Backups of the whole database (docs/operations.md): made (on schedule or by an owner) and downloaded.
  'backup.created',
  'backup.downloaded',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];
type VerbOf<Type, Kind extends string> = Type extends `${Kind}.${infer Verb}` ? Verb : never;
/** The verbs of one kind's activity types: `ActivityVerb<'certificate'>` is `'created' | 'updated' | …`. */
export type ActivityVerb<Kind extends string> = VerbOf<ActivityType, Kind>;

/** What an activity type looks like: `{kind}.{verb}` as the log writes them, e.g. `certificate.revoked`. */
const ACTIVITY_TYPE_PATTERN = /^[a-z][a-z_]*(\.[a-z][a-z_]*)+$/;
const epochFromQuery = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a time in epoch milliseconds` })
    .int({ error: `${name} must be a time in epoch milliseconds` })
    .min(MIN_EPOCH_MS, { error: `${name} must be between 1970-01-01 and 9999-12-31` })
    .max(MAX_EPOCH_MS, { error: `${name} must be between 1970-01-01 and 9999-12-31` });

/** What the log's filters answer that the schema cannot say alone. */
export const ACTIVITY_MESSAGES = {
  /** `from` after `to` is a 400; `from = to` is an empty half-open range, answered as such. */
  rangeReversed: 'to must not be before from',
} as const;

/** The activity log sorts by time only. */
export const ACTIVITY_SORT_KEYS = ['createdAt'] as const;

/**
 * The audit log's filters: `type` (what it is about), `actorId` (who), `action` (an activity type such as
 * `certificate.revoked`), `from`/`to` (epoch ms, half-open: from <= createdAt < to; `from` after `to` is a 400),
 * `search` over descriptions (case-insensitive), `clientId` (a client's page: the activity about the client
 * and about each of its certificates); newest first, or `sort=createdAt&order=asc|desc` (`sort` alone is
 * ascending, as in every list).
 */
export const activityFiltersSchema = listQuerySchema.pick({ search: true }).extend({
  type: z.enum(ACTIVITY_TARGET_TYPES, { error: 'type must be certificate, client or user' }).optional(),
  actorId: z.uuid({ error: 'actorId must be a UUID' }).optional(),
  clientId: z.uuid({ error: 'clientId must be a UUID' }).optional(),
  action: z
    .string()
    .max(100, { error: 'action is too long' })
    .regex(ACTIVITY_TYPE_PATTERN, { error: 'action must be an activity type such as certificate.revoked' })
    .optional(),
  from: epochFromQuery('from')
    .optional()
    .meta({ description: 'Epoch milliseconds: only activity at or after this time' }),
  to: epochFromQuery('to')
    .optional()
    .meta({
      description: `Epoch milliseconds: only activity before this time; before \`from\` is a 400 ('${ACTIVITY_MESSAGES.rangeReversed}')`,
    }),
  ...sortQueryFields(ACTIVITY_SORT_KEYS),
});
export type ActivityFilters = z.infer<typeof activityFiltersSchema>;
export const activityQuerySchema = listQuerySchema
  .pick({ page: true, limit: true })
  .extend(activityFiltersSchema.shape);
export type ActivityQuery = z.infer<typeof activityQuerySchema>;
/** `GET /dashboard/activity/export`: the log's filters without paging. */
export const activityExportQuerySchema = activityFiltersSchema.extend({
  page: ignoredQueryParameter('the export has every matching row'),
  limit: ignoredQueryParameter('the export has every matching row'),
});

export const activitySchema = z.object({
  id: z.string(),
  type: z.string(),
  description: z.string(),
  performedBy: z.string(),
  createdAt: epochMsSchema,
  /** The user who acted (null for the system or an API token's own work), so the log can link to them. */
  actorId: z.string().nullable(),
  /** What the activity is about: `certificate`, `client`, `user` or another kind (`signing_key`), and its id. */
  targetType: z.string(),
  targetId: z.string().nullable(),
});
export type Activity = z.infer<typeof activitySchema>;
export const activityResponseSchema = z.object({
  activities: z.array(activitySchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type ActivityPage = z.infer<typeof activityResponseSchema>;
