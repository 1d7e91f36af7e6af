import { certificateDefaultsResponseSchema } from '../../../contract/license-terms';
import { LICENSE_TERMS_ERRORS } from '../../../contract/texts/license-terms';
import { useApiGet } from '../../../lib/api/use-api-get';
import { certificateKeys } from './keys';

/**
 * `GET /settings/certificate-defaults` (any role): the terms a new certificate starts with, which the create form
 * fills in; `null` while not wanted (editing a draft keeps the draft's own).
 */
export function useCertificateDefaults(isWanted: boolean) {
  return useApiGet(
    isWanted ? certificateKeys.defaults() : null,
    '/settings/certificate-defaults',
    certificateDefaultsResponseSchema,
    LICENSE_TERMS_ERRORS.fetchDefaults,
  );
}
