import { certificateDefaultsResponseSchema } from '../../../contract/license-terms';
import { LICENSE_TERMS_ERRORS } from '../../../contract/texts/license-terms';
import { useApiGet } from '../../../lib/api/use-api-get';
import { settingsKeys } from './keys';

/** `GET /settings/certificate-defaults` (any role): the terms new certificates start with, and the file format. */
export function useCertificateDefaults() {
  return useApiGet(
    settingsKeys.certificateDefaults(),
    '/settings/certificate-defaults',
    certificateDefaultsResponseSchema,
    LICENSE_TERMS_ERRORS.fetchDefaults,
  );
}
