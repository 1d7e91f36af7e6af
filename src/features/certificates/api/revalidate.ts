import { CACHE_AREAS, useRevalidateAreas } from '../../../app/api/revalidate';

/**
 * After a create, update, delete or lifecycle step: every certificates list (spec §4), the dashboard's
 * counters (even those cached for 5 minutes) and the clients' certificate counts.
 */
export const useRevalidateCertificates = () => useRevalidateAreas(CACHE_AREAS.certificates, CACHE_AREAS.dashboard, CACHE_AREAS.clients);
