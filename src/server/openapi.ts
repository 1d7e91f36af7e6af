// How the zod contract becomes the OpenAPI document (`GET /api/v1/openapi.json`), where the document would
// otherwise say less than, or something other than, what the server does. The answers every route can give
// (413, 414, 415, 500) and the refusal of unknown query parameters are added to the routes themselves by
// plugins/api-contract.ts, so the server and the document agree by construction.
import { createJsonSchemaTransform, jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The document's `info.description`: the rules that hold for every operation (docs/api.md says the same). */
export const API_DESCRIPTION = [
  'The API of the License Console. Every failed call answers with the error body `{ message, code, errors? }`',
  '(`errors` maps a field to its first error).',
  '',
  '- Unknown query parameters are refused: a call with a query parameter its operation does not list answers',
  '  400 `VALIDATION_FAILED`, naming the parameter in `errors`.',
  '- A method a path does not support answers 405 `METHOD_NOT_ALLOWED` with an `Allow` header; an unknown path',
  '  answers 404 `NOT_FOUND`.',
  '- Any operation may answer 414 (a path segment or the URL too long), 500 (an unexpected failure, without details);',
  '  operations with a method that carries a body may answer 413 (a body over 1 MB) and 415 (a content type',
  '  other than `application/json`).',
  "- A rule between several fields, which JSON Schema cannot express, is stated in the operation's description.",
].join('\n');

type JsonSchema = Record<string, unknown>;
type OverrideContext = { zodSchema: z.core.$ZodType; jsonSchema: JsonSchema };

/**
 * The openapi-3.0 target has no `null` type: zod writes `z.null()` as `{ type: 'string', nullable: true, enum: [null] }`.
 * A union with such a branch becomes its other branch(es) marked `nullable` (what fastify-type-provider-zod does
 * by default; a custom override replaces its default, so it is repeated here).
 */
const isNullBranch = (schema: JsonSchema) =>
  schema.nullable === true &&
  Array.isArray(schema.enum) &&
  schema.enum.length === 1 &&
  schema.enum[0] === null;

function collapseNullableUnion({ zodSchema, jsonSchema }: OverrideContext) {
  if (zodSchema._zod.def.type !== 'union' || !Array.isArray(jsonSchema.anyOf)) return;
  const anyOf = (jsonSchema.anyOf as JsonSchema[]).filter((branch) => Object.keys(branch).length > 0);
  const others = anyOf.filter((branch) => !isNullBranch(branch));
  if (others.length === anyOf.length || others.length === 0) {
    jsonSchema.anyOf = anyOf;
    return;
  }
  delete jsonSchema.anyOf;
  if (others.length === 1) Object.assign(jsonSchema, others[0], { nullable: true });
  else Object.assign(jsonSchema, { anyOf: others, nullable: true });
}

/**
 * A request field written `z.string().trim().min(1).pipe(z.email())` is documented by zod from the pipe's input
 * side only (its lengths), which drops the e-mail format the server enforces. The output side's `format` and
 * `pattern` are added to it, so every format the server checks is in the document.
 */
function keepPipeFormat({ zodSchema, jsonSchema }: OverrideContext) {
  const def = zodSchema._zod.def;
  if (def.type !== 'pipe' || jsonSchema.type !== 'string') return;
  const out = (def as z.core.$ZodPipeDef).out;
  if (out._zod.def.type !== 'string') return;
  const outJson = z.toJSONSchema(out, {
    target: 'openapi-3.0',
    io: 'input',
    unrepresentable: 'any',
  }) as JsonSchema;
  if (typeof outJson.format === 'string') jsonSchema.format ??= outJson.format;
  if (typeof outJson.pattern === 'string' && outJson.pattern !== jsonSchema.pattern) {
    if (jsonSchema.pattern === undefined) jsonSchema.pattern = outJson.pattern;
    else
      jsonSchema.allOf = [
        ...((jsonSchema.allOf as JsonSchema[] | undefined) ?? []),
        { pattern: outJson.pattern },
      ];
  }
}

const requestTransform = createJsonSchemaTransform({
  zodToJsonConfig: {
    override: (ctx) => {
      collapseNullableUnion(ctx as OverrideContext);
      keepPipeFormat(ctx as OverrideContext);
    },
  },
});

const REQUEST_PARTS = ['body', 'querystring', 'params', 'headers'] as const;

/**
 * `transform` of @fastify/swagger: fastify-type-provider-zod's, with requests documented by `requestTransform`
 * and every 204 and 3xx answer documented without content (`type: 'null'` is how @fastify/swagger leaves `content` out).
 * Fastify sends a 204 without a body or content type whatever its schema says.
 */
export const openapiTransform: typeof jsonSchemaTransform = (document) => {
  const transformed = jsonSchemaTransform(document);
  const schema = transformed.schema as Record<string, unknown> | undefined;
  if (!schema || schema.hide) return transformed;
  const requests = requestTransform(document).schema as Record<string, unknown>;
  for (const part of REQUEST_PARTS) if (requests[part] !== undefined) schema[part] = requests[part];
  const responses = schema.response as Record<string, JsonSchema> | undefined;
  if (responses?.['204']) responses['204'] = { type: 'null', description: 'No content' };
  // A redirect has no body either: its Location says where (single sign-on's browser navigations).
  for (const status of Object.keys(responses ?? {}).filter((code) => /^3\d\d$/.test(code)))
    responses![status] = { type: 'null', description: String(responses![status]!.description ?? 'Redirect') };
  return transformed;
};
