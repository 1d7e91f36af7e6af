// Sign-in and session calls (docs/requirements.md#calls "Auth").
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  logoutRequestSchema,
  refreshRequestSchema,
  refreshResponseSchema,
  validateRequestSchema,
  validateResponseSchema,
} from '../../contract/auth';
import { actorOf } from '../plugins/auth';
import { secretAnswer } from '../plugins/secret-answers';
import type { AuthService } from '../services/auth-service';
import { errorResponses } from './route-schemas';

const errors = errorResponses(400, 401, 403, 429);

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.post(
    '/auth/login',
    {
      ...secretAnswer,
      schema: { tags: ['auth'], body: loginRequestSchema, response: { 200: loginResponseSchema, ...errors } },
    },
    async (request) => ({ data: await auth.login(request.body.email, request.body.password, request.ip) }),
  );

  app.post(
    '/auth/refresh',
    {
      ...secretAnswer,
      schema: {
        tags: ['auth'],
        body: refreshRequestSchema,
        response: { 200: refreshResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await auth.refresh(request.body.refreshToken, request.ip) }),
  );

  app.post(
    '/auth/validate',
    {
      schema: {
        tags: ['auth'],
        body: validateRequestSchema,
        response: { 200: validateResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = await auth.validate(request.body.token);
      return { data: user ? { valid: true as const, user } : { valid: false as const } };
    },
  );

  app.post(
    '/auth/logout',
    { schema: { tags: ['auth'], body: logoutRequestSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await auth.logout(request.body.refreshToken, request.ip);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/auth/password',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['auth'],
        security: [{ bearer: [] }],
        body: changePasswordRequestSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { currentPassword, newPassword, refreshToken } = request.body;
      await auth.changePassword(actorOf(request).id, currentPassword, newPassword, request.ip, refreshToken);
      return reply.status(204).send(null);
    },
  );
};
