import useSWR from 'swr';
import { apiTokensResponseSchema, type ApiToken } from '../../../contract/api-tokens';
import { API_TOKENS_ERRORS } from '../../../contract/ui-texts';
import type { ApiClient } from '../../../lib/api';
import { toDataError } from '../../../lib/api/call-errors';
import { useApi } from '../../../lib/session';
import { apiTokenKeys } from './keys';

/** `GET /api-tokens`: the live tokens, newest first, without their secrets. */
async function getApiTokens(api: ApiClient): Promise<ApiToken[]> {
  try {
    return (await api.get('/api-tokens', { schema: apiTokensResponseSchema })).data;
  } catch (caught) {
    throw toDataError(caught, API_TOKENS_ERRORS.fetchApiTokens);
  }
}

export function useApiTokens() {
  const api = useApi();
  return useSWR(apiTokenKeys.list(), () => getApiTokens(api));
}
