// CSV exports of the certificates and clients lists (any role that may read the list) and of the activity log.
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { certificatesExportQuerySchema } from '../../contract/certificates';
import { clientsExportQuerySchema } from '../../contract/clients';
import { activityExportQuerySchema } from '../../contract/dashboard';
import { actorOf } from '../plugins/auth';
import { attachment } from '../services/exports/csv';
import type { ExportsService } from '../services/exports/exports-service';
import { errorResponses, staffOperations } from './route-schemas';

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

/** Sends a list's CSV file. The service read its first rows before any header is set: a failure is the error body, not a file cut short. */
const sendCsv = (reply: FastifyReply, fileName: string, csv: Readable) =>
  reply
    .type(CSV_TYPE)
    .header('content-disposition', attachment(fileName))
    .header('cache-control', 'no-store')
    .send(csv as unknown as string);

export const exportRoutes: FastifyPluginAsyncZod<{ exports: ExportsService }> = async (app, { exports }) => {
  /** The export of a list, for whoever may read the list, with the list's filters. */
  const exportOf = <Query extends z.ZodType>(list: 'certificates' | 'clients', querystring: Query) => ({
    onRequest: app.requireCapability(`${list}:read`),
    schema: staffOperations(list, errors)({ querystring, response: { 200: csvFile } }),
  });

  app.get(
    '/certificates/export',
    exportOf('certificates', certificatesExportQuerySchema),
    async (request, reply) =>
      sendCsv(reply, 'certificates.csv', await exports.certificatesCsv(request.query)),
  );

  // The log as the caller's role reads it (`activityVisibleTo`): every role may read the dashboard's log.
  app.get(
    '/dashboard/activity/export',
    {
      onRequest: app.requireCapability('dashboard:read'),
      schema: staffOperations(
        'dashboard',
        errors,
      )({
        querystring: activityExportQuerySchema,
        response: { 200: csvFile },
      }),
    },
    async (request, reply) =>
      sendCsv(reply, 'activity.csv', await exports.activityCsv(request.query, actorOf(request).role)),
  );

  app.get('/clients/export', exportOf('clients', clientsExportQuerySchema), async (request, reply) =>
    sendCsv(reply, 'clients.csv', await exports.clientsCsv(request.query)),
  );
};
