import { CACHE_AREAS } from '../../../lib/api/revalidate';

/** What creating or revoking a token reloads: the tokens list (nothing else shows tokens). */
export const API_TOKEN_CHANGE_RELOADS = [CACHE_AREAS.apiTokens] as const;
