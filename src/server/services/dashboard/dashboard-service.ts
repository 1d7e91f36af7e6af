// Dashboard reads: stats from the counters (never a count over the certificates), the expiring list and the
// activity log.
import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { DAY_MS } from '../../../contract/constants';
import type {
  Activity,
  ActivityFilters,
  ActivityPage,
  ActivityQuery,
  DashboardStats,
  ExpirationPage,
  ExpirationQuery,
} from '../../../contract/dashboard';
import { ACTIVITY_MESSAGES, activityVisibleTo } from '../../../contract/dashboard';
import type { RoleName } from '../../../contract/roles';
import { forbidden, validationFailed } from '../../errors';
import { containsPattern, queryRows } from '../../db/rows';
import { activities, certificates, clients } from '../../db/schema';
import type { AppContext } from '../shared/context';
import {
  ACTIVITIES_COUNTER_KEY,
  activitiesCounterKey,
  CLIENTS_COUNTER_KEY,
  endingWithinSql,
  readCounter,
  readCounters,
  readEffectiveCertificateCounts,
} from '../shared/counters';
import { tsParam } from '../../db/sql';
import { inForceSql } from '../certificates/status-rules';

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

    /**
     * Active or distributed certificates with now < validTo <= now + days (and matching `search`, a serial number or
     * client name), soonest first, a page at a time with the count of all that match.
     */
    async expiring({ days, page, limit, search }: ExpirationQuery): Promise<ExpirationPage> {
      const at = now();
      const until = new Date(at.getTime() + days * DAY_MS);
      const needle = search?.trim();
      const pattern = needle ? containsPattern(needle) : undefined;
      const where = and(
        inForceSql(at),
        sql`${certificates.validTo} <= ${tsParam(until)}`,
        pattern ? or(ilike(certificates.serialNumber, pattern), ilike(clients.name, pattern)) : undefined,
      );
      // The page carries its count in one statement (PostgreSQL works the uncorrelated subquery out once). Without a
      // search the count is the ending counters of the window's whole days plus its two edge days' rows
      // (endingWithinSql): a month holds ~50,000 endings at a million certificates, and counting them on every call
      // kept this list over its 20 ms target (ADR 0017).
      const totalSql = pattern
        ? sql<number>`(select count(*) from ${certificates}
            inner join ${clients} on ${clients.id} = ${certificates.clientId} where ${where})`
        : endingWithinSql(at, until);
      const rows = await db
        .select({
          id: certificates.id,
          serialNumber: certificates.serialNumber,
          clientName: clients.name,
          studioCount: certificates.studioCount,
          userCount: certificates.userCount,
          validTo: certificates.validTo,
          status: certificates.status,
          total: totalSql.mapWith(Number),
        })
        .from(certificates)
        .innerJoin(clients, eq(clients.id, certificates.clientId))
        .where(where)
        .orderBy(asc(certificates.validTo), asc(certificates.id))
        .limit(limit)
        .offset((page - 1) * limit);
      // A page past the last has no row to carry the count: it is read on its own.
      const total =
        rows[0]?.total ??
        (page === 1
          ? 0
          : Number((await queryRows<{ n: string | number }>(db, sql`select ${totalSql} as n`))[0]?.n ?? 0));
      return {
        expiringCertificates: rows.map((row) => ({
          uuid: row.id,
          serialNumber: row.serialNumber,
          clientName: row.clientName,
          studioCount: row.studioCount,
          userCount: row.userCount,
          validTo: row.validTo.getTime(),
          daysUntilExpiry: Math.ceil((row.validTo.getTime() - at.getTime()) / DAY_MS),
          // In force (inForceSql): stored active or distributed, before its end.
          status: row.status === 'distributed' ? 'distributed' : 'active',
        })),
        total,
        page,
        limit,
      };
    },

    /**
     * The activity log as `role` may read it (`activityVisibleTo`), newest first unless `order=asc`, with the audit
     * log's filters (`activityFilter`). Asking for a kind the role may not read is a 403, not an empty page.
     */
    async activity(query: ActivityQuery, role: RoleName): Promise<ActivityPage> {
      const filter = activityFilter(query, role);
      const [rows, total] = await Promise.all([
        db
          .select(activityColumns)
          .from(activities)
          .where(filter.where)
          .orderBy(...activityOrder(query))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        filter.counterKeys
          ? // Unfiltered or by kind only: the log's counters (kept in each writing transaction), not a count.
            Promise.all(filter.counterKeys.map((key) => readCounter(db, key))).then((counts) =>
              counts.reduce((a, b) => a + b, 0),
            )
          : // Any other filter counts its matches, through the same index that finds the page.
            db.$count(activities, filter.where),
      ]);
      return { activities: rows.map(toActivity), total, page: query.page, limit: query.limit };
    },
  };
}

