import { CACHE_AREAS, useRevalidateAreas } from '../../../lib/api/revalidate';

/** After a user changes: every users query (docs/requirements.md#certificate-lifecycle: after create, update or delete, lists are reloaded). */
export const useRevalidateUsers = () => useRevalidateAreas(CACHE_AREAS.users);
