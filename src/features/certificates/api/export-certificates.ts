import { useCallback } from 'react';
import { CERTIFICATE_ERRORS } from '../../../contract/ui-texts';
import type { ApiClient } from '../../../lib/api';
import { withDataError } from '../../../lib/api/call-errors';
import { saveFile } from '../../../lib/api/save-file';
import { useApi } from '../../../lib/session';
import type { CertificateFilters } from './keys';
import { filterQuery } from './list-certificates';

const EXPORT_FILE_NAME = 'certificates.csv';

/** `GET /certificates/export` with the list's filters and sort (no paging): every matching row as CSV, saved as a file. */
function exportCertificates(
  api: ApiClient,
  filters: Omit<CertificateFilters, 'page' | 'limit'>,
): Promise<void> {
  return withDataError(CERTIFICATE_ERRORS.export, async () => {
    saveFile(await api.getBlob('/certificates/export', { query: filterQuery(filters) }), EXPORT_FILE_NAME);
  });
}

export function useExportCertificates() {
  const api = useApi();
  return useCallback(
    (filters: Omit<CertificateFilters, 'page' | 'limit'>) => exportCertificates(api, filters),
    [api],
  );
}
