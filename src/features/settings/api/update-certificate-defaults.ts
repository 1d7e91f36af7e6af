import { certificateDefaultsResponseSchema, type CertificateDefaults } from '../../../contract/license-terms';
import { LICENSE_TERMS_ERRORS } from '../../../contract/texts/license-terms';
import { CACHE_AREAS } from '../../../lib/api/revalidate';
import { useMutation, type Mutation } from '../../../lib/api/use-mutation';
import { settingsKeys } from './keys';

/**
 * `PUT /settings/certificate-defaults` (owners only): the new defaults; the answer is put in the cache, and the
 * certificates' cached copy (the create form's) is read again.
 */
const updateCertificateDefaults: Mutation<[body: CertificateDefaults], CertificateDefaults> = {
  call: async (api, body) =>
    (await api.put('/settings/certificate-defaults', { body, schema: certificateDefaultsResponseSchema }))
      .data,
  fallback: LICENSE_TERMS_ERRORS.updateDefaults,
  reloads: [CACHE_AREAS.certificates],
  onSuccess: (mutate, saved) => mutate(settingsKeys.certificateDefaults(), saved, { revalidate: false }),
};

export const useUpdateCertificateDefaults = () => useMutation(updateCertificateDefaults);
