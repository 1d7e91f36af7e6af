import { useCallback } from 'react';
import { CERTIFICATES_BULK_TEXTS } from '../../../contract/ui-texts';
import type { ApiClient } from '../../../lib/api';
import { withDataError } from '../../../lib/api/call-errors';
import { saveFile } from '../../../lib/api/save-file';
import { chunksOf } from '../../../lib/lists/run-bulk';
import { useRevalidateAreas } from '../../../lib/api/revalidate';
import { useApi } from '../../../lib/session';
import { CERTIFICATE_CHANGE_RELOADS } from './revalidate';

/**
 * "Download selected licences": `POST /certificates/download {ids}` answers one zip of
 * `license-{serialNumber}.json` for each active or distributed certificate among them, which the server marks
 * distributed. A selection above MAX_BULK_IDS goes in several calls, saved as `licences-1.zip`, `licences-2.zip`, ...
 * The lists reload once, after the last call, whether or not it succeeded (some may have been marked).
 */
async function downloadCertificates(api: ApiClient, ids: readonly string[]): Promise<void> {
  const chunks = chunksOf(ids);
  for (const [index, chunk] of chunks.entries()) {
    const zip = await withDataError(CERTIFICATES_BULK_TEXTS.downloadError, () =>
      api.postBlob('/certificates/download', { body: { ids: chunk } }),
    );
    saveFile(
      zip,
      chunks.length === 1
        ? CERTIFICATES_BULK_TEXTS.zipFileName
        : CERTIFICATES_BULK_TEXTS.zipPartFileName(index + 1),
    );
  }
}

export function useDownloadCertificates() {
  const api = useApi();
  const revalidate = useRevalidateAreas(...CERTIFICATE_CHANGE_RELOADS);
  return useCallback(
    async (ids: readonly string[]) => {
      try {
        await downloadCertificates(api, ids);
      } finally {
        void revalidate();
      }
    },
    [api, revalidate],
  );
}
