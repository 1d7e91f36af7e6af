import { CACHE_AREAS } from '../../../lib/api/revalidate';

/**
 * What a create, update, delete or lifecycle step reloads: every certificates list (docs/requirements.md#certificate-lifecycle),
 * the dashboard's counters (even those cached for 5 minutes) and the clients' certificate counts.
 */
export const CERTIFICATE_CHANGE_RELOADS = [
  CACHE_AREAS.certificates,
  CACHE_AREAS.dashboard,
  CACHE_AREAS.clients,
] as const;
