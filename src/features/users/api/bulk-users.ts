import { useCallback } from 'react';
import { usersBulkResponseSchema, type BulkOutcome, type UserBulkAction } from '../../../contract/bulk';
import type { ApiClient } from '../../../lib/api';
import { useApi } from '../../../lib/session';

/**
 * One `POST /users/bulk {action, ids}` of at most MAX_BULK_IDS ids: every id's outcome, each with the
 * single update's rules (nobody disables themselves, an admin does not touch an owner). The caller runs larger
 * selections in chunks and reloads the lists once at the end.
 */
async function bulkUsers(api: ApiClient, action: UserBulkAction, ids: string[]): Promise<BulkOutcome> {
  return (await api.post('/users/bulk', { body: { action, ids }, schema: usersBulkResponseSchema })).data;
}

export function useBulkUsers() {
  const api = useApi();
  return useCallback((action: UserBulkAction, ids: string[]) => bulkUsers(api, action, ids), [api]);
}
