import type { Certificate } from '../../../contract/certificates';
import { licenseFileSchema } from '../../../contract/licensing';
import { CERTIFICATE_ERRORS } from '../../../contract/ui-texts';
import { ApiError } from '../../../lib/api';
import { saveFile } from '../../../lib/api/save-file';
import { useMutation, type Mutation } from '../../../lib/api/use-mutation';
import { CERTIFICATE_CHANGE_RELOADS } from './revalidate';

/** The file name the console saves a licence under (docs/requirements.md#calls). */
const licenseFileName = (serialNumber: string) => `license-${serialNumber}.json`;

/**
 * One `POST /certificates/{id}/download` (a second would record a second download): its body is
 * the licence file, saved as `license-{serialNumber}.json`. The server makes an active certificate
 * distributed.
 */
const downloadCertificate: Mutation<[certificate: Pick<Certificate, 'uuid' | 'serialNumber'>], void> = {
  call: async (api, certificate) => {
    const body = await api.post(`/certificates/${certificate.uuid}/download`);
    // Not a licence file (a proxy's page, say): the call's own text, as for any answer of the wrong shape.
    if (!licenseFileSchema.safeParse(body).success)
      throw new ApiError(CERTIFICATE_ERRORS.download, { status: 200 });
    // The parsed body written back is the server's JSON text (same keys, same order, compact).
    saveFile(
      new Blob([JSON.stringify(body)], { type: 'application/json' }),
      licenseFileName(certificate.serialNumber),
    );
  },
  fallback: CERTIFICATE_ERRORS.download,
  reloads: CERTIFICATE_CHANGE_RELOADS,
};

export const useDownloadCertificate = () => useMutation(downloadCertificate);
