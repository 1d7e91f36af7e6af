import { useCallback } from 'react';
import { CERTIFICATE_ERRORS } from '../../../contract/ui-texts';
import type { Session } from '../../../app/session';
import { useSession } from '../../../app/session';
import { withFallback } from './call-error';
import type { CertificateFilters } from './keys';
import { filterQuery } from './list-certificates';
import { getRaw } from './raw-request';
import { saveFile } from './save-file';

export const EXPORT_FILE_NAME = 'certificates.csv';

/** `GET /certificates/export` with the list's filters (no paging): every matching row as CSV, saved as a file. */
export function exportCertificates(session: Session, filters: Omit<CertificateFilters, 'page'>): Promise<void> {
  return withFallback(CERTIFICATE_ERRORS.export, async () => {
    const csv = await getRaw(session, '/certificates/export', filterQuery(filters));
    saveFile(csv, EXPORT_FILE_NAME);
  });
}

export function useExportCertificates() {
  const session = useSession();
  return useCallback((filters: Omit<CertificateFilters, 'page'>) => exportCertificates(session, filters), [session]);
}
