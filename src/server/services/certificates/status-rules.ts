// The SQL forms of "effective status" (docs/requirements.md#effective-status): an active or distributed certificate
// past its validTo reads as expired before the sweep has written it so; pending drafts never expire (ADR 0002).
// The JavaScript form is `effectiveStatus` in src/contract/certificate-lifecycle.ts, from the same constant
// (LICENSED_STATUSES), and "live" is `isLiveCertificate` there, from LIVE_STATUSES. Every query that needs a rule
// builds it here, so the rule has one home per language; a rule the mocks apply too is decided in JavaScript only
// (the serial-number overlap reads the rows and asks `serialOverlapRefusal`, src/contract/certificate-rules.ts).
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { LICENSED_STATUSES, LIVE_STATUSES, isLicensedStatus } from '../../../contract/certificate-lifecycle';
import type { CertificateStatus } from '../../../contract/certificates';
import { certificates } from '../../db/schema';
import { literalList, tsParam } from '../../db/sql';

/** The columns a rule reads: the certificates table's own, or those of an alias in hand-written SQL. */
export interface StatusColumns {
  status: SQLWrapper;
  validTo: SQLWrapper;
}

const TABLE_COLUMNS: StatusColumns = { status: certificates.status, validTo: certificates.validTo };

/** The columns of `alias` (e.g. `due` in `from certificates due`) for hand-written SQL. */
export const aliasColumns = (alias: string): StatusColumns => ({
  status: sql.raw(`${alias}.status`),
  validTo: sql.raw(`${alias}.valid_to`),
});

/** `('active','distributed')`: the statuses whose licence is in force until validTo. */
export const LICENSED_LIST = literalList(LICENSED_STATUSES);

/** Licensed and past validTo at `now`: expired for readers, the sweep's work. */
export const pastDueSql = (now: Date, c: StatusColumns = TABLE_COLUMNS): SQL =>
  sql`${c.status} in ${LICENSED_LIST} and ${c.validTo} <= ${tsParam(now)}`;

/** Licensed and not yet past validTo at `now`: a licence in force. */
export const inForceSql = (now: Date, c: StatusColumns = TABLE_COLUMNS): SQL =>
  sql`${c.status} in ${LICENSED_LIST} and ${c.validTo} > ${tsParam(now)}`;

/** The columns the check-in rule reads besides the status ones. */
export interface CheckInColumns extends StatusColumns {
  fileLifetimeDays: SQLWrapper;
  lastCheckInAt: SQLWrapper;
  licenseIssuedAt: SQLWrapper;
}

const TABLE_CHECK_IN_COLUMNS: CheckInColumns = {
  ...TABLE_COLUMNS,
  fileLifetimeDays: certificates.fileLifetimeDays,
  lastCheckInAt: certificates.lastCheckInAt,
  licenseIssuedAt: certificates.licenseIssuedAt,
};

/** The check-in columns of `alias`, for hand-written SQL. */
export const aliasCheckInColumns = (alias: string): CheckInColumns => ({
  ...aliasColumns(alias),
  fileLifetimeDays: sql.raw(`${alias}.file_lifetime_days`),
  lastCheckInAt: sql.raw(`${alias}.last_check_in_at`),
  licenseIssuedAt: sql.raw(`${alias}.license_issued_at`),
});

/**
 * Since when a certificate's machine has been silent: its last check-in or, before the first, its last signing. One
 * overdue period per value (the webhook and the digest tell each once per period); the expression of the index
 * `certificates_check_in_due`.
 */
export const checkInSinceSql = (c: CheckInColumns = TABLE_CHECK_IN_COLUMNS): SQL =>
  sql`coalesce(${c.lastCheckInAt}, ${c.licenseIssuedAt})`;

/**
 * `isCheckInOverdue` (src/contract/license-terms.ts) in SQL: a licence in force with a lifetime and no check-in (or,
 * before the first, no signing) within it. The index `certificates_check_in_due` holds exactly the certificates with
 * a lifetime that may be overdue.
 */
export const checkInOverdueSql = (now: Date, c: CheckInColumns = TABLE_CHECK_IN_COLUMNS): SQL =>
  sql`(${c.fileLifetimeDays} is not null and ${inForceSql(now, c)}
    and ${checkInSinceSql(c)} < ${tsParam(now)} - make_interval(days => ${c.fileLifetimeDays}))`;

/** The live statuses that never expire (a draft): stored so, they are live whatever their end. */
const LIVE_UNLICENSED_LIST = literalList(LIVE_STATUSES.filter((status) => !isLicensedStatus(status)));

/**
 * Holds or will hold a licence for its serial number at `now` (`LIVE_STATUSES`, as readers see the status): a
 * pending draft or a licence in force. The SQL twin of `isLiveCertificate`, for the clients' delete refusal, which
 * asks it of every client of a page in one query.
 */
export const liveSql = (now: Date, c: StatusColumns = TABLE_COLUMNS): SQL =>
  sql`(${c.status} in ${LIVE_UNLICENSED_LIST} or (${inForceSql(now, c)}))`;

/** The status a reader sees, as a select expression. */
export const effectiveStatusSql = (now: Date) =>
  sql<CertificateStatus>`(case when ${pastDueSql(now)} then 'expired' else ${certificates.status} end)`;

/** The filter of a status as readers see it (see `effectiveStatusSql`). */
export function statusFilterSql(status: CertificateStatus, now: Date): SQL {
  switch (status) {
    case 'active':
    case 'distributed':
      return sql`(${certificates.status} = ${status} and ${certificates.validTo} > ${tsParam(now)})`;
    case 'expired':
      return sql`(${certificates.status} = 'expired' or (${pastDueSql(now)}))`;
    case 'pending':
    case 'revoked':
      return sql`${certificates.status} = ${status}`;
  }
}

/**
 * The filter of a status as readers see it, as arms whose union it is, each a plain range of an index: expired is
 * "stored expired" plus "licensed and past due", which one OR would hide from an index read in id order.
 */
export function statusArmsSql(status: CertificateStatus, now: Date): SQL[] {
  return status === 'expired'
    ? [sql`${certificates.status} = 'expired'`, pastDueSql(now)]
    : [statusFilterSql(status, now)];
}
