import { backupsOverviewResponseSchema } from '../../../contract/backups';
import { BACKUP_ERRORS } from '../../../contract/texts/backups';
import { useApiGet } from '../../../lib/api/use-api-get';
import { settingsKeys } from './keys';

/** `GET /backups` (owners only): whether backups are on and encrypted, their schedule, and those kept. */
export function useBackups() {
  return useApiGet(settingsKeys.backups(), '/backups', backupsOverviewResponseSchema, BACKUP_ERRORS.fetch);
}
