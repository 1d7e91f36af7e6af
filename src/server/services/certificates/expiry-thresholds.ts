// The expiry thresholds (30, 7 and 1 days before validTo): which one a certificate in force has reached, the smallest
// whose window holds its end, so a certificate made with 5 days left is warned at 7 and at 1, never at 30. One rule for
// the webhooks' `certificate.expiring` (services/webhooks/outbox.ts) and the e-mail reminders (services/mail/digest.ts).
import { sql, type SQL } from 'drizzle-orm';
import { DAY_MS } from '../../../contract/constants';
import { tsParam } from '../../db/sql';
import { aliasColumns, inForceSql } from './status-rules';

/**
 * For hand-written SQL over `certificates c`: `join` adds `t.days`, the smallest threshold reached at `at`, and `where`
 * keeps the certificates in force at `at` (active or distributed, before validTo) that have reached one.
 */
export function reachedThreshold(at: Date, thresholds: readonly number[]): { join: SQL; where: SQL } {
  const horizon = new Date(at.getTime() + Math.max(...thresholds) * DAY_MS);
  return {
    join: sql`cross join lateral (
      select min(d) as days from unnest(${sql.param([...thresholds])}::int[]) as d
      where c.valid_to <= ${tsParam(at)} + make_interval(days => d)
    ) t`,
    // The horizon bounds the read to the largest window (the index `certificates_live_valid_to`).
    where: sql`${inForceSql(at, aliasColumns('c'))} and c.valid_to <= ${tsParam(horizon)} and t.days is not null`,
  };
}
