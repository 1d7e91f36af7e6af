// Authentication and role checks. Every authenticated request re-reads the user, so disabling or deleting
// a user takes effect on their very next call.
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { SessionUser } from '../../contract/auth';
import type { Capability } from '../../contract/roles';
import { can } from '../../contract/roles';
import { forbidden, unauthenticated } from '../errors';
import type { AuthService } from '../services/auth-service';
import type { Actor } from '../services/context';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user; set by `authenticate`. */
    user: SessionUser | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless a valid bearer token of a live, active user is sent. */
    authenticate: preHandlerAsyncHookHandler;
    /** preHandler: authenticates, then 403 unless the user's role has the capability. */
    requireCapability(capability: Capability): preHandlerAsyncHookHandler;
  }
}

/** The bearer token of a request, if any. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** The signed-in user as an actor for services (routes behind `authenticate` only). */
export function actorOf(request: FastifyRequest): Actor {
  const user = request.user;
  if (!user) throw unauthenticated();
  return { id: user.uuid, name: user.name, role: user.role.name };
}

export const authPlugin = fp(async (app: FastifyInstance, { auth }: { auth: AuthService }) => {
  app.decorateRequest('user', null);

  const authenticate = async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerToken(request);
    if (!token) throw unauthenticated();
    const user = await auth.userForAccessToken(token);
    if (!user) throw unauthenticated();
    request.user = user;
  };

  app.decorate('authenticate', authenticate);
  app.decorate(
    'requireCapability',
    (capability: Capability) => async (request: FastifyRequest, reply: FastifyReply) => {
      await authenticate(request, reply);
      if (!request.user || !can(request.user.role.name, capability)) throw forbidden();
    },
  );
});
