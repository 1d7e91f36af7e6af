// Single sign-on's two browser navigations (docs/sign-in.md "Single sign-on"): the start, which sends the browser to
// the provider, and the callback, which signs in and lands on the console, or goes back to the sign-in page with
// `?sso=<reason>`. Both always answer with a redirect (or a 400 for a malformed start), never with JSON a browser would
// show.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  OIDC_CALLBACK_PATH,
  OIDC_START_PATH,
  oidcCallbackQuerySchema,
  oidcStartQuerySchema,
} from '../../contract/sign-in';
import { clientOf } from '../plugins/auth';
import { arrivedOverHttps, arrivedViaOf } from '../plugins/security-headers';
import { secretAnswer } from '../plugins/secret-answers';
import { setRefreshCookie } from '../plugins/refresh-cookie';
import { OIDC_TRANSACTION_COOKIE, OIDC_TRANSACTION_TTL_SECONDS, type OidcService } from '../services/oidc';
import { errorResponses } from './route-schemas';

const tags = ['auth'];
const redirect = (description: string) => z.null().describe(description);

/**
 * The transaction cookie: HttpOnly, sent to the callback only, and SameSite=Lax, since the provider's redirect back is
 * a cross-site top-level GET, which Lax lets through and Strict would not.
 */
const transactionCookie = (request: FastifyRequest, trustProxy: boolean, path: string) =>
  ({
    httpOnly: true,
    sameSite: 'lax',
    secure: arrivedOverHttps(arrivedViaOf(request), trustProxy),
    path,
  }) as const;

export const oidcRoutes: FastifyPluginAsyncZod<{ oidc: OidcService; apiPrefix: string }> = async (
  app,
  { oidc, apiPrefix },
) => {
  const { TRUST_PROXY } = app.ctx.env;
  const cookiePath = `${apiPrefix}${OIDC_CALLBACK_PATH}`;

  app.get(
    OIDC_START_PATH,
    {
      // The redirect carries the sign-in's state: no cache may keep it.
      ...secretAnswer,
      schema: {
        tags,
        description:
          'Starts a single sign-on: redirects to the OpenID Connect provider (authorization code with PKCE, `state` and `nonce`), or to `/login?sso=unavailable` when none is configured or it cannot be reached. `next` is where the callback lands, a path of the console (anything else lands on `/`). A browser navigation, not an API call.',
        querystring: oidcStartQuerySchema,
        response: {
          302: redirect('To the provider, or to `/login?sso=unavailable`'),
          ...errorResponses(400),
        },
      },
    },
    async (request, reply) => {
      const start = await oidc.start(request.query.next);
      if (start.transaction)
        reply.setCookie(OIDC_TRANSACTION_COOKIE, start.transaction, {
          ...transactionCookie(request, TRUST_PROXY, cookiePath),
          maxAge: OIDC_TRANSACTION_TTL_SECONDS,
        });
      return reply.redirect(start.location, 302);
    },
  );

  app.get(
    OIDC_CALLBACK_PATH,
    {
      // The answer sets the refresh cookie.
      ...secretAnswer,
      schema: {
        tags,
        description:
          'Where the provider sends the browser back. Verifies the answer (state, PKCE, the ID token’s signature, issuer, audience, expiry and nonce), signs in as `POST /auth/login` does (the `lc_refresh` cookie, a session, `auth.signed_in`) and redirects to the start’s `next`; on any failure redirects to `/login?sso=<reason>` (`failed`, `unavailable`, `unknown_user`, `disabled`, `no_role`, `no_email`, `throttled`) and starts no session. Unlisted query parameters of the provider are accepted.',
        querystring: oidcCallbackQuerySchema,
        response: {
          302: redirect('To the start’s `next` when signed in, else to `/login?sso=<reason>`'),
          ...errorResponses(400),
        },
      },
    },
    async (request, reply) => {
      const outcome = await oidc.callback(
        rawQueryOf(request),
        request.cookies[OIDC_TRANSACTION_COOKIE],
        clientOf(request),
      );
      // Whatever the outcome: a replayed callback finds no sign-in in progress.
      reply.clearCookie(OIDC_TRANSACTION_COOKIE, transactionCookie(request, TRUST_PROXY, cookiePath));
      if (outcome.tokens) setRefreshCookie(request, reply, outcome.tokens.refreshToken, TRUST_PROXY);
      return redirectTo(reply, outcome.location);
    },
  );
};

/** The query string as the provider sent it: openid-client verifies the parameters themselves (`iss`, `state`). */
const rawQueryOf = (request: FastifyRequest) => {
  const url = request.raw.url ?? '';
  const at = url.indexOf('?');
  return at === -1 ? '' : url.slice(at);
};

const redirectTo = (reply: FastifyReply, location: string) => reply.redirect(location, 302);
