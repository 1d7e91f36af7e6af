// Backups of the whole database (docs/operations.md): owners only (`settings:manage`, a person, not an API token), as
// a backup holds the private keys that sign every licence. Listing and making one work without BACKUP_KEY; a download
// needs it (an unencrypted file would carry the keys in the clear) and the owner's password again.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  backupResponseSchema,
  backupsOverviewResponseSchema,
  downloadBackupRequestSchema,
} from '../../contract/backups';
import { actorOf } from '../plugins/auth';
import type { BackupsService } from '../services/backups/backups-service';
import { attachment } from '../services/exports/csv';
import { errorResponses, personSecurity } from './route-schemas';

export const backupRoutes: FastifyPluginAsyncZod<{ backups: BackupsService }> = async (app, { backups }) => {
  const tags = ['backups'];
  const onRequest = app.requirePerson('settings:manage');

  app.get(
    '/backups',
    {
      onRequest,
      schema: {
        tags,
        security: personSecurity,
        description:
          'Whether backups are on (BACKUP_DIR), encrypted (BACKUP_KEY), when they are made and how many are kept, and the backups kept, newest first (owners only).',
        response: { 200: backupsOverviewResponseSchema, ...errorResponses(401, 403, 429) },
      },
    },
    async () => ({ data: await backups.overview() }),
  );

  app.post(
    '/backups',
    {
      onRequest,
      schema: {
        tags,
        security: personSecurity,
        description:
          'Makes a backup now, into BACKUP_DIR (409 without it, or while one is being made); it counts toward BACKUP_KEEP. On PGlite other requests wait while it is written.',
        response: { 201: backupResponseSchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await backups.makeNow(actorOf(request)) }),
  );

  app.post(
    '/backups/:id/download',
    {
      onRequest,
      schema: {
        tags,
        security: personSecurity,
        description:
          "The backup file, for the owner's password again (403 when wrong); 409 without BACKUP_KEY. Sent `no-store`, recorded in the activity log.",
        params: z.object({ id: z.uuid() }),
        body: downloadBackupRequestSchema,
        response: {
          200: {
            description: 'The backup file (docs/operations.md)',
            content: { 'application/octet-stream': { schema: z.string() } },
          },
          ...errorResponses(400, 401, 403, 404, 409, 429),
        },
      },
    },
    async (request, reply) => {
      const { fileName, stream, size } = await backups.download(
        actorOf(request),
        request.params.id,
        request.body.password,
      );
      return reply
        .type('application/octet-stream')
        .header('content-disposition', attachment(fileName))
        .header('content-length', String(size))
        .header('cache-control', 'no-store')
        .send(stream as unknown as string);
    },
  );
};
