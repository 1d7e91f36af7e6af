import type { Certificate } from '../../../contract/certificates';
import { licenseFileSchema } from '../../../contract/licensing';
import { CERTIFICATE_ERRORS } from '../../../contract/ui-texts';
import { ApiError, type ApiClient } from '../../../lib/api';
import { withDataError } from '../../../lib/api/call-errors';
import { useCertificateMutation } from './mutation';
import { saveFile } from '../../../lib/api/save-file';

/** The file name the console saves a licence under (docs/requirements.md#calls). */
export const licenseFileName = (serialNumber: string) => `license-${serialNumber}.json`;

/**
 * One `POST /certificates/{id}/download` (a second would record a second download): its body is
 * the licence file, saved as `license-{serialNumber}.json`. The server makes an active certificate
 * distributed.
 */
export function downloadCertificate(
  api: ApiClient,
  certificate: Pick<Certificate, 'uuid' | 'serialNumber'>,
): Promise<void> {
  return withDataError(CERTIFICATE_ERRORS.download, async () => {
    const body = await api.post(`/certificates/${certificate.uuid}/download`);
    // Not a licence file (a proxy's page, say): the call's own text, as for any answer of the wrong shape.
    if (!licenseFileSchema.safeParse(body).success)
      throw new ApiError(CERTIFICATE_ERRORS.download, { status: 200 });
    // The parsed body written back is the server's JSON text (same keys, same order, compact).
    saveFile(
      new Blob([JSON.stringify(body)], { type: 'application/json' }),
      licenseFileName(certificate.serialNumber),
    );
  });
}

export const useDownloadCertificate = () => useCertificateMutation(downloadCertificate);
