import {
  certificateResponseSchema,
  type Certificate,
  type CreateCertificateRequest,
} from '../../../contract/certificates';
import { CERTIFICATE_ERRORS } from '../../../contract/ui-texts';
import { useMutation, type Mutation } from '../../../lib/api/use-mutation';
import { CERTIFICATE_CHANGE_RELOADS } from './revalidate';

/** `POST /certificates` with clientId, serialNumber, counts, validity in epoch ms and notes. */
const createCertificate: Mutation<[body: CreateCertificateRequest], Certificate> = {
  call: async (api, body) =>
    (await api.post('/certificates', { body, schema: certificateResponseSchema })).data,
  fallback: CERTIFICATE_ERRORS.create,
  reloads: CERTIFICATE_CHANGE_RELOADS,
};

export const useCreateCertificate = () => useMutation(createCertificate);
