// The certificates list sorted by status. The status a reader sees depends on the time (status-rules.ts),
// so no index can hold that order, and sorting every match on each page took ~280 ms at 200,000 rows. The list
// already knows how many certificates each status holds (its counters), so a page is cut from the status buckets
// instead: the buckets in lifecycle order (or its reverse), each read in id order from `certificates_status_id`,
// skipping only into the one or two buckets the page overlaps. Ties break by id ascending in both directions, as in
// every other sort (db/sql.ts `listOrder`).
import { and, asc, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import {
  CERTIFICATE_STATUSES,
  type CertificateCounts,
  type CertificateStatus,
} from '../../../contract/certificates';
import type { Db } from '../../db/client';
import { certificates } from '../../db/schema';
import { statusArmsSql } from './status-rules';

/** A piece of a page: `limit` certificates of `status`, after skipping `offset` of them in id order. */
export interface StatusSlice {
  status: CertificateStatus;
  offset: number;
  limit: number;
}

/** The slices of each status that the rows [offset, offset + limit) of the sorted list fall in. */
export function statusSlices(
  counts: CertificateCounts,
  order: 'asc' | 'desc',
  offset: number,
  limit: number,
): StatusSlice[] {
  const statuses = order === 'asc' ? CERTIFICATE_STATUSES : [...CERTIFICATE_STATUSES].reverse();
  const slices: StatusSlice[] = [];
  let start = 0; // where the current bucket starts in the whole list
  let wanted = limit;
  for (const status of statuses) {
    const end = start + counts[status];
    const from = Math.max(offset, start);
    if (wanted > 0 && from < end) {
      const take = Math.min(end - from, wanted);
      slices.push({ status, offset: from - start, limit: take });
      wanted -= take;
    }
    start = end;
  }
  return slices;
}

/**
 * The ids of one slice, in id order. Each arm of its status (status-rules.ts `statusArmsSql`) is an index range in
 * id order. An arm that holds nothing is left out first: "licensed but past due" is empty once the minute's sweep
 * has run, and PostgreSQL, which cannot know that (it guesses thousands), would otherwise sort the whole bucket.
 */
export async function sliceIds(db: Db, slice: StatusSlice, filters: SQL[], now: Date): Promise<string[]> {
  const arm = (where: SQL) =>
    db
      .select({ id: certificates.id })
      .from(certificates)
      .where(and(where, ...filters));
  let arms = statusArmsSql(slice.status, now);
  if (arms.length > 1) {
    // In validTo order, so each probe is a walk from one end of a (status, validTo) index: without an order the
    // planner, expecting thousands of rows past due, scans the table for the first and finds none (150 ms).
    const probe = (where: SQL) => arm(where).orderBy(asc(certificates.validTo)).limit(1);
    const held = await Promise.all(arms.map(async (where) => (await probe(where)).length > 0));
    arms = arms.filter((_, i) => held[i]);
  }
  const [first, second] = arms;
  if (!first) return [];
  // Each branch awaited on its own: a conditional over the two query builders made TypeScript compare their types,
  // which took nine seconds of every type-check.
  const rows: { id: string }[] = second
    ? await unionAll(arm(first), arm(second))
        .orderBy(sql`1`)
        .limit(slice.limit)
        .offset(slice.offset)
    : await arm(first).orderBy(asc(certificates.id)).limit(slice.limit).offset(slice.offset);
  return rows.map((row) => row.id);
}
