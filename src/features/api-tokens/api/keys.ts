import { CACHE_AREAS } from '../../../lib/api/revalidate';

/** SWR keys of the API tokens area: every key starts with the area, so a change reloads them all. */
export const apiTokenKeys = {
  list: () => [CACHE_AREAS.apiTokens, 'list'] as const,
};
