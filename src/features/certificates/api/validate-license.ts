import {
  validateLicenseResponseSchema,
  type LicenseValidation,
  type ValidateLicenseRequest,
} from '../../../contract/licensing';
import { CERTIFICATE_ERRORS } from '../../../contract/ui-texts';
import type { ApiClient } from '../../../lib/api';
import { withDataError } from '../../../lib/api/call-errors';

/** `POST /certificates/validate`: the server's verdict on a licence file. */
export function validateLicense(api: ApiClient, body: ValidateLicenseRequest): Promise<LicenseValidation> {
  return withDataError(
    CERTIFICATE_ERRORS.validate,
    async () =>
      (await api.post('/certificates/validate', { body, schema: validateLicenseResponseSchema })).data,
  );
}
