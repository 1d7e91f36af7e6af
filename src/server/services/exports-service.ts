// CSV exports of the certificates and clients lists: the list's filters, no paging, streamed in keyset batches
// so a million rows never sit in memory at once.
import type { Readable } from 'node:stream';
import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { CertificatesExportQuery } from '../../contract/certificates';
import type { ClientsExportQuery } from '../../contract/clients';
import { clients } from '../db/schema';
import type { CertificatesService } from './certificates';
import { afterCursor, isSorted } from '../db/sql';
import { containsPattern } from '../db/rows';
import type { AppContext } from './context';
import { clientsOrder } from './clients-service';
import { liveActiveCertificatesSql } from './counters';
import { csvDate, csvStreamReady } from './csv';

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

  return {
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
