import { CACHE_AREAS } from '../../../lib/api/revalidate';

/** What a user change reloads: every users query (docs/requirements.md#certificate-lifecycle: after create, update or delete, lists are reloaded). */
export const USER_CHANGE_RELOADS = [CACHE_AREAS.users] as const;
