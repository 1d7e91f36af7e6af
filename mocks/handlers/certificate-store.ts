// The mock server's certificates: the store a set of handlers works on, and the list's filters, counters and sort
// as the server applies them, shared by the list, the ids, the export and the bulk calls.
import {
  CERTIFICATE_STATUSES,
  type Certificate,
  type CertificateCounts,
  type CertificateRecord,
  type CertificateSortKey,
  type Client,
  type SortOrder,
} from '../../src/contract';
import { INITIAL_CERTIFICATE_DEFAULTS, type CertificateDefaults } from '../../src/contract/license-terms';
import { createMockCertificates, mockClients, mockRecordsFor } from '../fixtures/certificates';

/** An activity row a certificate change wrote, as the server writes it (the mock keeps no actor or time). */
export interface MockCertificateActivity {
  type: `certificate.${string}`;
  targetId: string;
  description: string;
}

/** The certificates and history a set of handlers works on, and the clients their rules read. */
export interface CertificateStore {
  certificates: Certificate[];
  /** Each certificate's history, newest first as the server lists it. */
  records: Map<string, CertificateRecord[]>;
  /** The clients the certificates belong to: the inactive-client rule reads `isActive` here. */
  clients: readonly Client[];
  /** The activity rows the changes wrote, oldest first. */
  activity: MockCertificateActivity[];
  /** The owners' certificate defaults (`/settings/certificate-defaults`): what a create omitting the terms gets. */
  defaults: CertificateDefaults;
}

export function createCertificateStore(
  certificates: Certificate[] = createMockCertificates(),
  clients: readonly Client[] = mockClients,
  defaults: CertificateDefaults = INITIAL_CERTIFICATE_DEFAULTS,
): CertificateStore {
  return {
    certificates,
    records: new Map(certificates.map((c) => [c.uuid, mockRecordsFor(c)])),
    clients,
    activity: [],
    defaults: { ...defaults },
  };
}

export const CSV_HEADER =
  'uuid,serialNumber,clientName,studioCount,userCount,validFrom,validTo,status,lastUsedAt';

/**
 * Filters of the list, the ids and the export: search in serial number or client name, status, client, and
 * `checkIn=overdue` (the certificate's `checkInOverdue`, set by the contract's `isCheckInOverdue`).
 */
export function matching(store: CertificateStore, url: URL): Certificate[] {
  const search = url.searchParams.get('search')?.trim().toLowerCase() ?? '';
  const status = url.searchParams.get('status');
  const clientId = url.searchParams.get('clientId');
  const overdueOnly = url.searchParams.get('checkIn') === 'overdue';
  return store.certificates.filter(
    (c) =>
      (!search ||
        c.serialNumber.toLowerCase().includes(search) ||
        c.clientName.toLowerCase().includes(search)) &&
      (!status || c.status === status) &&
      (!clientId || c.clientId === clientId) &&
      (!overdueOnly || c.checkInOverdue),
  );
}

/** The search and client filter alone: what the counters count, whatever the status filter. */
export function matchingIgnoringStatus(store: CertificateStore, url: URL): Certificate[] {
  const withoutStatus = new URL(url);
  withoutStatus.searchParams.delete('status');
  return matching(store, withoutStatus);
}

/** How many of `rows` are in each status. */
export function countsOf(rows: readonly Certificate[]): CertificateCounts {
  const counts: CertificateCounts = { pending: 0, active: 0, distributed: 0, expired: 0, revoked: 0 };
  for (const row of rows) counts[row.status] += 1;
  return counts;
}

/**
 * `rows` in the order of `sort`/`order` as the server sorts: status in lifecycle order, texts ignoring
 * case, nulls last ascending (PostgreSQL's default), ties by id; without `sort` the store's order (newest first).
 * The mock keeps no creation time: `createdAt` is the store's order, newest first.
 */
export function sorted(
  rows: Certificate[],
  store: CertificateStore,
  sort?: CertificateSortKey,
  order?: SortOrder,
) {
  if (!sort) return rows;
  const position = (row: Certificate) => store.certificates.length - store.certificates.indexOf(row);
  const value = (row: Certificate): string | number | null =>
    sort === 'status'
      ? CERTIFICATE_STATUSES.indexOf(row.status)
      : sort === 'createdAt'
        ? position(row)
        : sort === 'serialNumber' || sort === 'clientName'
          ? row[sort].toLowerCase()
          : row[sort];
  const direction = order === 'desc' ? -1 : 1;
  return [...rows].sort((a, b) => {
    const [left, right] = [value(a), value(b)];
    if (left === right) return a.uuid.localeCompare(b.uuid) * direction;
    if (left === null) return direction;
    if (right === null) return -direction;
    return (left < right ? -1 : 1) * direction;
  });
}
