// Certificate reads: the list (paged, with its total and counters), the selection's ids, the export's batches, one certificate, its history. Every read
// shows the status as readers see it (status-rules.ts).
import { and, desc, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  CERTIFICATE_STATUSES,
  type CertificateCounts,
  type CertificateSortKey,
  type CertificateStatus,
  type Certificate,
  type CertificateRecord,
  type CertificatesExportQuery,
  type CertificatesList,
  type CertificatesQuery,
  type CertificatesSelectionQuery,
} from '../../../contract/certificates';
import { MAX_SELECTION_IDS, type SelectionIds } from '../../../contract/bulk';
import type { Db, Tx } from '../../db/client';
import { containsPattern } from '../../db/rows';
import { certificateRecords, certificates, clients } from '../../db/schema';
import { afterCursor, isSorted, listOrder } from '../../db/sql';
import { notFound } from '../../errors';
import type { AppContext } from '../shared/context';
import { readEffectiveCertificateCounts } from '../shared/counters';
import { certificateColumns, toCertificate, toRecord } from './presenter';
import { sliceIds, statusSlices } from './status-order';
import { checkInOverdueSql, effectiveStatusSql, statusFilterSql } from './status-rules';

/** What narrows the list: its filters, without paging or order. */
type CertificateFilters = Pick<CertificatesExportQuery, 'search' | 'clientId' | 'status' | 'checkIn'>;

/** Whether a search or a client narrows the list (the status filter alone is read from the counters). */
const isNarrowed = (query: CertificateFilters) =>
  Boolean(query.search?.trim() || query.clientId || query.checkIn);

/**
 * A list's total, from its counts: every status, or the one filtered on. The total and the counters are one number
 * read once, so `total` for `status=X` is always `counts[X]`.
 */
const totalOf = (counts: CertificateCounts, status: CertificateStatus | undefined) =>
  status ? counts[status] : CERTIFICATE_STATUSES.reduce((sum, s) => sum + counts[s], 0);

const emptyCounts = () =>
  Object.fromEntries(CERTIFICATE_STATUSES.map((status) => [status, 0])) as CertificateCounts;

function listFilters(query: CertificateFilters, now: Date): SQL[] {
  const filters: SQL[] = [];
  if (query.status) filters.push(statusFilterSql(query.status, now));
  if (query.clientId) filters.push(eq(certificates.clientId, query.clientId));
  if (query.checkIn === 'overdue') filters.push(checkInOverdueSql(now));
  const search = query.search?.trim();
  if (search) {
    // Two indexed lookups (trigram on serial numbers, trigram on client names, then the certificates of
    // those clients) instead of one OR over the join, which no index can serve.
    const pattern = containsPattern(search);
    filters.push(sql`${certificates.id} in (
      select s.id from certificates s where s.serial_number ilike ${pattern}
      union all
      select s.id from certificates s join clients k on k.id = s.client_id where k.name ilike ${pattern})`);
  }
  return filters;
}

/** The counts of rows already read, by the status readers see. */
function countsOfRows(rows: readonly Certificate[]): CertificateCounts {
  const counts = emptyCounts();
  for (const row of rows) counts[row.status] += 1;
  return counts;
}

/** Newest first, in the order of the index `certificates_created_at` (created_at desc nulls last, id). */
const newestFirst = [sql`${certificates.createdAt} desc nulls last`, sql`${certificates.id} asc`];

/** A sort key that an index can read in order: all but `status`, whose page is cut from its buckets (status-order.ts). */
type IndexedSortKey = Exclude<CertificateSortKey, 'status'>;

/** The list's order by an indexed key. */
function certificatesOrder(
  query: Omit<CertificatesExportQuery, 'sort'> & { sort?: IndexedSortKey | undefined },
): SQL[] {
  const keys: Record<IndexedSortKey, SQLWrapper> = {
    serialNumber: certificates.serialNumber,
    clientName: sql`lower(${clients.name})`,
    validFrom: certificates.validFrom,
    validTo: certificates.validTo,
    lastUsedAt: certificates.lastUsedAt,
    createdAt: certificates.createdAt,
  };
  return listOrder(query, keys, certificates.id, newestFirst, ['lastUsedAt']);
}

