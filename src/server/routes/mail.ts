// Expiry reminders by e-mail (docs/mail.md): whether mail is on and a test e-mail (owners and admins), each signed-in
// person's own reminder switch, and the unsubscribe link every digest carries (no sign-in: its token is the
// credential; GET shows a page that asks, POST is RFC 8058's one-click unsubscribe).
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MAIL_UNSUBSCRIBE_PATH,
  mailStatusResponseSchema,
  mailTestResponseSchema,
  preferencesResponseSchema,
  unsubscribeQuerySchema,
  updatePreferencesRequestSchema,
} from '../../contract/mail';
import { actorOf } from '../plugins/auth';
import type { MailService } from '../services/mail';
import { errorResponses, personSecurity, staffOperations } from './route-schemas';

const tags = ['mail'];
const personErrors = errorResponses(400, 401, 403, 429);

/** The unsubscribe pages: small HTML documents (no script), never cached. Their errors are the JSON error body. */
const htmlPage = {
  description: 'A small HTML page',
  content: { 'text/html': { schema: z.string() } },
};
const sendPage = (reply: FastifyReply, html: string) =>
  reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);

export const mailRoutes: FastifyPluginAsyncZod<{ mail: MailService }> = async (app, { mail }) => {
  app.get(
    '/mail/status',
    {
      onRequest: app.requireCapability('mail:manage'),
      schema: staffOperations(
        'mail',
        errorResponses(400, 401, 403, 429),
      )({
        description:
          'Whether expiry reminders can be sent (SMTP_URL and MAIL_FROM both set), the sender, and the time of day (UTC) the daily digest goes out.',
        response: { 200: mailStatusResponseSchema },
      }),
    },
    async () => ({ data: mail.status() }),
  );

  app.post(
    '/mail/test',
    {
      onRequest: app.requirePerson('mail:manage'),
      schema: {
        tags,
        security: personSecurity,
        description:
          "Sends a test e-mail to the caller's own address now, and answers when the mail server has taken it (cut after 10 s). 409 when mail is off; 502 `MAIL_REFUSED` with the mail server's answer when it refuses or cannot be reached.",
        response: { 200: mailTestResponseSchema, ...errorResponses(400, 401, 403, 409, 429, 502) },
      },
    },
    async (request) => ({ data: await mail.sendTest(actorOf(request)) }),
  );

  const person = app.requirePerson();
  app.get(
    '/auth/preferences',
    {
      onRequest: person,
      schema: {
        tags: ['auth'],
        security: personSecurity,
        description: "The caller's own settings: whether they get the daily e-mail of expiring certificates.",
        response: { 200: preferencesResponseSchema, ...personErrors },
      },
    },
    async (request) => ({ data: await mail.preferences(actorOf(request).id) }),
  );

  app.put(
    '/auth/preferences',
    {
      onRequest: person,
      schema: {
        tags: ['auth'],
        security: personSecurity,
        description: "Changes the caller's own settings (a change is in the activity log).",
        body: updatePreferencesRequestSchema,
        response: { 200: preferencesResponseSchema, ...personErrors },
      },
    },
    async (request) => ({ data: await mail.updatePreferences(actorOf(request), request.body) }),
  );

  // The link's own context: mail clients send the one-click POST form-encoded (RFC 8058), which no other route takes.
  await app.register(async (scope) => {
    const links = scope.withTypeProvider<ZodTypeProvider>();
    links.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      { parseAs: 'string', bodyLimit: 4096 },
      // The body says only `List-Unsubscribe=One-Click`; the token in the query is what counts.
      (_request, _body, done) => done(null, undefined),
    );
    const errors = errorResponses(400);

    links.get(
      MAIL_UNSUBSCRIBE_PATH,
      {
        schema: {
          tags,
          description:
            'The unsubscribe link of an expiry reminder: a page naming the recipient with a button that POSTs to the same address. Changes nothing (mail scanners open links). A token the server did not sign, or whose recipient is gone, is a 400.',
          querystring: unsubscribeQuerySchema,
          response: { 200: htmlPage, ...errors },
        },
      },
      async (request, reply) => sendPage(reply, await mail.unsubscribePage(request.query.token)),
    );

    links.post(
      MAIL_UNSUBSCRIBE_PATH,
      {
        schema: {
          tags,
          description:
            "One-click unsubscribe (RFC 8058; the body, `List-Unsubscribe=One-Click`, form-encoded or multipart, is not needed): turns off the reminders of the link's recipient (a user's own switch, or a client's contact reminders), records it in the activity log, and answers a confirmation page. Repeating it changes nothing.",
          querystring: unsubscribeQuerySchema,
          response: { 200: htmlPage, ...errors },
        },
      },
      async (request, reply) => sendPage(reply, await mail.unsubscribe(request.query.token)),
    );
  });
};
