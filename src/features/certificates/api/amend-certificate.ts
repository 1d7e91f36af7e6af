import { certificateResponseSchema, type Certificate } from '../../../contract/certificates';
import type { AmendCertificateRequest } from '../../../contract/license-terms';
import { LICENSE_TERMS_ERRORS } from '../../../contract/texts/license-terms';
import { useMutation, type Mutation } from '../../../lib/api/use-mutation';
import { CERTIFICATE_CHANGE_RELOADS } from './revalidate';

/**
 * `PUT /certificates/{id}/terms {graceDays?, fileLifetimeDays?}` (the `amend` action): the same certificate with new
 * licence terms, its licence signed again; the status stays.
 */
const amendCertificate: Mutation<[id: string, body: AmendCertificateRequest], Certificate> = {
  call: async (api, id, body) =>
    (await api.put(`/certificates/${id}/terms`, { body, schema: certificateResponseSchema })).data,
  fallback: LICENSE_TERMS_ERRORS.amend,
  reloads: CERTIFICATE_CHANGE_RELOADS,
};

export const useAmendCertificate = () => useMutation(amendCertificate);
