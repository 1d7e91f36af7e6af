// How answers become JSON. Every route's answer goes through its zod schema (fastify-type-provider-zod): a field the
// schema does not list never leaves the server, whatever a service put in the object. The licence check and the
// health probe are the exception: their answers are built field by field in their route, and on the route every
// licensed machine calls the zod pass cost more than the check itself (docs/performance.md). Their
// schemas still document the answer, and the test app checks every such answer against them, a field too many
// included (plugins/response-validation.ts), so a drift fails the tests instead of reaching a client.
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

const builtFieldByFieldSchemas = new WeakSet<object>();

/** Marks an answer's schema as one whose route builds the answer field by field: it is serialised as it is. */
export function builtFieldByField<Schema extends ZodType>(schema: Schema): Schema {
  builtFieldByFieldSchemas.add(schema);
  return schema;
}

type SerializerRoute = Parameters<typeof zodSerializerCompiler>[0];

/** Whether a schema was marked by `builtFieldByField` (the test app checks such answers itself). */
export const isBuiltFieldByField = (schema: unknown): schema is ZodType =>
  typeof schema === 'object' && schema !== null && builtFieldByFieldSchemas.has(schema);

export const answerSerializerCompiler: FastifySerializerCompiler<ZodType> = (route) =>
  builtFieldByFieldSchemas.has(route.schema)
    ? (data) => JSON.stringify(data)
    : zodSerializerCompiler(route as SerializerRoute);
