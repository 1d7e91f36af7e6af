// CSV exports of the certificates and clients lists (any role that may read the list).
import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { certificatesExportQuerySchema } from '../../contract/certificates';
import { clientsExportQuerySchema } from '../../contract/clients';
import { errorBodySchema } from '../../contract/errors';
import { attachment } from '../services/csv';
import type { ExportsService } from '../services/exports-service';

const security = [{ bearer: [] }];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };
const CSV_TYPE = 'text/csv; charset=utf-8';
/** Documents the 200 body in the OpenAPI description; the stream itself is sent as is (Fastify never serializes streams). */
const csvBodySchema = z.string().meta({ description: 'CSV (RFC 4180) with a header row' });
const streamBody = (stream: Readable) => stream as unknown as string;

export const exportRoutes: FastifyPluginAsyncZod<{ exports: ExportsService }> = async (app, { exports }) => {
  app.get(
    '/certificates/export',
    {
      onRequest: app.requireCapability('certificates:read'),
      schema: { tags: ['certificates'], security, querystring: certificatesExportQuerySchema, produces: ['text/csv'], response: { 200: csvBodySchema, ...errors } },
    },
    async (request, reply) =>
      reply
        .type(CSV_TYPE)
        .header('content-disposition', attachment('certificates.csv'))
        .header('cache-control', 'no-store')
        .send(streamBody(exports.certificatesCsv(request.query))),
  );

  app.get(
    '/clients/export',
    {
      onRequest: app.requireCapability('clients:read'),
      schema: { tags: ['clients'], security, querystring: clientsExportQuerySchema, produces: ['text/csv'], response: { 200: csvBodySchema, ...errors } },
    },
    async (request, reply) =>
      reply
        .type(CSV_TYPE)
        .header('content-disposition', attachment('clients.csv'))
        .header('cache-control', 'no-store')
        .send(streamBody(exports.clientsCsv(request.query))),
  );
};
