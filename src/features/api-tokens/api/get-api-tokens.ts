import useSWR from 'swr';
import { apiTokensResponseSchema, type ApiToken } from '../../../contract/api-tokens';
import { API_TOKENS_ERRORS } from '../../../contract/ui-texts';
import type { ApiClient } from '../../../lib/api';
import { withDataError } from '../../../lib/api/call-errors';
import { useApi } from '../../../lib/session';
import { apiTokenKeys } from './keys';

/** `GET /api-tokens`: the live tokens, newest first, without their secrets. */
async function getApiTokens(api: ApiClient): Promise<ApiToken[]> {
  return withDataError(
    API_TOKENS_ERRORS.fetchApiTokens,
    async () => (await api.get('/api-tokens', { schema: apiTokensResponseSchema })).data,
  );
}

export function useApiTokens() {
  const api = useApi();
  return useSWR(apiTokenKeys.list(), () => getApiTokens(api));
}
