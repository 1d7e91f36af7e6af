// Certificates (docs/requirements.md#calls "Certificates"): reading is open to every role; creating needs
// `certificates:write`; each lifecycle action (edit, delete, the steps, the history) needs the capability the
// lifecycle table of src/contract/certificate-lifecycle.ts gives it.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  certificateRecordsResponseSchema,
  certificateResponseSchema,
  certificatesListResponseSchema,
  certificatesQuerySchema,
  createCertificateRequestSchema,
  revokeCertificateRequestSchema,
  updateCertificateRequestSchema,
} from '../../contract/certificates';
import { CERTIFICATE_LIFECYCLE, type LifecycleAction } from '../../contract/certificate-lifecycle';
import { idParamsSchema } from '../../contract/common';
import { licenseFileSchema } from '../../contract/licensing';
import { actorOf } from '../plugins/auth';
import { attachment } from '../services/csv';
import type { CertificatesService } from '../services/certificates';
import { errorResponses, staffOperations } from './route-schemas';

const schema = staffOperations('certificates', errorResponses(400, 401, 403, 404, 409));

/** A rule between two fields, which JSON Schema cannot express: stated in the operations' descriptions instead. */
const VALIDITY_RULE =
  '`validTo` must be later than `validFrom` (a rule between two fields that JSON Schema cannot express); a body that breaks it is refused with 400 and a `validTo` field error.';

/** A file name made only of `A-Za-z0-9._-`, every other character replaced by `_`. */
export const safeFileName = (name: string) => name.replace(/[^A-Za-z0-9._-]/g, '_');

export const certificateRoutes: FastifyPluginAsyncZod<{ certificates: CertificatesService }> = async (
  app,
  { certificates },
) => {
  // Role checks run in onRequest, before the body is read or validated: a viewer gets 403, never a field error.
  const canRead = app.requireCapability('certificates:read');
  const canWrite = app.requireCapability('certificates:write');
  const mayTake = (action: LifecycleAction) =>
    app.requireCapability(CERTIFICATE_LIFECYCLE[action].capability);
  /** An operation on one certificate (`/certificates/:id...`). */
  const onOne = <Own extends { response: object }>(own: Own) => schema({ params: idParamsSchema, ...own });
  const answersCertificate = () => onOne({ response: { 200: certificateResponseSchema } });

  app.get(
    '/certificates',
    {
      onRequest: canRead,
      schema: schema({
        querystring: certificatesQuerySchema,
        response: { 200: certificatesListResponseSchema },
      }),
    },
    async (request) => ({ data: await certificates.list(request.query) }),
  );

  app.post(
    '/certificates',
    {
      onRequest: canWrite,
      schema: schema({
        description: VALIDITY_RULE,
        body: createCertificateRequestSchema,
        response: { 201: certificateResponseSchema },
      }),
    },
    async (request, reply) =>
      reply.status(201).send({ data: await certificates.create(actorOf(request), request.body) }),
  );

  app.get('/certificates/:id', { onRequest: canRead, schema: answersCertificate() }, async (request) => ({
    data: await certificates.get(request.params.id),
  }));

  app.put(
    '/certificates/:id',
    {
      onRequest: mayTake('edit'),
      schema: onOne({
        description: `${VALIDITY_RULE} When only one of them is sent, it is compared with the stored other.`,
        body: updateCertificateRequestSchema,
        response: { 200: certificateResponseSchema },
      }),
    },
    async (request) => ({
      data: await certificates.update(actorOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/certificates/:id',
    { onRequest: mayTake('delete'), schema: onOne({ response: { 204: z.null() } }) },
    async (request, reply) => {
      await certificates.remove(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/certificates/:id/activate',
    { onRequest: mayTake('activate'), schema: answersCertificate() },
    async (request) => ({ data: await certificates.activate(actorOf(request), request.params.id) }),
  );

  app.post(
    '/certificates/:id/generate',
    { onRequest: mayTake('generate'), schema: answersCertificate() },
    async (request) => ({ data: await certificates.generate(actorOf(request), request.params.id) }),
  );

  // The licence file itself is the body; the console saves it. POST makes an active certificate distributed and
  // names the file after the serial number; GET only reads it again, named after the certificate's id.
  const download = (markDistributed: boolean) =>
    app.route({
      method: markDistributed ? 'POST' : 'GET',
      url: '/certificates/:id/download',
      onRequest: mayTake('download'),
      schema: onOne({ response: { 200: licenseFileSchema } }),
      handler: async (request, reply) => {
        const { certificate, file } = await certificates.download(actorOf(request), request.params.id, {
          markDistributed,
        });
        const name = markDistributed ? certificate.serialNumber : certificate.uuid;
        return reply
          .header('content-disposition', attachment(`license-${safeFileName(name)}.json`))
          .send(file);
      },
    });
  download(true);
  download(false);

  app.post(
    '/certificates/:id/revoke',
    {
      onRequest: mayTake('revoke'),
      // The console may send no body at all: the reason is optional.
      schema: onOne({
        body: revokeCertificateRequestSchema.nullish(),
        response: { 200: certificateResponseSchema },
      }),
    },
    async (request) => ({
      data: await certificates.revoke(actorOf(request), request.params.id, request.body?.reason),
    }),
  );

  app.get(
    '/certificates/:id/records',
    { onRequest: mayTake('history'), schema: onOne({ response: { 200: certificateRecordsResponseSchema } }) },
    async (request) => ({ data: await certificates.records(request.params.id) }),
  );
};
