import {
  certificateResponseSchema,
  type Certificate,
  type TransferCertificateRequest,
} from '../../../contract/certificates';
import { CERTIFICATE_ERRORS } from '../../../contract/ui-texts';
import { conflictOnField } from '../../../lib/api/call-errors';
import { useMutation, type Mutation } from '../../../lib/api/use-mutation';
import { CERTIFICATE_CHANGE_RELOADS } from './revalidate';

/**
 * `POST /certificates/{id}/transfer {serialNumber, reason?}`: answers the new certificate; the old one is
 * revoked. The overlap rule's 409 carries no field errors but is about the new serial number, so it goes on that field.
 */
const transferCertificate: Mutation<[id: string, body: TransferCertificateRequest], Certificate> = {
  call: async (api, id, { serialNumber, reason }) => {
    const trimmed = reason?.trim();
    const body = { serialNumber, ...(trimmed ? { reason: trimmed } : {}) };
    try {
      return (await api.post(`/certificates/${id}/transfer`, { body, schema: certificateResponseSchema }))
        .data;
    } catch (caught) {
      throw conflictOnField(caught, 'serialNumber');
    }
  },
  fallback: CERTIFICATE_ERRORS.transfer,
  reloads: CERTIFICATE_CHANGE_RELOADS,
};

export const useTransferCertificate = () => useMutation(transferCertificate);
