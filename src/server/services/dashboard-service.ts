// Dashboard reads: stats from the counters (never a count over the certificates), the expiring list and the
// activity log.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { DAY_MS } from '../../contract/constants';
import type { ActivityPage, DashboardStats, ExpiringCertificate } from '../../contract/dashboard';
import { activityVisibleTo, type ActivityTargetType } from '../../contract/dashboard';
import type { RoleName } from '../../contract/roles';
import { forbidden } from '../errors';
import { activities, certificates, clients } from '../db/schema';
import type { AppContext } from './context';
import {
  ACTIVITIES_COUNTER_KEY,
  activitiesCounterKey,
  CLIENTS_COUNTER_KEY,
  readCounter,
  readCounters,
  readEffectiveCertificateCounts,
} from './counters';
import { tsParam } from '../db/sql';
import { inForceSql } from './certificates/status-rules';

/** The expiring list never grows past this many rows. */
export const EXPIRING_LIMIT = 100;
/** Name shown for activity that no user performed (the sweep, for example). */
export const SYSTEM_ACTOR_NAME = 'System';

export type DashboardService = ReturnType<typeof createDashboardService>;

export function createDashboardService(ctx: AppContext) {
  const { db, now } = ctx;

  return {
    async stats(): Promise<DashboardStats> {
      const at = now();
      const stored = await readCounters(db);
      const counts = await readEffectiveCertificateCounts(db, at, stored);
      return {
        totalClients: stored.get(CLIENTS_COUNTER_KEY) ?? 0,
        activeCertificates: counts.active,
        distributedCertificates: counts.distributed,
        expiredCertificates: counts.expired,
        pendingCertificates: counts.pending,
        revokedCertificates: counts.revoked,
      };
    },

    /** Active or distributed certificates with now < validTo <= now + days, soonest first. */
    async expiring(days: number): Promise<ExpiringCertificate[]> {
      const at = now();
      const until = new Date(at.getTime() + days * DAY_MS);
      const rows = await db
        .select({
          id: certificates.id,
          serialNumber: certificates.serialNumber,
          clientName: clients.name,
          studioCount: certificates.studioCount,
          userCount: certificates.userCount,
          validTo: certificates.validTo,
        })
        .from(certificates)
        .innerJoin(clients, eq(clients.id, certificates.clientId))
        .where(and(inForceSql(at), sql`${certificates.validTo} <= ${tsParam(until)}`))
        .orderBy(asc(certificates.validTo), asc(certificates.id))
        .limit(EXPIRING_LIMIT);
      return rows.map((row) => ({
        uuid: row.id,
        serialNumber: row.serialNumber,
        clientName: row.clientName,
        studioCount: row.studioCount,
        userCount: row.userCount,
        validTo: row.validTo.getTime(),
        daysUntilExpiry: Math.ceil((row.validTo.getTime() - at.getTime()) / DAY_MS),
      }));
    },

    /**
     * The activity log as `role` may read it (`activityVisibleTo`), newest first; `type` keeps one kind of target
     * (e.g. `certificate`). Asking for a kind the role may not read is a 403, not an empty page.
     */
    async activity(
      query: { page: number; limit: number; type?: ActivityTargetType | undefined },
      role: RoleName,
    ): Promise<ActivityPage> {
      const visible = activityVisibleTo(role);
      if (query.type && !visible.types.includes(query.type)) throw forbidden();
      const types = query.type ? [query.type] : visible.all ? undefined : visible.types;
      const where = types
        ? types.length === 1
          ? eq(activities.targetType, types[0]!)
          : inArray(activities.targetType, [...types])
        : undefined;
      // The total from the log's counters (kept in each writing transaction), not a count over every row.
      const totalKeys = types ? types.map(activitiesCounterKey) : [ACTIVITIES_COUNTER_KEY];
      const [rows, total] = await Promise.all([
        db
          .select({
            id: activities.id,
            type: activities.type,
            description: activities.description,
            actorName: activities.actorName,
            createdAt: activities.createdAt,
          })
          .from(activities)
          .where(where)
          // The order of the index `activities_created_at`.
          .orderBy(sql`${activities.createdAt} desc nulls last`, sql`${activities.id} desc nulls last`)
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        Promise.all(totalKeys.map((key) => readCounter(db, key))).then((counts) =>
          counts.reduce((a, b) => a + b, 0),
        ),
      ]);
      return {
        activities: rows.map((row) => ({
          id: String(row.id),
          type: row.type,
          description: row.description,
          performedBy: row.actorName ?? SYSTEM_ACTOR_NAME,
          createdAt: row.createdAt.getTime(),
        })),
        total,
        page: query.page,
        limit: query.limit,
      };
    },
  };
}
