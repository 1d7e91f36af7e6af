import { apiTokensResponseSchema } from '../../../contract/api-tokens';
import { API_TOKENS_ERRORS } from '../../../contract/ui-texts';
import { useApiGet } from '../../../lib/api/use-api-get';
import { apiTokenKeys } from './keys';

/** `GET /api-tokens`: the live tokens, newest first, without their secrets. */
export function useApiTokens() {
  return useApiGet(
    apiTokenKeys.list(),
    '/api-tokens',
    apiTokensResponseSchema,
    API_TOKENS_ERRORS.fetchApiTokens,
  );
}
