// Counters the dashboard and the lists read instead of counting rows: `counters` ('clients',
// 'certificates.<status>', 'ending.<UTC day>') and each client's certificate_count / active_certificates.
// Callers run these inside the transaction that makes the change, so counts and rows never disagree.
//
// Lock order (deadlock avoidance, shared by every writer): certificate rows, then client rows (by id),
// then counter rows (by key). Counter rows are the hottest, so they are always taken last and held briefly.
// The activity log's counters ('log.*') sort after every other key, so `recordActivity` ends a transaction.
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { CERTIFICATE_STATUSES, type CertificateStatus } from '../../../contract/certificates';
import { LICENSED_STATUSES, isLicensedStatus } from '../../../contract/certificate-lifecycle';
import type { Db, Tx } from '../../db/client';
import { certificates, clients } from '../../db/schema';
import { queryRows } from '../../db/rows';
import { DAY_MS } from '../../../contract/constants';
import { tsParam } from '../../db/sql';
import { LICENSED_LIST, aliasColumns, inForceSql, pastDueSql } from '../certificates/status-rules';

// A client's "active certificates" are its licensed ones (docs/requirements.md#entities: active plus distributed).
const isActiveLike = isLicensedStatus;

export const certificateCounterKey = (status: CertificateStatus) => `certificates.${status}`;
/**
 * The licensed certificates (active or distributed) whose period ends on one UTC day: the dashboard's expiring list
 * sums a window of these instead of counting ~50,000 rows a month at a million certificates. Keys sort
 * after 'clients' and before 'log.*', so the lock order below holds.
 */
export const ENDING_COUNTER_PREFIX = 'ending.';
export const endingCounterKey = (validTo: Date) =>
  `${ENDING_COUNTER_PREFIX}${validTo.toISOString().slice(0, 10)}`;
/** `endingCounterKey` in SQL, of a timestamptz column or expression. */
export const endingCounterKeySql = (validTo: SQLWrapper): SQL<string> =>
  sql<string>`${ENDING_COUNTER_PREFIX} || to_char(${validTo} at time zone 'UTC', 'YYYY-MM-DD')`;
export const CLIENTS_COUNTER_KEY = 'clients';
/** Every activity row; and the rows about one kind of target ('certificate', 'client', 'user'). */
export const ACTIVITIES_COUNTER_KEY = 'log.total';
export const activitiesCounterKey = (targetType: string) => `log.${targetType}`;

/** Counts activity rows just inserted in this transaction, by target type. */
export async function countActivities(tx: Db | Tx, targetTypes: readonly string[]): Promise<void> {
  const deltas: Record<string, number> = { [ACTIVITIES_COUNTER_KEY]: targetTypes.length };
  for (const type of targetTypes)
    deltas[activitiesCounterKey(type)] = (deltas[activitiesCounterKey(type)] ?? 0) + 1;
  await addToCounters(tx, deltas);
}

/** Adds deltas to counter rows, in key order (see the lock order above); zero deltas are skipped. */
export async function addToCounters(tx: Db | Tx, deltas: Record<string, number>): Promise<void> {
  const keys = Object.keys(deltas)
    .filter((key) => deltas[key] !== 0)
    .sort();
  for (const key of keys) {
    await tx.execute(sql`
      insert into counters (key, value) values (${key}, ${deltas[key]})
      on conflict (key) do update set value = counters.value + excluded.value`);
  }
}

/** A certificate as its counters see it: its stored status and the end of its period. */
export interface CountedCertificate {
  status: CertificateStatus;
  validTo: Date;
}

/**
 * Moves one certificate of a client from one state to another (its status, the end of its period, or both):
 * `from` null for a new certificate, `to` null for a deleted one.
 */
export async function adjustCertificateCounters(
  tx: Db | Tx,
  clientId: string,
  from: CountedCertificate | null,
  to: CountedCertificate | null,
): Promise<void> {
  const deltas: Record<string, number> = {};
  const add = (key: string, n: number) => (deltas[key] = (deltas[key] ?? 0) + n);
  const fromStatus = from?.status ?? null;
  const toStatus = to?.status ?? null;
  if (fromStatus !== toStatus) {
    const total = (to === null ? 0 : 1) - (from === null ? 0 : 1);
    const active = (isActiveLike(toStatus) ? 1 : 0) - (isActiveLike(fromStatus) ? 1 : 0);
    if (total !== 0 || active !== 0) {
      await tx.execute(sql`
        update clients set certificate_count = certificate_count + ${total}, active_certificates = active_certificates + ${active}
        where id = ${clientId}`);
    }
    if (fromStatus) add(certificateCounterKey(fromStatus), -1);
    if (toStatus) add(certificateCounterKey(toStatus), 1);
  }
  // A renewal moves the end without a change of status; the two cancel out when neither moves.
  if (from && isLicensedStatus(from.status)) add(endingCounterKey(from.validTo), -1);
  if (to && isLicensedStatus(to.status)) add(endingCounterKey(to.validTo), 1);
  await addToCounters(tx, deltas);
}

