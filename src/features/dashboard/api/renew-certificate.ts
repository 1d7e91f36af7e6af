import { z } from 'zod';
import { epochMsSchema } from '../../../contract/common';
import { DASHBOARD_ERRORS } from '../../../contract/ui-texts';
import { CACHE_AREAS } from '../../../lib/api/revalidate';
import { useMutation, type Mutation } from '../../../lib/api/use-mutation';

/** What the dashboard reads of the answer: the renewed end, for the toast. */
const renewedSchema = z.object({ data: z.object({ serialNumber: z.string(), validTo: epochMsSchema }) });

/**
 * `POST /certificates/{id}/renew {validTo}` from an Expiring Certificates row: the certificates feature
 * has its own call with the whole dialog, but a feature never imports another, and this one-step renewal needs only
 * the end. It reloads the dashboard (the row leaves the list) and the lists that show the certificate.
 */
const renewCertificate: Mutation<[id: string, validTo: number], z.infer<typeof renewedSchema>['data']> = {
  call: async (api, id, validTo) =>
    (await api.post(`/certificates/${id}/renew`, { body: { validTo }, schema: renewedSchema })).data,
  fallback: DASHBOARD_ERRORS.renewFailed,
  reloads: [CACHE_AREAS.dashboard, CACHE_AREAS.certificates, CACHE_AREAS.clients],
};

export const useRenewCertificate = () => useMutation(renewCertificate);
