// The rule for answers that carry a secret (tokens today; API tokens, webhook signing secrets and recovery codes
// when they exist): `Cache-Control: no-store`, so no browser, proxy or back/forward cache keeps a copy, and never
// compressed (the route config `carriesSecret`, read by plugins/compression.ts). A route that answers with a secret
// spreads `secretAnswer` into its options, which gives it both; `secretFieldsOf` finds such routes from their
// response schemas, so a test fails when a new one forgets (src/server/routes/auth.test.ts).
import type { onSendHookHandler } from 'fastify';
import { z, type ZodType } from 'zod';

/** Response field names that hold a secret. */
export const SECRET_FIELD = /token|secret|recovery|private/i;

const noStore: onSendHookHandler = (_request, reply, payload, done) => {
  reply.header('cache-control', 'no-store');
  // For HTTP/1.0 caches, which do not know Cache-Control.
  reply.header('pragma', 'no-cache');
  done(null, payload);
};

/** Route options of a route whose answer carries a secret: every answer of it (failures too) is `no-store`. */
export const secretAnswer = { config: { carriesSecret: true }, onSend: noStore } as const;

/** The secret-looking property names anywhere in a response schema (JSON Schema of the zod schema). */
export function secretFieldsOf(schema: ZodType): string[] {
  const found = new Set<string>();
  const walk = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (typeof node !== 'object' || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'properties' && typeof value === 'object' && value !== null) {
        for (const name of Object.keys(value)) if (SECRET_FIELD.test(name)) found.add(name);
      }
      walk(value);
    }
  };
  walk(z.toJSONSchema(schema, { unrepresentable: 'any', io: 'output' }));
  return [...found];
}
