// Sign-in and session calls (docs/requirements.md#calls "Auth"), the refresh cookie and the session list
// (docs/adr/0008-refresh-cookie-and-sessions.md).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  logoutRequestSchema,
  refreshRequestSchema,
  refreshResponseSchema,
  sessionParamsSchema,
  sessionsResponseSchema,
  validateRequestSchema,
  validateResponseSchema,
} from '../../contract/auth';
import { MESSAGES } from '../../contract/errors';
import { forbidden, unauthenticated } from '../errors';
import { bearerToken, clientOf, sessionOf } from '../plugins/auth';
import { secretAnswer } from '../plugins/secret-answers';
import {
  clearRefreshCookie,
  isCookieRefreshAllowed,
  refreshCookieOf,
  setRefreshCookie,
} from '../plugins/refresh-cookie';
import type { AuthService } from '../services/auth/auth-service';
import { errorResponses, personSecurity, refreshCookieSecurity } from './route-schemas';

const errors = errorResponses(400, 401, 403, 429);
const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.post(
    '/auth/login',
    {
      ...secretAnswer,
      schema: {
        tags,
        description:
          'Signs in. The answer carries the refresh token for API clients, and sets it as the HttpOnly `lc_refresh` cookie for the console. For an account with two-factor codes it answers `{mfaRequired: true, mfaToken}` instead, and `{mfaEnrolmentRequired: true, mfaToken}` when owners require codes and the account has none yet: the sign-in goes on at `POST /auth/login/mfa` (docs/sign-in.md). With password sign-in turned off, a right password of anyone but an owner is refused 403.',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await auth.login(request.body.email, request.body.password, clientOf(request));
      // A second step (a code, or an enrolment first) has no session yet: the cookie waits for POST /auth/login/mfa.
      if ('refreshToken' in answer)
        setRefreshCookie(request, reply, answer.refreshToken, app.ctx.env.TRUST_PROXY);
      return { data: answer };
    },
  );

  app.post(
    '/auth/refresh',
    {
      ...secretAnswer,
      schema: {
        tags,
        description:
          'Exchanges a refresh token for a new access token and a rotated refresh token. API clients send `refreshToken` in the body and get the new one in the answer; without it the `lc_refresh` cookie is used (the request must be JSON or carry `X-Requested-With`), and the new refresh token goes only into the cookie.',
        security: refreshCookieSecurity,
        body: refreshRequestSchema,
        response: { 200: refreshResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const bodyToken = request.body.refreshToken;
      if (bodyToken) return { data: await auth.refresh(bodyToken, clientOf(request)) };
      const cookieToken = refreshCookieOf(request);
      if (!cookieToken) throw unauthenticated(MESSAGES.invalidRefreshToken);
      if (!isCookieRefreshAllowed(request)) throw forbidden(MESSAGES.cookieRefreshNeedsJson);
      try {
        const tokens = await auth.refresh(cookieToken, clientOf(request));
        setRefreshCookie(request, reply, tokens.refreshToken, app.ctx.env.TRUST_PROXY);
        return { data: { accessToken: tokens.accessToken } };
      } catch (error) {
        // A forged, expired or foreign cookie is cleared, so the console stops offering it.
        clearRefreshCookie(request, reply, app.ctx.env.TRUST_PROXY);
        throw error;
      }
    },
  );

  app.post(
    '/auth/validate',
    {
      schema: { tags, body: validateRequestSchema, response: { 200: validateResponseSchema, ...errors } },
    },
    async (request) => {
      const user = await auth.validate(request.body.token);
      return { data: user ? { valid: true as const, user } : { valid: false as const } };
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags,
        description:
          "Ends the session of the refresh token in the body or the `lc_refresh` cookie (without either, the bearer access token's session) and clears the cookie.",
        security: refreshCookieSecurity,
        body: logoutRequestSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      // The refresh token names the session to end; only without one does the bearer's own session end, so an
      // API client signing out one of its refresh tokens never ends the session it is calling from.
      const refreshToken = request.body.refreshToken ?? refreshCookieOf(request);
      const accessToken = refreshToken ? undefined : bearerToken(request);
      const session = accessToken ? await auth.principalForAccessToken(accessToken) : null;
      await auth.logout({ refreshToken, sessionId: session?.sessionId }, clientOf(request));
      clearRefreshCookie(request, reply, app.ctx.env.TRUST_PROXY);
      return reply.status(204).send(null);
    },
  );

  const person = app.requirePerson();

  app.post(
    '/auth/password',
    {
      onRequest: person,
      schema: {
        tags,
        security: personSecurity,
        body: changePasswordRequestSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { currentPassword, newPassword } = request.body;
      await auth.changePassword(sessionOf(request), currentPassword, newPassword, clientOf(request));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/auth/sessions',
    {
      onRequest: person,
      schema: {
        tags,
        description: "The caller's live sessions; `current` marks the one this access token belongs to.",
        security: personSecurity,
        response: { 200: sessionsResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await auth.sessions(sessionOf(request)) }),
  );

  app.delete(
    '/auth/sessions',
    {
      onRequest: person,
      schema: {
        tags,
        description: "Ends every session of the caller's but the current one.",
        security: personSecurity,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await auth.endOtherSessions(sessionOf(request));
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/auth/sessions/:id',
    {
      onRequest: person,
      schema: {
        tags,
        description:
          "Ends one of the caller's sessions: its refresh token and its access tokens stop working at once.",
        security: personSecurity,
        params: sessionParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      await auth.endSession(sessionOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
