/** The list filters that live in the URL (docs/requirements.md#screens: `search`, `status`, `page`, `clientId`). */
export interface CertificateFilters {
  search: string;
  status: 'all' | 'pending' | 'active' | 'distributed' | 'expired' | 'revoked';
  page: number;
  clientId: string | null;
}

/** SWR keys of the certificates screen; all start with 'certificates' so one filter reloads them all. */
export const certificateKeys = {
  all: ['certificates'] as const,
  list: (filters: CertificateFilters) => ['certificates', 'list', filters] as const,
  records: (id: string) => ['certificates', 'records', id] as const,
  activeClients: (search: string) => ['certificates', 'active-clients', search] as const,
};
