import { CACHE_AREAS, useRevalidateAreas } from '../../../lib/api/revalidate';

/**
 * After a create, update, delete or lifecycle step: every certificates list (docs/requirements.md#certificate-lifecycle), the dashboard's
 * counters (even those cached for 5 minutes) and the clients' certificate counts.
 */
export const useRevalidateCertificates = () =>
  useRevalidateAreas(CACHE_AREAS.certificates, CACHE_AREAS.dashboard, CACHE_AREAS.clients);
