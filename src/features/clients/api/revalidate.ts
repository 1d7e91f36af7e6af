import { CACHE_AREAS, useRevalidateAreas } from '../../../lib/api/revalidate';

/** After a client changes: its lists and details, the dashboard's 'Total Clients', and certificate rows naming it. */
export const useRevalidateClients = () =>
  useRevalidateAreas(CACHE_AREAS.clients, CACHE_AREAS.dashboard, CACHE_AREAS.certificates);