/** One certificate as readers see it at `at`, inside a transaction or not. */
export async function findCertificate(tx: Db | Tx, id: string, at: Date): Promise<Certificate | undefined> {
  const [row] = await tx
    .select(certificateColumns(at))
    .from(certificates)
    .innerJoin(clients, eq(clients.id, certificates.clientId))
    .where(eq(certificates.id, id));
  return row ? toCertificate(row, at) : undefined;
}

export function createCertificateQueries(ctx: Pick<AppContext, 'db' | 'now'>) {
  const { db, now } = ctx;

  /**
   * The list's counters: how many certificates the search and client filter match in each status as
   * readers see it, whatever the status filter. Unfiltered, from the counters kept with every change (no count over
   * a million rows); else one grouped count over the matches, which the search's or the client's index finds.
   */
  async function countsOf(query: CertificateFilters, at: Date): Promise<CertificateCounts> {
    if (!isNarrowed(query)) return readEffectiveCertificateCounts(db, at);
    const rows = await db
      .select({ status: effectiveStatusSql(at), n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(certificates)
      .where(and(...listFilters({ ...query, status: undefined }, at)))
      // By position: the expression carries the time as a parameter, so repeating it would not be "the same".
      .groupBy(sql`1`);
    const counts = emptyCounts();
    for (const row of rows) counts[row.status] = row.n;
    return counts;
  }

  /** Certificates by id, in the order of `ids` (a page whose order was decided elsewhere). */
  async function inOrder(ids: string[], at: Date): Promise<Certificate[]> {
    if (!ids.length) return [];
    const rows = await db
      .select(certificateColumns(at))
      .from(certificates)
      .innerJoin(clients, eq(clients.id, certificates.clientId))
      .where(inArray(certificates.id, ids));
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toCertificate(row, at)] : [];
    });
  }

  /** A page sorted by status: cut from the status buckets the counters give (status-order.ts). */
  async function listByStatus(query: CertificatesQuery, at: Date): Promise<CertificatesList> {
    const counts = await countsOf(query, at);
    return {
      certificates: await statusPage(query, counts, (query.page - 1) * query.limit, query.limit, at),
      total: totalOf(counts, query.status),
      page: query.page,
      limit: query.limit,
      counts,
    };
  }

  /** The rows [offset, offset + limit) of the list sorted by status, given its counts. */
  async function statusPage(
    query: CertificatesExportQuery,
    counts: CertificateCounts,
    offset: number,
    limit: number,
    at: Date,
  ): Promise<Certificate[]> {
    const buckets = query.status ? { ...emptyCounts(), [query.status]: counts[query.status] } : counts;
    const filters = listFilters({ ...query, status: undefined }, at);
    const slices = statusSlices(buckets, query.order ?? 'asc', offset, limit);
    const ids = (await Promise.all(slices.map((slice) => sliceIds(db, slice, filters, at)))).flat();
    return inOrder(ids, at);
  }

  return {
    async list(query: CertificatesQuery): Promise<CertificatesList> {
      const at = now();
      const { sort } = query;
      if (sort === 'status') return listByStatus(query, at);
      const page = db
        .select(certificateColumns(at))
        .from(certificates)
        .innerJoin(clients, eq(clients.id, certificates.clientId))
        .where(and(...listFilters(query, at)))
        .orderBy(...certificatesOrder({ ...query, sort }))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit);
      let rows: Awaited<typeof page>;
      let counts: CertificateCounts;
      if (isNarrowed(query) && !query.status && query.page === 1) {
        // A search for one machine usually finds less than a page: then the page is every match and its counts are
        // the page's own, which saves a second trigram lookup (docs/performance.md).
        rows = await page;
        counts =
          rows.length < query.limit
            ? countsOfRows(rows.map((row) => toCertificate(row, at)))
            : await countsOf(query, at);
      } else {
        [rows, counts] = await Promise.all([page, countsOf(query, at)]);
      }
      return {
        certificates: rows.map((row) => toCertificate(row, at)),
        total: totalOf(counts, query.status),
        page: query.page,
        limit: query.limit,
        counts,
      };
    },

    /** The ids of every certificate the list's filters match, newest first, at most MAX_SELECTION_IDS. */
    async selectionIds(query: CertificatesSelectionQuery): Promise<SelectionIds> {
      const at = now();
      const [rows, counts] = await Promise.all([
        db
          .select({ id: certificates.id })
          .from(certificates)
          .where(and(...listFilters(query, at)))
          .orderBy(...newestFirst)
          .limit(MAX_SELECTION_IDS),
        countsOf(query, at),
      ]);
      return { ids: rows.map((row) => row.id), total: totalOf(counts, query.status) };
    },

    /**
     * Everything matching the list's filters in the list's order, in batches: newest first by the created_at keyset;
     * a sorted export by offset (its key has no index to seek in).
     */
    async *exportBatches(query: CertificatesExportQuery, batchSize = 500): AsyncGenerator<Certificate[]> {
      const at = now();
      const filters = listFilters(query, at);
      const { sort } = query;
      if (sort === 'status') {
        const counts = await countsOf(query, at);
        const total = totalOf(counts, query.status);
        for (let offset = 0; offset < total; offset += batchSize) {
          const rows = await statusPage(query, counts, offset, batchSize, at);
          if (rows.length) yield rows;
        }
        return;
      }
      if (isSorted(query)) {
        for (let offset = 0; ; offset += batchSize) {
          const rows = await db
            .select(certificateColumns(at))
            .from(certificates)
            .innerJoin(clients, eq(clients.id, certificates.clientId))
            .where(and(...filters))
            .orderBy(...certificatesOrder({ ...query, sort }))
            .limit(batchSize)
            .offset(offset);
          if (rows.length) yield rows.map((row) => toCertificate(row, at));
          if (rows.length < batchSize) return;
        }
      }
      let cursor: { createdAt: string; id: string } | undefined;
      for (;;) {
        const rows = await db
          .select({ ...certificateColumns(at), cursor: sql<string>`${certificates.createdAt}::text` })
          .from(certificates)
          .innerJoin(clients, eq(clients.id, certificates.clientId))
          .where(
            and(
              ...filters,
              cursor ? afterCursor(certificates.createdAt, certificates.id, cursor) : undefined,
            ),
          )
          .orderBy(...newestFirst)
          .limit(batchSize);
        if (rows.length) yield rows.map((row) => toCertificate(row, at));
        if (rows.length < batchSize) return;
        const last = rows[rows.length - 1]!;
        cursor = { createdAt: last.cursor, id: last.id };
      }
    },

    async get(id: string): Promise<Certificate> {
      const certificate = await findCertificate(db, id, now());
      if (!certificate) throw notFound('Certificate');
      return certificate;
    },

    async records(id: string): Promise<CertificateRecord[]> {
      const [exists] = await db
        .select({ id: certificates.id })
        .from(certificates)
        .where(eq(certificates.id, id));
      if (!exists) throw notFound('Certificate');
      const rows = await db
        .select({
          id: certificateRecords.id,
          action: certificateRecords.action,
          description: certificateRecords.description,
          actorName: certificateRecords.actorName,
          createdAt: certificateRecords.createdAt,
        })
        .from(certificateRecords)
        .where(eq(certificateRecords.certificateId, id))
        .orderBy(desc(certificateRecords.createdAt), desc(certificateRecords.id));
      return rows.map(toRecord);
    },
  };
}