/** What an activity row answers (the contract's `activitySchema`). */
export const activityColumns = {
  id: activities.id,
  type: activities.type,
  description: activities.description,
  actorId: activities.actorId,
  actorName: activities.actorName,
  targetType: activities.targetType,
  targetId: activities.targetId,
  createdAt: activities.createdAt,
};
interface ActivityRow {
  id: number;
  type: string;
  description: string;
  actorId: string | null;
  actorName: string | null;
  targetType: string;
  targetId: string | null;
  createdAt: Date;
}
/** An activity row as the log answers it. */
export const toActivity = (row: ActivityRow): Activity => ({
  id: String(row.id),
  type: row.type,
  description: row.description,
  performedBy: row.actorName ?? SYSTEM_ACTOR_NAME,
  createdAt: row.createdAt.getTime(),
  actorId: row.actorId,
  targetType: row.targetType,
  targetId: row.targetId,
});

/**
 * The log's order: by time (its one sort key), newest first by default and, as every list, ascending for `sort`
 * without `order`; ties by id in the same direction, so both directions read the index `activities_created_at` (or
 * an actor's, an action's, a kind's) forward or backward.
 */
export function activityOrder(query: Pick<ActivityFilters, 'sort' | 'order'>) {
  return activityDirection(query) === 'asc'
    ? [sql`${activities.createdAt} asc nulls first`, sql`${activities.id} asc nulls first`]
    : [sql`${activities.createdAt} desc nulls last`, sql`${activities.id} desc nulls last`];
}

export const activityDirection = (query: Pick<ActivityFilters, 'sort' | 'order'>) =>
  query.order ?? (query.sort ? 'asc' : 'desc');

/**
 * The rows of the log `role` may read that match the filters (`activityFiltersSchema`): the kind (`type`), the actor,
 * the action (the activity's own `type`), `from <= createdAt < to`, and the search over descriptions. A kind the role
 * may not read is a 403; `from` after `to` a 400 (an empty half-open range, `from = to`, is fine). `counterKeys` names
 * the counters that hold the total when nothing but the kind filters.
 */
/** Activity about a client or one of its certificates (each read through the target index). */
const aboutClient = (clientId: string): SQL =>
  or(
    and(eq(activities.targetType, 'client'), eq(activities.targetId, clientId)),
    and(
      eq(activities.targetType, 'certificate'),
      sql`${activities.targetId} in (select ${certificates.id}::text from ${certificates} where ${certificates.clientId} = ${clientId})`,
    ),
  )!;

export function activityFilter(
  query: ActivityFilters,
  role: RoleName,
): { where: SQL | undefined; counterKeys: string[] | undefined } {
  const visible = activityVisibleTo(role);
  if (query.type && !visible.types.includes(query.type)) throw forbidden();
  if (query.from !== undefined && query.to !== undefined && query.from > query.to)
    throw validationFailed({ to: ACTIVITY_MESSAGES.rangeReversed });
  const kinds = query.type ? [query.type] : visible.all ? undefined : visible.types;
  const pattern = containsPattern(query.search);
  const conditions = [
    kinds
      ? kinds.length === 1
        ? eq(activities.targetType, kinds[0]!)
        : inArray(activities.targetType, [...kinds])
      : undefined,
    query.actorId ? eq(activities.actorId, query.actorId) : undefined,
    query.clientId ? aboutClient(query.clientId) : undefined,
    query.action ? eq(activities.type, query.action) : undefined,
    query.from !== undefined ? sql`${activities.createdAt} >= ${tsParam(new Date(query.from))}` : undefined,
    query.to !== undefined ? sql`${activities.createdAt} < ${tsParam(new Date(query.to))}` : undefined,
    pattern ? sql`${activities.description} ilike ${pattern}` : undefined,
  ].filter((condition) => condition !== undefined);
  const onlyKinds =
    !query.actorId &&
    !query.clientId &&
    !query.action &&
    query.from === undefined &&
    query.to === undefined &&
    !pattern;
  return {
    where: conditions.length ? and(...conditions) : undefined,
    counterKeys: onlyKinds ? (kinds ? kinds.map(activitiesCounterKey) : [ACTIVITIES_COUNTER_KEY]) : undefined,
  };
}
