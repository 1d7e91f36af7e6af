import type { CertificateSortKey } from '../../../contract/certificates';
import type { SortOrder } from '../../../contract/common';

/**
 * The list filters that live in the URL (docs/requirements.md#screens: `search`, `status`, `page`, `clientId`;
 * also `sort`, `order` and the page size `limit`).
 */
export interface CertificateFilters {
  search: string;
  status: 'all' | 'pending' | 'active' | 'distributed' | 'expired' | 'revoked';
  page: number;
  clientId: string | null;
  /** `overdue`: only certificates whose machines are overdue for a check-in; null: every one. */
  checkIn: 'overdue' | null;
  /** Absent: newest first. */
  sort?: CertificateSortKey | undefined;
  order?: SortOrder | undefined;
  /** The page size; the URL's, else the one remembered for the list. */
  limit: number;
}

/** What narrows the list (not how it is ordered or paged): the "select all matching" and counters query. */
export type CertificateMatch = Pick<CertificateFilters, 'search' | 'status' | 'clientId' | 'checkIn'>;

/** SWR keys of the certificates screen; all start with 'certificates' so one filter reloads them all. */
export const certificateKeys = {
  all: ['certificates'] as const,
  list: (filters: CertificateFilters) => ['certificates', 'list', filters] as const,
  records: (id: string) => ['certificates', 'records', id] as const,
  one: (id: string) => ['certificates', 'one', id] as const,
  activeClients: (search: string) => ['certificates', 'active-clients', search] as const,
  /** The owners' defaults the create form starts with. */
  defaults: () => ['certificates', 'defaults'] as const,
};
