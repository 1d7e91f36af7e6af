import { backupResponseSchema, type Backup } from '../../../contract/backups';
import { BACKUP_ERRORS } from '../../../contract/texts/backups';
import { CACHE_AREAS } from '../../../lib/api/revalidate';
import { useMutation, type Mutation } from '../../../lib/api/use-mutation';
import { settingsKeys } from './keys';

/** `POST /backups` (owners only): a backup now; the list (and the activity log) are read again. */
const makeBackup: Mutation<[], Backup> = {
  call: async (api) => (await api.post('/backups', { schema: backupResponseSchema })).data,
  fallback: BACKUP_ERRORS.make,
  // The activity log has the backup's row.
  reloads: [CACHE_AREAS.dashboard],
  onSuccess: (mutate) => mutate(settingsKeys.backups()),
};

export const useMakeBackup = () => useMutation(makeBackup);
