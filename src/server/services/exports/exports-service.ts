// CSV exports of the certificates and clients lists and of the activity log: the list's filters, no paging,
// streamed in keyset batches so a million rows never sit in memory at once.
import type { Readable } from 'node:stream';
import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { CertificatesExportQuery } from '../../../contract/certificates';
import type { ClientsExportQuery } from '../../../contract/clients';
import type { ActivityFilters } from '../../../contract/dashboard';
import type { RoleName } from '../../../contract/roles';
import { activities, clients } from '../../db/schema';
import type { CertificatesService } from '../certificates';
import { afterCursor, isSorted } from '../../db/sql';
import { containsPattern } from '../../db/rows';
import type { AppContext } from '../shared/context';
import { clientsOrder } from '../clients/clients-service';
import { liveActiveCertificatesSql } from '../shared/counters';
import { csvDate, csvStreamReady } from './csv';
import {
  activityColumns,
  activityDirection,
  activityFilter,
  activityOrder,
  toActivity,
} from '../dashboard/dashboard-service';

export const CERTIFICATES_CSV_HEADER = [
  'Serial Number',
  'Client',
  'Studio Count',
  'User Count',
  'Valid From',
  'Valid To',
  'Status',
  'Notes',
  'Last Used',
  'Certificate ID',
  'Client ID',
] as const;

export const CLIENTS_CSV_HEADER = [
  'Company Name',
  'Description',
  'Contact Email',
  'Contact Phone',
  'Address',
  'Status',
  'Certificates',
  'Active Certificates',
  'Created',
  'Client ID',
] as const;

export const ACTIVITY_CSV_HEADER = ['Time', 'Actor', 'Action', 'Type', 'Target ID', 'Description'] as const;

const BATCH_SIZE = 500;

export type ExportsService = ReturnType<typeof createExportsService>;

export function createExportsService(ctx: AppContext, certificatesService: CertificatesService) {
  const { db, now } = ctx;

  async function* clientBatches(query: ClientsExportQuery) {
    const filters: SQL[] = [isNull(clients.deletedAt)];
    const search = query.search?.trim();
    if (search) {
      const pattern = containsPattern(search);
      const match = or(sql`${clients.name} ilike ${pattern}`, sql`${clients.contactEmail} ilike ${pattern}`);
      if (match) filters.push(match);
    }
    if (query.status) filters.push(eq(clients.isActive, query.status === 'active'));
    const columns = {
      id: clients.id,
      name: clients.name,
      description: clients.description,
      contactEmail: clients.contactEmail,
      contactPhone: clients.contactPhone,
      address: clients.address,
      isActive: clients.isActive,
      certificateCount: clients.certificateCount,
      activeCertificates: liveActiveCertificatesSql(now()),
      createdAt: clients.createdAt,
    };
    // A sorted export follows the list's order, page by page (its key has no index to seek in).
    if (isSorted(query)) {
      for (let offset = 0; ; offset += BATCH_SIZE) {
        const rows = await db
          .select(columns)
          .from(clients)
          .where(and(...filters))
          .orderBy(...clientsOrder(query))
          .limit(BATCH_SIZE)
          .offset(offset);
        if (rows.length) yield rows;
        if (rows.length < BATCH_SIZE) return;
      }
    }
    let cursor: { createdAt: string; id: string } | undefined;
    for (;;) {
      const rows = await db
        .select({
          ...columns,
          cursor: sql<string>`${clients.createdAt}::text`,
        })
        .from(clients)
        .where(and(...filters, cursor ? afterCursor(clients.createdAt, clients.id, cursor) : undefined))
        // The order of the index `clients_created_at` (created_at desc nulls last).
        .orderBy(sql`${clients.createdAt} desc nulls last`, sql`${clients.id} asc`)
        .limit(BATCH_SIZE);
      if (rows.length) yield rows;
      if (rows.length < BATCH_SIZE) return;
      const last = rows[rows.length - 1]!;
      cursor = { createdAt: last.cursor, id: last.id };
    }
  }

  /** The log's rows in its order, batch after batch by the (created_at, id) keyset of the log's indexes. */
  async function* activityBatches(query: ActivityFilters, where: SQL | undefined) {
    const after = activityDirection(query) === 'asc' ? sql`>` : sql`<`;
    let cursor: { createdAt: string; id: number } | undefined;
    for (;;) {
      const rows = await db
        .select({ ...activityColumns, cursor: sql<string>`${activities.createdAt}::text` })
        .from(activities)
        .where(
          and(
            where,
            cursor
              ? sql`(${activities.createdAt}, ${activities.id}) ${after} (${cursor.createdAt}::timestamptz, ${cursor.id})`
              : undefined,
          ),
        )
        .orderBy(...activityOrder(query))
        .limit(BATCH_SIZE);
      if (rows.length) yield rows.map(toActivity);
      if (rows.length < BATCH_SIZE) return;
      const last = rows[rows.length - 1]!;
      cursor = { createdAt: last.cursor, id: last.id };
    }
  }

  return {
    /** The activity log as `role` reads it (the same rules and 403 as the log), filtered, every row. */
    async activityCsv(query: ActivityFilters, role: RoleName): Promise<Readable> {
      const { where } = activityFilter(query, role);
      return csvStreamReady(ACTIVITY_CSV_HEADER, activityBatches(query, where), (a) => [
        csvDate(a.createdAt),
        a.performedBy,
        a.type,
        a.targetType,
        a.targetId,
        a.description,
      ]);
    },

    certificatesCsv(query: CertificatesExportQuery): Promise<Readable> {
      return csvStreamReady(
        CERTIFICATES_CSV_HEADER,
        certificatesService.exportBatches(query, BATCH_SIZE),
        (c) => [
          c.serialNumber,
          c.clientName,
          c.studioCount,
          c.userCount,
          csvDate(c.validFrom),
          csvDate(c.validTo),
          c.status,
          c.notes,
          csvDate(c.lastUsedAt),
          c.uuid,
          c.clientId,
        ],
      );
    },

    clientsCsv(query: ClientsExportQuery): Promise<Readable> {
      return csvStreamReady(CLIENTS_CSV_HEADER, clientBatches(query), (c) => [
        c.name,
        c.description,
        c.contactEmail,
        c.contactPhone,
        c.address,
        c.isActive ? 'active' : 'inactive',
        c.certificateCount,
        c.activeCertificates,
        csvDate(c.createdAt.getTime()),
        c.id,
      ]);
    },
  };
}
