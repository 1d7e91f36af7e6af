import { CACHE_AREAS } from '../../../lib/api/revalidate';

/** What a client change reloads: its lists and details, the dashboard's 'Total Clients', and certificate rows naming it. */
export const CLIENT_CHANGE_RELOADS = [
  CACHE_AREAS.clients,
  CACHE_AREAS.dashboard,
  CACHE_AREAS.certificates,
] as const;
