// Certificates (docs/requirements.md#calls "Certificates"): reading is open to every role; creating needs
// `certificates:write`; each lifecycle action (edit, delete, the steps, the history) needs the capability the
// lifecycle table of src/contract/certificate-lifecycle.ts gives it.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { selectionIdsResponseSchema } from '../../contract/bulk';
import {
  CERTIFICATE_BULK_ACTIONS,
  certificateRecordsResponseSchema,
  certificateResponseSchema,
  certificatesBulkRequestSchema,
  certificatesBulkResponseSchema,
  certificatesDownloadRequestSchema,
  certificatesListResponseSchema,
  certificatesQuerySchema,
  certificatesSelectionQuerySchema,
  createCertificateRequestSchema,
  renewCertificateRequestSchema,
  revokeCertificateRequestSchema,
  transferCertificateRequestSchema,
  updateCertificateRequestSchema,
} from '../../contract/certificates';
import { CERTIFICATE_LIFECYCLE, type LifecycleAction } from '../../contract/certificate-lifecycle';
import { can } from '../../contract/roles';
import { idParamsSchema } from '../../contract/common';
import { licenseFileSchema, validateLicenseResponseSchema } from '../../contract/licensing';
import { amendCertificateRequestSchema } from '../../contract/license-terms';
import { forbidden } from '../errors';
import { actorOf } from '../plugins/auth';
import { attachment } from '../services/exports/csv';
import type { CertificatesService } from '../services/certificates';
import { licenseFileName } from '../services/certificates/license-files';
import { errorResponses, staffOperations } from './route-schemas';

const schema = staffOperations('certificates', errorResponses(400, 401, 403, 404, 409));

/** A rule between two fields, which JSON Schema cannot express: stated in the operations' descriptions instead. */
const VALIDITY_RULE =
  '`validTo` must be later than `validFrom` (a rule between two fields that JSON Schema cannot express); a body that breaks it is refused with 400 and a `validTo` field error.';

/** The 200 of `POST /certificates/download`: the zip itself (a stream, never serialized); errors are the JSON body. */
const zipFile = {
  description: 'A zip archive of `license-{serialNumber}.json` files',
  content: { 'application/zip': { schema: z.string().meta({ format: 'binary' }) } },
};

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

  // "Select all N matching": who may read the list may select from it.
  app.get(
    '/certificates/ids',
    {
      onRequest: canRead,
      schema: schema({
        querystring: certificatesSelectionQuerySchema,
        response: { 200: selectionIdsResponseSchema },
      }),
    },
    async (request) => ({ data: await certificates.selectionIds(request.query) }),
  );

  // Bulk actions: a role that may take none of them is refused before the body is read; once the body is valid,
  // the capability of the action it names, as the single call checks it (so an editor cannot bulk-delete).
  const bulkCapabilities = CERTIFICATE_BULK_ACTIONS.map((action) => CERTIFICATE_LIFECYCLE[action].capability);
  app.post(
    '/certificates/bulk',
    {
      onRequest: app.requireAnyCapability(bulkCapabilities),
      preHandler: async (request) => {
        const { capability } = CERTIFICATE_LIFECYCLE[request.body.action];
        if (!can(actorOf(request).role, capability)) throw forbidden();
      },
      schema: schema({
        description:
          'Runs one action on every id, each in its own transaction with the rules of the single call; every id comes back with its outcome, in the order sent.',
        body: certificatesBulkRequestSchema,
        response: { 200: certificatesBulkResponseSchema },
      }),
    },
    async (request) => ({ data: await certificates.bulk(actorOf(request), request.body) }),
  );

  app.post(
    '/certificates/download',
    {
      onRequest: mayTake('download'),
      schema: schema({
        description:
          'One zip of `license-{serialNumber}.json` for every active or distributed certificate among `ids`, each marked distributed as `POST /certificates/{id}/download` marks it; the others are left out. 409 when none has a licence to hand out.',
        body: certificatesDownloadRequestSchema,
        response: { 200: zipFile },
      }),
    },
    async (request, reply) => {
      const zip = await certificates.licenseZip(actorOf(request), request.body.ids);
      return reply
        .type('application/zip')
        .header('content-disposition', attachment(zip.name))
        .header('cache-control', 'no-store')
        .send(zip.stream as unknown as string);
    },
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
        return reply.header('content-disposition', attachment(licenseFileName(name))).send(file);
      },
    });
  download(true);
  download(false);

  // Keeping a licence going: a renewal answers the same certificate, a transfer the new one.
  app.post(
    '/certificates/:id/renew',
    {
      onRequest: mayTake('renew'),
      schema: onOne({
        description:
          'Renews an active, distributed or expired certificate: a later `validTo` (or the same one with new seat counts), its licence signed again; the certificate is active afterwards. Lowering a seat count is refused once the licence has been downloaded since it was signed.',
        body: renewCertificateRequestSchema,
        response: { 200: certificateResponseSchema },
      }),
    },
    async (request) => ({
      data: await certificates.renew(actorOf(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/certificates/:id/transfer',
    {
      onRequest: mayTake('transfer'),
      schema: onOne({
        description:
          'Moves an active or distributed certificate to another machine: a new active certificate for `serialNumber` with the same client and counts from now to the old `validTo`, signed, and this one revoked, in one transaction. Answers the new certificate.',
        body: transferCertificateRequestSchema,
        response: { 201: certificateResponseSchema },
      }),
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await certificates.transfer(actorOf(request), request.params.id, request.body) }),
  );

  app.put(
    '/certificates/:id/terms',
    {
      onRequest: mayTake('amend'),
      schema: onOne({
        description:
          'Changes the licence terms of an active or distributed certificate (`graceDays`, `fileLifetimeDays`; at least one): its licence is signed again with them (a new `issuedAt`), the status stays, and history records `updated` naming the change.',
        body: amendCertificateRequestSchema,
        response: { 200: certificateResponseSchema },
      }),
    },
    async (request) => ({
      data: await certificates.amend(actorOf(request), request.params.id, request.body),
    }),
  );

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

  // The certificate page's "Validate licence": a read, open to whoever may read the certificate.
  app.get(
    '/certificates/:id/license-check',
    {
      onRequest: canRead,
      schema: onOne({
        description:
          'The verdict of `POST /certificates/validate` on the licence this certificate carries, for its own serial number. A staff check: it records no use (no Last Used, no `used` history), no download and no status change. 409 when the certificate has no licence yet (pending).',
        response: { 200: validateLicenseResponseSchema },
      }),
    },
    async (request) => ({ data: await certificates.licenseCheck(request.params.id) }),
  );

  app.get(
    '/certificates/:id/records',
    { onRequest: mayTake('history'), schema: onOne({ response: { 200: certificateRecordsResponseSchema } }) },
    async (request) => ({ data: await certificates.records(request.params.id) }),
  );
};
