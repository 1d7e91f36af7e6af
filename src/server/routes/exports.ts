// CSV exports of the certificates and clients lists (any role that may read the list).
import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { certificatesExportQuerySchema } from '../../contract/certificates';
import { clientsExportQuerySchema } from '../../contract/clients';
import { attachment } from '../services/csv';
import type { ExportsService } from '../services/exports-service';
import { bearerSecurity, errorResponses } from './route-schemas';

const security = bearerSecurity;
const errors = errorResponses(400, 401, 403);
const CSV_TYPE = 'text/csv; charset=utf-8';
/**
 * The 200 answer is the CSV file (the stream is sent as is: Fastify never serializes streams); every other answer
 * is the JSON error body, so only the 200 is declared `text/csv`.
 */
const csvFile = {
  description: 'CSV (RFC 4180) with a header row',
  content: { 'text/csv': { schema: z.string() } },
};
const streamBody = (stream: Readable) => stream as unknown as string;

export const exportRoutes: FastifyPluginAsyncZod<{ exports: ExportsService }> = async (app, { exports }) => {
  app.get(
    '/certificates/export',
    {
      onRequest: app.requireCapability('certificates:read'),
      schema: {
        tags: ['certificates'],
        security,
        querystring: certificatesExportQuerySchema,
        response: { 200: csvFile, ...errors },
      },
    },
    async (request, reply) => {
      // The first rows are read before any header is set: a failure is the error body, not a file cut short.
      const csv = await exports.certificatesCsv(request.query);
      return reply
        .type(CSV_TYPE)
        .header('content-disposition', attachment('certificates.csv'))
        .header('cache-control', 'no-store')
        .send(streamBody(csv));
    },
  );

  app.get(
    '/clients/export',
    {
      onRequest: app.requireCapability('clients:read'),
      schema: {
        tags: ['clients'],
        security,
        querystring: clientsExportQuerySchema,
        response: { 200: csvFile, ...errors },
      },
    },
    async (request, reply) => {
      // The first rows are read before any header is set: a failure is the error body, not a file cut short.
      const csv = await exports.clientsCsv(request.query);
      return reply
        .type(CSV_TYPE)
        .header('content-disposition', attachment('clients.csv'))
        .header('cache-control', 'no-store')
        .send(streamBody(csv));
    },
  );
};
