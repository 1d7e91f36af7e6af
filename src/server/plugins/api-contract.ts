// What every operation promises beyond what its route declares, added to each route as it is registered (so
// the OpenAPI document, the response serializer and the test-mode response check all see it):
// - the answers any route can give, with the contract's error body: 414 (a path segment over the router's
//   limit, or a URL over `MAX_URL_LENGTH`, refused here), 500 (an unexpected failure), 503 (refused at once while
//   the process is overloaded, src/server/overload.ts), and on methods whose body Fastify reads, 413 (over the body limit)
//   and 415 (a content type without a parser); on routes an API token may call, 429 (its rate limit);
// - on API routes, unknown query parameters refused with 400 (docs/api.md "Query parameters"): the console
//   sends only the parameters an operation lists, and a misspelt filter (`?stauts=active`) must not quietly
//   return, or export, every row (a `z.looseObject` query is the declared exception: single sign-on's callback).
import type { RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { z, type ZodType } from 'zod';
import {
  errorBodySchema,
  MESSAGES,
  unknownQueryParameterMessage,
  type ErrorBody,
} from '../../contract/errors';
import { MAX_URL_LENGTH } from '../client-errors';

/** Methods whose request body Fastify parses (and so may refuse with 413 or 415). */
export const BODY_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Error answers documented on every route that declares its responses, whatever it declares itself; a route an API
 * token may call may also answer 429 (the token's own rate limit, plugins/auth.ts).
 */
export function centralErrorResponses(
  method: string,
  security: readonly { [securityLabel: string]: readonly string[] }[] = [],
): Record<number, typeof errorBodySchema> {
  const responses: Record<number, typeof errorBodySchema> = {
    414: errorBodySchema,
    500: errorBodySchema,
    503: errorBodySchema,
  };
  if (BODY_METHODS.has(method)) Object.assign(responses, { 413: errorBodySchema, 415: errorBodySchema });
  if (security.some((requirement) => 'apiToken' in requirement)) responses[429] = errorBodySchema;
  return responses;
}

/** `query` refusing every key `shape` does not list, each with its own field error. */
export function refusingUnknownKeys(query: z.ZodObject) {
  const known = new Set(Object.keys(query.shape));
  return query.catchall(z.unknown()).superRefine((value, ctx) => {
    for (const key of Object.keys(value)) {
      if (!known.has(key))
        ctx.addIssue({ code: 'custom', path: [key], message: unknownQueryParameterMessage(key) });
    }
  });
}

/** A `z.looseObject`: unknown keys pass through. */
const isLoose = (query: z.ZodObject) => query._zod.def.catchall?._zod.def.type === 'unknown';

export interface ApiContractOptions {
  /** Routes under this prefix are the API: their query strings are checked. */
  apiPrefix: string;
}

type RouteSchema = {
  hide?: boolean;
  querystring?: ZodType;
  response?: Record<string, unknown>;
  security?: readonly { [securityLabel: string]: readonly string[] }[];
};

export const apiContractPlugin = fp<ApiContractOptions>(async (app, { apiPrefix }) => {
  // A URL under Node's 16 KiB header limit but over ours (longer ones never reach Fastify: client-errors.ts).
  // A callback hook: it runs on every request, and an async one costs a promise each time.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.length <= MAX_URL_LENGTH) return done();
    const body: ErrorBody = { message: MESSAGES.pathTooLong, code: 'VALIDATION_FAILED' };
    // Answered here, so `done` is not called: the request goes no further.
    reply.code(414).send(body);
  });
  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = route.schema as RouteSchema | undefined;
    if (!schema) return;
    // A new schema object: other onRoute hooks may hold the declared one (the route table the fuzz tests walk).
    const next: RouteSchema = { ...schema };
    if (schema.response) {
      const methods = [route.method].flat();
      const central = Object.assign(
        {},
        ...methods.map((method) => centralErrorResponses(method, schema.security)),
      );
      next.response = { ...central, ...schema.response };
    }
    if (route.url.startsWith(apiPrefix) && !schema.hide) {
      const query = schema.querystring ?? z.object({});
      if (!(query instanceof z.ZodObject))
        throw new Error(`${route.url}: a query schema must be a z.object to refuse unknown parameters`);
      // A `z.looseObject` says so on purpose: the parameters are someone else's choice (the callback of single
      // sign-on, where each provider adds its own), and the route reads only the ones it lists.
      if (!isLoose(query)) next.querystring = refusingUnknownKeys(query);
    }
    route.schema = next;
  });
});