/** Counts the ending counters again from the rows (the seeds, which insert certificates in bulk). */
export async function recountEndingCounters(tx: Db | Tx): Promise<void> {
  await tx.execute(sql`delete from counters where key like ${`${ENDING_COUNTER_PREFIX}%`}`);
  await tx.execute(sql`
    insert into counters (key, value)
    select ${endingCounterKeySql(certificates.validTo)}, count(*)
    from ${certificates} where ${certificates.status} in ${LICENSED_LIST} group by 1`);
}

/** Counts live (not deleted) clients: +1 when one is created, -1 when one is deleted. */
export async function adjustClientCount(tx: Db | Tx, delta: number): Promise<void> {
  await addToCounters(tx, { [CLIENTS_COUNTER_KEY]: delta });
}

/** One counter's value (0 when it has no row yet). */
export async function readCounter(db: Db | Tx, key: string): Promise<number> {
  const rows = await queryRows<{ value: string | number }>(
    db,
    sql`select value from counters where key = ${key}`,
  );
  return Number(rows[0]?.value ?? 0);
}

/** The ending counters are read a window at a time (`endingWithinSql`), never all at once. */
const notEnding = sql`key not like ${`${ENDING_COUNTER_PREFIX}%`}`;

/** Reads every counter row (but the ending ones, read by window) as a map. */
export async function readCounters(db: Db | Tx): Promise<Map<string, number>> {
  const rows = await queryRows<{ key: string; value: string | number }>(
    db,
    sql`select key, value from counters where ${notEnding}`,
  );
  return new Map(rows.map((row) => [row.key, Number(row.value)]));
}

/**
 * Certificate counts by the status readers see: the stored counters, corrected for active and distributed
 * certificates whose validTo has passed but which the sweep has not marked yet (few, found through the
 * (status, valid_to) index), so a count never shows a past-due certificate as active or distributed.
 */
export async function readEffectiveCertificateCounts(
  db: Db | Tx,
  now: Date,
  stored?: Map<string, number>,
): Promise<Record<CertificateStatus, number>> {
  // One round trip: the stored counters and the past-due rows' statuses together.
  const rows = await queryRows<{ key: string; value: string | number }>(
    db,
    sql`select key, value from counters where ${stored ? sql`false` : notEnding}
        union all
        select 'due.' || status, count(*) from certificates
        where ${pastDueSql(now)} group by status`,
  );
  const values = new Map(rows.map((row) => [row.key, Number(row.value)]));
  const read = (key: string) => (stored ? stored.get(key) : values.get(key)) ?? 0;
  const counts = Object.fromEntries(
    CERTIFICATE_STATUSES.map((s) => [s, read(certificateCounterKey(s))]),
  ) as Record<CertificateStatus, number>;
  for (const status of LICENSED_STATUSES) {
    const due = values.get(`due.${status}`) ?? 0;
    counts[status] -= due;
    counts.expired += due;
  }
  return counts;
}

/**
 * A client's "active certificates" as readers see them: the stored counter less its active and distributed
 * certificates whose validTo has passed but which the sweep has not marked yet (few, found through the
 * (status, valid_to) index), so no list shows a past-due certificate as active. Used in a select on `clients`.
 * The outer id is written qualified by hand: drizzle leaves a lone table's columns bare, and a bare "id"
 * inside the subquery would mean the certificate's own id.
 */
export const liveActiveCertificatesSql = (now: Date): SQL<number> =>
  sql<number>`(${clients.activeCertificates} - (select count(*)::int from certificates due
    where ${pastDueSql(now, aliasColumns('due'))}
      and due.client_id = ${sql.raw('"clients"."id"')}))`.mapWith(Number);

/**
 * How many certificates are in force at `now` and end by `until` (inclusive), as one SQL expression: the ending
 * counters of the whole UTC days between, plus the rows of the two partial days at the edges, counted through the
 * validity index (a day's endings, ~1,600 at a million certificates, against a month's ~50,000).
 */
export function endingWithinSql(now: Date, until: Date): SQL<number> {
  const firstWholeDay = Math.floor(now.getTime() / DAY_MS) * DAY_MS + DAY_MS;
  const lastDay = Math.floor(until.getTime() / DAY_MS) * DAY_MS;
  const inForceEnding = (end: SQL) =>
    sql`(select count(*) from ${certificates} where ${inForceSql(now)} and ${end})`;
  const { validTo } = certificates;
  if (lastDay < firstWholeDay) return sql<number>`${inForceEnding(sql`${validTo} <= ${tsParam(until)}`)}`;
  const wholeDays: string[] = [];
  for (let day = firstWholeDay; day < lastDay; day += DAY_MS) wholeDays.push(endingCounterKey(new Date(day)));
  return sql<number>`((select coalesce(sum(value), 0) from counters where key = any(${sql.param(wholeDays)}::text[]))
    + ${inForceEnding(sql`${validTo} < ${tsParam(new Date(firstWholeDay))}`)}
    + ${inForceEnding(sql`${validTo} >= ${tsParam(new Date(lastDay))} and ${validTo} <= ${tsParam(until)}`)})`;
}
