// For the test app only: every answer is checked against what its route documents (the schema the OpenAPI document
// is generated from), so the document cannot drift from the server unnoticed. Checked: the status code is one
// the route declares (its own or the central ones of plugins/api-contract.ts); the content type is the
// documented one (JSON unless the route declares per-content-type answers; none for a 204); an error answer's
// body is the contract's error body. Success bodies are checked by the zod serializer already (and error bodies
// too, on routes that declare the status; checked here again, for answers of the router: 404 for an unknown path,
// 405, 414 and 400 for a path the router refuses); the answers the serializer passes as built
// (answer-serializer.ts) are checked here against their schema, a field too many included.
// A mismatch is recorded on `app.responseContractViolations` and the answer becomes a 500, so the test that
// caused it fails where it happened; tests/support/test-app.ts also fails a test file that left any behind.
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isDeepStrictEqual } from 'node:util';
import { errorBodySchema } from '../../contract/errors';
import { isBuiltFieldByField } from '../answer-serializer';

export interface ResponseValidationOptions {
  /** On in the test app (`buildApp({ checkResponses: true })`); off in production, where it would be wasted work. */
  enabled: boolean;
}

type DeclaredResponses = Record<string, unknown>;

const mediaType = (header: unknown) =>
  typeof header === 'string' ? (header.split(';')[0] ?? '').trim().toLowerCase() : undefined;

/** The declared answer for a status: exact code, then `4XX`-style ranges, then `default`. */
function declaredFor(responses: DeclaredResponses, status: number): unknown {
  return (
    responses[String(status)] ??
    responses[`${String(status)[0]}XX`] ??
    responses[`${String(status)[0]}xx`] ??
    responses.default
  );
}

/** The content types a declared answer allows: its `content` keys, or JSON for a plain schema. */
function documentedTypes(declared: unknown): string[] {
  if (
    typeof declared === 'object' &&
    declared !== null &&
    'content' in declared &&
    typeof declared.content === 'object' &&
    declared.content !== null
  ) {
    return Object.keys(declared.content).map((type) => type.toLowerCase());
  }
  return ['application/json'];
}

function bodyText(payload: unknown): string | undefined {
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  return undefined;
}

/** What is wrong with an answer, or undefined when it is what the route documents. */
export function responseContractViolation(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): string | undefined {
  const status = reply.statusCode;
  const type = mediaType(reply.getHeader('content-type'));
  // 405 (plugins/method-not-allowed.ts) belongs to no operation: the document states it once, for every path.
  const routed = !request.is404 && request.routeOptions.url !== undefined && status !== 405;
  const responses = routed
    ? ((request.routeOptions.schema?.response ?? undefined) as DeclaredResponses | undefined)
    : undefined;
  // Routes that document no answers (static files, the API reference, the OpenAPI document itself) are not checked,
  // and neither are successful answers of the router (the console's index.html for its client-side routes).
  if (routed && !responses) return undefined;
  if (!routed && status < 400) return undefined;

  if (responses) {
    const declared = declaredFor(responses, status);
    if (declared === undefined)
      return `status ${status} is not documented (documented: ${Object.keys(responses).join(', ')})`;
    // Fastify drops a 204's body and content type whatever is set here; the document says it has none.
    if (status === 204) return undefined;
    // A redirect (single sign-on's navigations) is its Location, without a body.
    if (status >= 300 && status < 400)
      return reply.getHeader('location') ? undefined : `status ${status} answered without a Location`;
    const documented = documentedTypes(declared);
    if (type === undefined || !documented.includes(type))
      return `status ${status} answered ${type ?? 'no content type'}, documented ${documented.join(' or ')}`;
  } else if (type !== 'application/json') {
    return `status ${status} answered ${type ?? 'no content type'}, documented application/json (the error body)`;
  }

  // An answer serialised as its route built it (answer-serializer.ts) is checked here, as the zod serializer checks every
  // other: it must be what its schema reads, without a field the schema does not list.
  const declared = responses ? declaredFor(responses, status) : undefined;
  if (status < 300 && isBuiltFieldByField(declared) && reply.getHeader('content-encoding') === undefined) {
    const text = bodyText(payload);
    const body: unknown = text === undefined ? undefined : JSON.parse(text);
    const parsed = declared.safeParse(body);
    if (!parsed.success)
      return `status ${status} answered a body its schema refuses: ${parsed.error.message}`;
    if (!isDeepStrictEqual(JSON.parse(JSON.stringify(parsed.data)), body))
      return `status ${status} answered fields its schema does not list: ${text?.slice(0, 200)}`;
  }

  if (status >= 400 && reply.getHeader('content-encoding') === undefined) {
    const text = bodyText(payload);
    if (text !== undefined) {
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return `status ${status} answered a body that is not JSON`;
      }
      const parsed = errorBodySchema.safeParse(body);
      if (!parsed.success)
        return `status ${status} answered a body that is not the error body: ${text.slice(0, 200)}`;
    }
  }
  return undefined;
}

export const responseValidationPlugin = fp<ResponseValidationOptions>(async (app, { enabled }) => {
  const violations: string[] = [];
  app.decorate('responseContractViolations', violations);
  if (!enabled) return;
  app.addHook('onSend', async (request, reply, payload) => {
    const violation = responseContractViolation(request, reply, payload);
    if (!violation) return payload;
    const line = `${request.method} ${request.url}: ${violation}`;
    violations.push(line);
    request.log.error({ violation: line }, 'answer contradicts the OpenAPI document');
    // The 500 it turns into is documented everywhere; not thrown again if that one is wrong too.
    if (reply.statusCode === 500) return payload;
    throw new Error(`Answer contradicts the OpenAPI document: ${line}`);
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers that contradicted their route's documented responses (test mode; see plugins/response-validation.ts). */
    responseContractViolations: readonly string[];
  }
}
