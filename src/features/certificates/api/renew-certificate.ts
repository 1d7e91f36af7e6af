import {
  certificateResponseSchema,
  type Certificate,
  type RenewCertificateRequest,
} from '../../../contract/certificates';
import { CERTIFICATE_ERRORS } from '../../../contract/ui-texts';
import { conflictOnField } from '../../../lib/api/call-errors';
import { useMutation, type Mutation } from '../../../lib/api/use-mutation';
import { CERTIFICATE_CHANGE_RELOADS } from './revalidate';

/**
 * `POST /certificates/{id}/renew {validTo, studioCount?, userCount?, notes?}`: the same certificate with a
 * later end or new seats, signed again. The serial number's overlap rule answers 409 without field errors; it is
 * about the new end, so the dialog shows it on that field.
 */
const renewCertificate: Mutation<[id: string, body: RenewCertificateRequest], Certificate> = {
  call: async (api, id, body) => {
    try {
      return (await api.post(`/certificates/${id}/renew`, { body, schema: certificateResponseSchema })).data;
    } catch (caught) {
      throw conflictOnField(caught, 'validTo');
    }
  },
  fallback: CERTIFICATE_ERRORS.renew,
  reloads: CERTIFICATE_CHANGE_RELOADS,
};

export const useRenewCertificate = () => useMutation(renewCertificate);
