import { useCallback } from 'react';
import type { Backup } from '../../../contract/backups';
import { BACKUP_ERRORS } from '../../../contract/texts/backups';
import { withDataError } from '../../../lib/api/call-errors';
import { saveFile } from '../../../lib/api/save-file';
import { useApi } from '../../../lib/session';

/** `POST /backups/{id}/download {password}` (owners only): the file, saved under its own name. */
export function useDownloadBackup() {
  const api = useApi();
  return useCallback(
    async (backup: Pick<Backup, 'id' | 'fileName'>, password: string) => {
      const file = await withDataError(BACKUP_ERRORS.download, () =>
        api.postBlob(`/backups/${encodeURIComponent(backup.id)}/download`, { body: { password } }),
      );
      saveFile(file, backup.fileName);
    },
    [api],
  );
}
