// Two-factor codes (docs/sign-in.md "Two-factor codes (TOTP)"): the sign-in steps after the password, the caller's own
// enrolment on the Account page, and an owner's or admin's reset of another user's factor.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z, type ZodType } from 'zod';
import { idParamsSchema } from '../../contract/common';
import {
  mfaConfirmRequestSchema,
  mfaDisableRequestSchema,
  mfaEnrolmentRequestSchema,
  mfaEnrolmentResponseSchema,
  mfaLoginEnrolmentRequestSchema,
  mfaLoginRequestSchema,
  mfaLoginResponseSchema,
  mfaStatusResponseSchema,
  recoveryCodesResponseSchema,
} from '../../contract/sign-in';
import { actorOf, clientOf, sessionOf } from '../plugins/auth';
import { setRefreshCookie } from '../plugins/refresh-cookie';
import { secretAnswer } from '../plugins/secret-answers';
import type { MfaService } from '../services/mfa/mfa-service';
import { errorResponses, personSecurity } from './route-schemas';

const tags = ['auth'];
const security = personSecurity;

export const mfaRoutes: FastifyPluginAsyncZod<{ mfa: MfaService }> = async (app, { mfa }) => {
  app.post(
    '/auth/login/mfa',
    {
      ...secretAnswer,
      schema: {
        tags,
        description:
          'The second step of a sign-in: the `mfaToken` of `POST /auth/login` and a code from the authenticator app or a recovery code (each accepted once). Answers the session like `POST /auth/login` and sets the `lc_refresh` cookie; with an enrolment `mfaToken` the code confirms the new authenticator, and the answer adds the ten `recoveryCodes`. Wrong codes are throttled like passwords.',
        body: mfaLoginRequestSchema,
        response: { 200: mfaLoginResponseSchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const answer = await mfa.completeSignIn(request.body.mfaToken, request.body.code, clientOf(request));
      setRefreshCookie(request, reply, answer.refreshToken, app.ctx.env.TRUST_PROXY);
      return { data: answer };
    },
  );

  app.post(
    '/auth/login/mfa/enrolment',
    {
      ...secretAnswer,
      schema: {
        tags,
        description:
          'For a sign-in answered `mfaEnrolmentRequired`: a new authenticator (the secret and its `otpauth://` URI for the QR code), confirmed by `POST /auth/login/mfa` with the same `mfaToken` and a code.',
        body: mfaLoginEnrolmentRequestSchema,
        response: { 200: mfaEnrolmentResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => ({ data: await mfa.startSignInEnrolment(request.body.mfaToken, clientOf(request)) }),
  );

  const person = app.requirePerson();
  const errors = errorResponses(400, 401, 403, 409, 429);

  /** A route of the caller's own codes: a signed-in person, and an answer kept out of caches like the codes. */
  const own = <Schema extends { body?: ZodType; response: Record<number, ZodType> }>(
    description: string,
    schema: Schema,
  ) => ({
    onRequest: person,
    ...secretAnswer,
    schema: { tags, security, description, ...schema, response: { ...schema.response, ...errors } },
  });

  app.get(
    '/auth/mfa',
    // The answer names how many recovery codes are left.
    own("The caller's two-factor sign-in: on or off, recovery codes left, and whether owners require it.", {
      response: { 200: mfaStatusResponseSchema },
    }),
    async (request) => ({ data: await mfa.status(sessionOf(request)) }),
  );

  app.post(
    '/auth/mfa/enrolment',
    own(
      'Starts adding an authenticator app, with the current password (throttled like a sign-in), so that an access token alone cannot add one: a new secret (base32) and its `otpauth://` URI for the QR code. Nothing changes until `POST /auth/mfa/enrolment/confirm` with a code from it; asking again replaces the secret. Accounts without a password (single sign-on only) have no codes: 409.',
      { body: mfaEnrolmentRequestSchema, response: { 200: mfaEnrolmentResponseSchema } },
    ),
    async (request) => ({
      data: await mfa.startEnrolment(sessionOf(request), request.body.password, clientOf(request)),
    }),
  );

  app.post(
    '/auth/mfa/enrolment/confirm',
    own(
      'Turns two-factor sign-in on with a code from the new authenticator, and answers ten one-time recovery codes (shown once; any earlier ones stop working).',
      { body: mfaConfirmRequestSchema, response: { 200: recoveryCodesResponseSchema } },
    ),
    async (request) => ({
      data: { recoveryCodes: await mfa.confirmEnrolment(sessionOf(request), request.body.code) },
    }),
  );

  app.delete(
    '/auth/mfa',
    {
      onRequest: person,
      schema: {
        tags,
        security,
        description:
          "Turns the caller's two-factor sign-in off, with their current password (throttled like a sign-in). Refused while the owners require codes of every password account.",
        body: mfaDisableRequestSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await mfa.disable(sessionOf(request), request.body.password, clientOf(request));
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/users/:id/mfa',
    {
      onRequest: app.requirePerson('users:manage'),
      schema: {
        tags: ['users'],
        security,
        description:
          "Resets another user's two-factor sign-in (a lost phone): their authenticator and recovery codes are removed, and they add a new one, or are sent to when owners require codes, at their next sign-in. An owner's only by an owner.",
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      await mfa.reset(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
