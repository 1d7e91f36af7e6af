import { useCallback } from 'react';
import { ACTIVITY_ERRORS } from '../../../contract/ui-texts';
import type { ApiClient } from '../../../lib/api';
import { withDataError } from '../../../lib/api/call-errors';
import { saveFile } from '../../../lib/api/save-file';
import { useApi } from '../../../lib/session';
import type { ActivityFilters } from './keys';
import { activityQueryOf } from './list-activity';

const EXPORT_FILE_NAME = 'activity.csv';

/** `GET /dashboard/activity/export` with the log's filters and order (no paging): every matching row as CSV. */
function exportActivity(api: ApiClient, filters: Omit<ActivityFilters, 'page' | 'limit'>): Promise<void> {
  return withDataError(ACTIVITY_ERRORS.export, async () => {
    saveFile(
      await api.getBlob('/dashboard/activity/export', { query: activityQueryOf(filters) }),
      EXPORT_FILE_NAME,
    );
  });
}

export function useExportActivity() {
  const api = useApi();
  return useCallback(
    (filters: Omit<ActivityFilters, 'page' | 'limit'>) => exportActivity(api, filters),
    [api],
  );
}
