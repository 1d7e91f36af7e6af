import { CACHE_AREAS } from '../../../lib/api/revalidate';

/** What a change to an endpoint reloads: the endpoints and their delivery logs (nothing else shows them). */
export const WEBHOOK_CHANGE_RELOADS = [CACHE_AREAS.webhooks] as const;
