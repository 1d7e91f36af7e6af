// The id every request is logged and answered with (`x-request-id`), in Fastify's pipeline and on the hot routes
// (hot-routes.ts) alike.
import { randomUUID } from 'node:crypto';

/** A client's own request id is kept only when it is short and plain; anything else could forge log lines. */
const SAFE_REQUEST_ID = /^[\w.:-]{1,64}$/;

export function requestIdOf(header: string | string[] | undefined): string {
  return typeof header === 'string' && SAFE_REQUEST_ID.test(header) ? header : randomUUID();
}
