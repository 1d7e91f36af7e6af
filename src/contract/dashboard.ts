import { z } from 'zod';
import { epochMsSchema, listQuerySchema } from './common';
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

export const expirationQuerySchema = z.object({
  days: z.coerce
    .number({ error: 'days must be a number' })
    .int({ error: 'days must be a whole number' })
    .min(1, { error: 'days must be at least 1' })
    .max(365, { error: 'days must be at most 365' })
    .default(30),
});

export const expiringCertificateSchema = z.object({
  uuid: z.uuid(),
  serialNumber: z.string(),
  clientName: z.string(),
  studioCount: z.number().int(),
  userCount: z.number().int(),
  validTo: epochMsSchema,
  daysUntilExpiry: z.number().int(),
});
export type ExpiringCertificate = z.infer<typeof expiringCertificateSchema>;
export const expirationResponseSchema = z.object({
  expiringCertificates: z.array(expiringCertificateSchema),
});

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
export const activityQuerySchema = listQuerySchema.pick({ page: true, limit: true }).extend({
  type: z.enum(ACTIVITY_TARGET_TYPES, { error: 'type must be certificate, client or user' }).optional(),
});
export const activitySchema = z.object({
  id: z.string(),
  type: z.string(),
  description: z.string(),
  performedBy: z.string(),
  createdAt: epochMsSchema,
});
export type Activity = z.infer<typeof activitySchema>;
export const activityResponseSchema = z.object({
  activities: z.array(activitySchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type ActivityPage = z.infer<typeof activityResponseSchema>;
