import { validateLicenseResponseSchema, type LicenseValidation } from '../../../contract/licensing';
import { CERTIFICATE_ERRORS } from '../../../contract/ui-texts';
import type { ApiClient } from '../../../lib/api';
import { withDataError } from '../../../lib/api/call-errors';

/**
 * `GET /certificates/{id}/license-check`: the validate call's verdict on the licence the certificate
 * carries, for its own serial number. A staff check: nothing is recorded, unlike a download.
 */
export function checkLicense(api: ApiClient, id: string): Promise<LicenseValidation> {
  return withDataError(
    CERTIFICATE_ERRORS.validate,
    async () =>
      (await api.get(`/certificates/${id}/license-check`, { schema: validateLicenseResponseSchema })).data,
  );
}
