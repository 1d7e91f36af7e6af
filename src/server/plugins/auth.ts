// Authentication and role checks. A bearer credential is either a staff access token (a JWT naming a session) or
// an API token (`lc_...`). Every authenticated request re-reads its user and session, or its token and creator, so
// disabling a user, ending a session or revoking a token takes effect on the very next call.
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { API_TOKEN_MESSAGES } from '../../contract/api-tokens';
import type { Capability } from '../../contract/roles';
import { can } from '../../contract/roles';
import { forbidden, rateLimited, unauthenticated } from '../errors';
import {
  isApiTokenSecret,
  type ApiTokenPrincipal,
  type ApiTokensService,
} from '../services/api-tokens/api-tokens-service';
import type { AuthService, SessionPrincipal } from '../services/auth/auth-service';
import type { Actor } from '../services/shared/context';
import { createMinuteLimiter } from '../services/shared/minute-limiter';

/** Who calls: a person signed in to a session, or an API token. */
export type Principal = ({ kind: 'user' } & SessionPrincipal) | ({ kind: 'apiToken' } & ApiTokenPrincipal);

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate`. */
    principal: Principal | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless a valid staff access token or API token is sent. */
    authenticate: preHandlerAsyncHookHandler;
    /** preHandler: authenticates, then 403 unless the caller's role has the capability. */
    requireCapability(capability: Capability): preHandlerAsyncHookHandler;
    /**
     * onRequest of a call whose body names what it does (a bulk action): 403 unless the caller's role has at least
     * one of the capabilities, before the body is read; the route checks the one its body names once validated.
     */
    requireAnyCapability(capabilities: readonly Capability[]): preHandlerAsyncHookHandler;
    /**
     * preHandler for what only a signed-in person may do (sessions, passwords, API tokens): 403 for an API token,
     * then the capability check when one is named.
     */
    requirePerson(capability?: Capability): preHandlerAsyncHookHandler;
  }
}

/** The bearer credential of a request, if any. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** The caller as an actor for services (routes behind `authenticate` only). */
export function actorOf(request: FastifyRequest): Actor {
  const principal = request.principal;
  if (!principal) throw unauthenticated();
  return principal.kind === 'user'
    ? {
        id: principal.user.uuid,
        name: principal.user.name,
        role: principal.user.role.name,
        sessionId: principal.sessionId,
      }
    : { id: principal.tokenId, name: principal.actorName, role: principal.role, sessionId: null };
}

/** The signed-in person and their session (routes behind `requirePerson` only). */
export function sessionOf(request: FastifyRequest): SessionPrincipal {
  const principal = request.principal;
  if (principal?.kind !== 'user') throw unauthenticated();
  return principal;
}

/** Where a request came from, for session records and auth events. */
export const clientOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
});

export const authPlugin = fp(
  async (app: FastifyInstance, { auth, apiTokens }: { auth: AuthService; apiTokens: ApiTokensService }) => {
    app.decorateRequest('principal', null);
    const tokenLimiter = createMinuteLimiter(app.ctx.env.API_TOKEN_RATE_LIMIT, app.ctx.now);

    async function principalOf(credential: string): Promise<Principal> {
      if (isApiTokenSecret(credential)) {
        const token = await apiTokens.authenticate(credential);
        if (!token) throw unauthenticated(API_TOKEN_MESSAGES.invalidToken);
        const wait = tokenLimiter.hit(token.tokenId);
        if (wait !== null) throw rateLimited(wait);
        return { kind: 'apiToken', ...token };
      }
      const session = await auth.principalForAccessToken(credential);
      if (!session) throw unauthenticated();
      return { kind: 'user', ...session };
    }

    const authenticate = async (request: FastifyRequest, _reply: FastifyReply) => {
      const credential = bearerToken(request);
      if (!credential) throw unauthenticated();
      request.principal = await principalOf(credential);
    };
    const roleOf = (principal: Principal) =>
      principal.kind === 'user' ? principal.user.role.name : principal.role;

    app.decorate('authenticate', authenticate);
    app.decorate(
      'requireCapability',
      (capability: Capability) => async (request: FastifyRequest, reply: FastifyReply) => {
        await authenticate(request, reply);
        if (!request.principal || !can(roleOf(request.principal), capability)) throw forbidden();
      },
    );
    app.decorate(
      'requireAnyCapability',
      (capabilities: readonly Capability[]) => async (request: FastifyRequest, reply: FastifyReply) => {
        await authenticate(request, reply);
        const principal = request.principal;
        if (!principal || !capabilities.some((capability) => can(roleOf(principal), capability)))
          throw forbidden();
      },
    );
    app.decorate(
      'requirePerson',
      (capability?: Capability) => async (request: FastifyRequest, reply: FastifyReply) => {
        await authenticate(request, reply);
        if (request.principal?.kind !== 'user') throw forbidden(API_TOKEN_MESSAGES.notForTokens);
        if (capability && !can(request.principal.user.role.name, capability)) throw forbidden();
      },
    );
  },
);
