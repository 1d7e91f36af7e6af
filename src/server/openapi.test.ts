// The OpenAPI document tells the truth: it is a valid OpenAPI 3 document; it states the answers every
// route can give, the content types it really sends and the rules the server enforces; unknown query parameters
// and unsupported methods are answered as it says; and the test-mode response check catches an answer that
// contradicts it.
import { connect } from 'node:net';
import { Validator } from '@seriousme/openapi-schema-validator';
import Fastify, { type FastifySchema } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorBodySchema, MESSAGES, unknownQueryParameterMessage } from '../contract/errors';
import { API_PREFIX } from './app';
import { answerClientError } from './client-errors';
import { apiContractPlugin } from './plugins/api-contract';
import { errorsPlugin } from './plugins/errors';
import { responseValidationPlugin } from './plugins/response-validation';
import { createTestApp, type TestContext } from '../../tests/support/test-app';
import { anonymous, AS_JSON, callerAs } from '../../tests/support/callers';

type Schema = Record<string, unknown> & {
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  allOf?: Schema[];
};
interface Operation {
  description?: string;
  parameters?: { in: string; name: string; description?: string; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
}
interface Document {
  openapi: string;
  info: { description?: string };
  paths: Record<string, Record<string, Operation>>;
}

const BODY_METHODS = ['post', 'put', 'patch', 'delete'];
const UUID = '00000000-0000-4000-8000-000000000000';

let ctx: TestContext;
let document: Document;
let operations: { method: string; path: string; operation: Operation }[];

beforeAll(async () => {
  ctx = await createTestApp();
  const response = await ctx.app.inject('/api/v1/openapi.json');
  expect(response.statusCode).toBe(200);
  document = response.json() as Document;
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method, path, operation })),
  );
});
afterAll(() => ctx.close());

/** The document's error body schema, as the contract writes it. */
const errorBodyJson = () => z.toJSONSchema(errorBodySchema, { target: 'openapi-3.0', io: 'output' });
const withoutMeta = (schema: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(schema).filter(([key]) => key !== '$schema'));

describe('the served OpenAPI document', () => {
  it('validates as OpenAPI 3.x', async () => {
    expect(document.openapi).toMatch(/^3\./);
    const result = await new Validator().validate(structuredClone(document) as never);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)?.slice(0, 2000)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(operations.length).toBeGreaterThan(30);
  });

  it('declares 204 answers without content, and they carry none', async () => {
    const noContent = operations.filter(({ operation }) => operation.responses['204']);
    expect(noContent.map(({ method, path }) => `${method} ${path}`)).toEqual(
      expect.arrayContaining([
        'post /api/v1/auth/logout',
        'delete /api/v1/clients/{id}',
        'delete /api/v1/users/{id}',
        'delete /api/v1/certificates/{id}',
      ]),
    );
    for (const { method, path, operation } of noContent)
      expect(operation.responses['204']!.content, `${method} ${path}`).toBeUndefined();

    const owner = await callerAs(ctx, 'owner');
    const created = await owner.post('/clients', { name: 'Deleted Co' });
    expect(created.statusCode).toBe(201);
    const { uuid } = (created.json() as { data: { uuid: string } }).data;
    const deleted = await owner.delete(`/clients/${uuid}`);
    const { refreshToken } = await callerAs(ctx, 'viewer');
    const loggedOut = await anonymous(ctx).post('/auth/logout', { refreshToken });
    for (const response of [deleted, loggedOut]) {
      expect(response.statusCode).toBe(204);
      expect(response.headers['content-type']).toBeUndefined();
      expect(response.body).toBe('');
    }
  });

  it('declares the CSV exports as text/csv for 200 only; their errors are JSON, as sent', async () => {
    for (const path of ['/api/v1/certificates/export', '/api/v1/clients/export']) {
      const { responses } = document.paths[path]!.get!;
      for (const [status, response] of Object.entries(responses)) {
        expect(Object.keys(response.content ?? {}), `${path} ${status}`).toEqual([
          status === '200' ? 'text/csv' : 'application/json',
        ]);
      }
      const refused = await ctx.app.inject(path);
      expect(refused.statusCode).toBe(401);
      expect(refused.headers['content-type']).toMatch(/^application\/json/);
    }
    const viewer = await callerAs(ctx, 'viewer');
    const bad = await viewer.get('/certificates/export?status=lost');
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toMatch(/^application\/json/);
    const file = await viewer.get('/clients/export');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/csv/);
  });

  it('documents 414 and 500 on every operation, and 413 and 415 on every operation with a body, with the error body', () => {
    const errorBody = withoutMeta(errorBodyJson());
    for (const { method, path, operation } of operations) {
      const expected = ['414', '500', ...(BODY_METHODS.includes(method) ? ['413', '415'] : [])];
      for (const status of expected) {
        const response = operation.responses[status];
        expect(response, `${method} ${path} ${status}`).toBeDefined();
        expect(Object.keys(response!.content ?? {}), `${method} ${path} ${status}`).toEqual([
          'application/json',
        ]);
        expect(response!.content!['application/json']!.schema, `${method} ${path} ${status}`).toEqual(
          errorBody,
        );
      }
    }
  });

  it('answers a path segment over the router limit with 414 and the error body', async () => {
    const response = await ctx.app.inject(`/api/v1/certificates/${'a'.repeat(101)}`);
    expect(response.statusCode).toBe(414);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(errorBodySchema.parse(response.json())).toEqual({
      message: MESSAGES.pathTooLong,
      code: 'VALIDATION_FAILED',
    });
  });

  it('answers a URL over 8 KiB with 414 and the error body, before the route (and its sign-in check) runs', async () => {
    const response = await ctx.app.inject(`/api/v1/certificates?search=${'a'.repeat(9000)}`);
    expect(response.statusCode).toBe(414);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(errorBodySchema.parse(response.json())).toEqual({
      message: MESSAGES.pathTooLong,
      code: 'VALIDATION_FAILED',
    });
  });

  it('answers 413 and 415 with the error body on a route with a body and a path id', async () => {
    const owner = await callerAs(ctx, 'owner');
    const path = `/clients/${UUID}`;
    const unsupported = await owner.put(path, '<x/>', { headers: { 'content-type': 'text/xml' } });
    expect(unsupported.statusCode).toBe(415);
    expect(errorBodySchema.parse(unsupported.json()).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const tooLarge = await owner.put(path, JSON.stringify({ name: 'x'.repeat(1024 * 1024) }), AS_JSON);
    expect(tooLarge.statusCode).toBe(413);
    expect(errorBodySchema.parse(tooLarge.json()).code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('requests Node refuses before Fastify', () => {
  /** Sends raw bytes to a listening server and returns the raw answer. */
  function rawRequest(port: number, request: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.end(request));
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
    });
  }

  it('answers a URL over the HTTP server limit with 414 and the error body, overlong headers with 431', async () => {
    const app = Fastify({ clientErrorHandler: answerClientError });
    app.get('/api/v1/x', async () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as { port: number };
      const longUrl = await rawRequest(
        port,
        `GET /api/v1/x?search=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      );
      expect(longUrl).toMatch(/^HTTP\/1\.1 414 /);
      expect(errorBodySchema.parse(JSON.parse(longUrl.split('\r\n\r\n')[1]!))).toEqual({
        message: MESSAGES.pathTooLong,
        code: 'VALIDATION_FAILED',
      });
      const longHeader = await rawRequest(
        port,
        `GET /api/v1/x HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      );
      expect(longHeader).toMatch(/^HTTP\/1\.1 431 /);
      expect(errorBodySchema.parse(JSON.parse(longHeader.split('\r\n\r\n')[1]!)).code).toBe(
        'VALIDATION_FAILED',
      );
    } finally {
      await app.close();
    }
  });
});

describe('rules the server enforces are in the schemas', () => {
  const requestSchemas = () =>
    operations.flatMap(({ method, path, operation }) => [
      ...(operation.parameters ?? []).map((parameter) => ({
        where: `${method} ${path} ${parameter.in} ${parameter.name}`,
        schema: { ...parameter.schema, description: parameter.description },
      })),
      ...Object.values(operation.requestBody?.content ?? {}).map(({ schema }) => ({
        where: `${method} ${path} body`,
        schema,
      })),
    ]);

  /** Every leaf schema with its dotted location. */
  function leaves(where: string, schema: Schema): { where: string; schema: Schema }[] {
    if (schema.properties)
      return Object.entries(schema.properties).flatMap(([name, property]) =>
        leaves(`${where}.${name}`, property),
      );
    if (schema.items) return leaves(`${where}[]`, schema.items);
    return [{ where, schema }];
  }

  it('gives every request integer a range and every request string a length, a pattern, a format or a set of values', () => {
    for (const { where, schema } of requestSchemas().flatMap((entry) => leaves(entry.where, entry.schema))) {
      if (schema.type === 'integer') {
        expect(schema.minimum, where).toBeTypeOf('number');
        expect(schema.maximum, where).toBeTypeOf('number');
        // A column's range, not JavaScript's: ±2^53 means nobody stated one.
        expect(Math.abs(schema.maximum as number), where).toBeLessThan(Number.MAX_SAFE_INTEGER);
        expect(Math.abs(schema.minimum as number), where).toBeLessThan(Number.MAX_SAFE_INTEGER);
      }
      if (schema.type === 'string' && !String(schema.description ?? '').startsWith('Ignored')) {
        const bounded =
          schema.maxLength !== undefined ||
          schema.enum !== undefined ||
          schema.format === 'uuid' ||
          schema.pattern !== undefined;
        expect(bounded, `${where}: ${JSON.stringify(schema)}`).toBe(true);
      }
    }
  });

  it('states the e-mail format of every e-mail field, zod pipes and refinements included', () => {
    const body = (path: string, method: string) =>
      document.paths[path]![method]!.requestBody!.content['application/json']!.schema;
    expect(body('/api/v1/auth/login', 'post').properties!.email).toMatchObject({
      type: 'string',
      format: 'email',
      maxLength: 254,
    });
    expect(body('/api/v1/users', 'post').properties!.email).toMatchObject({
      type: 'string',
      format: 'email',
      minLength: 1,
      maxLength: 254,
    });
    expect(body('/api/v1/users/{id}', 'put').properties!.email).toMatchObject({ format: 'email' });
    for (const method of ['post', 'put']) {
      const path = method === 'post' ? '/api/v1/clients' : '/api/v1/clients/{id}';
      expect(body(path, method).properties!.contactEmail!.anyOf, method).toEqual([
        { type: 'string', enum: [''] },
        { type: 'string', format: 'email' },
      ]);
    }
  });

  it('keeps zod lengths, patterns and ranges', () => {
    const create =
      document.paths['/api/v1/certificates']!.post!.requestBody!.content['application/json']!.schema
        .properties!;
    expect(create.serialNumber).toMatchObject({
      minLength: 1,
      maxLength: 128,
      pattern: '^[A-Za-z0-9\\-_.:/]+$',
    });
    expect(create.studioCount).toMatchObject({ type: 'integer', minimum: 1 });
    expect(create.notes).toMatchObject({ maxLength: 2000 });
    const list = document.paths['/api/v1/certificates']!.get!.parameters!;
    expect(list.find((p) => p.name === 'limit')!.schema).toMatchObject({ minimum: 1, maximum: 100 });
    expect(list.find((p) => p.name === 'search')!.schema).toMatchObject({ maxLength: 200 });
  });

  it('states validTo > validFrom, which JSON Schema cannot express, in the operations that take them', () => {
    for (const [path, method] of [
      ['/api/v1/certificates', 'post'],
      ['/api/v1/certificates/{id}', 'put'],
    ] as const) {
      expect(document.paths[path]![method]!.description, `${method} ${path}`).toMatch(
        /`validTo` must be later than `validFrom`.*JSON Schema cannot express/,
      );
    }
  });
});

describe('unknown query parameters', () => {
  it('are refused with 400 naming them, as the document says', async () => {
    expect(document.info.description).toMatch(/Unknown query parameters are refused/);
    const viewer = await callerAs(ctx, 'viewer');
    for (const url of [
      '/api/v1/certificates?stauts=active',
      '/api/v1/dashboard/stats?stauts=1',
      `/api/v1/certificates/${UUID}?stauts=1`,
    ]) {
      const response = await viewer.inject({ url });
      expect(response.statusCode, url).toBe(400);
      expect(errorBodySchema.parse(response.json()), url).toEqual({
        message: unknownQueryParameterMessage('stauts'),
        code: 'VALIDATION_FAILED',
        errors: { stauts: unknownQueryParameterMessage('stauts') },
      });
    }
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login?next=/',
      payload: { email: 'a@b.co', password: 'x' },
    });
    expect(login.statusCode).toBe(400);
    expect(errorBodySchema.parse(login.json()).errors).toEqual({
      next: unknownQueryParameterMessage('next'),
    });
  });

  it('are not the parameters an operation lists, nor the paging an export accepts and ignores', async () => {
    const viewer = await callerAs(ctx, 'viewer');
    for (const url of [
      '/api/v1/certificates?page=1&limit=10&search=x&status=active',
      '/api/v1/clients/export?page=2&limit=1&status=active',
    ]) {
      expect((await viewer.inject({ url })).statusCode, url).toBe(200);
    }
    const exportParameters = document.paths['/api/v1/clients/export']!.get!.parameters!;
    expect(exportParameters.find((p) => p.name === 'page')).toMatchObject({
      description: expect.stringMatching(/^Ignored/),
    });
  });
});

describe('unsupported methods', () => {
  it('answer 405 with Allow and the error body on known paths', async () => {
    const cases: [method: 'DELETE' | 'PUT' | 'POST' | 'PATCH' | 'GET', url: string, allow: string][] = [
      ['DELETE', '/api/v1/certificates/validate', 'POST'],
      ['GET', '/api/v1/certificates/validate', 'POST'],
      ['PUT', '/api/v1/auth/login', 'POST'],
      ['POST', '/api/v1/users/roles', 'GET, HEAD'],
      ['PATCH', `/api/v1/certificates/${UUID}`, 'DELETE, GET, HEAD, PUT'],
      ['DELETE', '/api/v1/certificates', 'GET, HEAD, POST'],
      ['POST', '/healthz', 'GET, HEAD'],
    ];
    for (const [method, url, allow] of cases) {
      const response = await ctx.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(405);
      expect(response.headers.allow, `${method} ${url}`).toBe(allow);
      expect(response.headers['x-content-type-options'], `${method} ${url}`).toBe('nosniff');
      expect(errorBodySchema.parse(response.json())).toEqual({
        message: MESSAGES.methodNotAllowed,
        code: 'METHOD_NOT_ALLOWED',
      });
    }
    expect(document.info.description).toMatch(/405 `METHOD_NOT_ALLOWED` with an `Allow` header/);
  });

  it('leave unknown paths a 404 and supported methods untouched', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/nothing'],
      ['DELETE', '/api/v1/certificates/validate/x'],
      ['POST', '/api/v1'],
    ] as const) {
      const response = await ctx.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(errorBodySchema.parse(response.json()).code).toBe('NOT_FOUND');
    }
    // Anonymous: the route's own answer (401), not 405.
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/v1/certificates/${UUID}` })).statusCode).toBe(
      401,
    );
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/certificates/export' })).statusCode).toBe(
      401,
    );
    expect((await ctx.app.inject({ method: 'HEAD', url: '/healthz' })).statusCode).toBe(200);
  });
});

describe('the test-mode response check', () => {
  it('found no answer of this file contradicting the document', () => {
    expect(ctx.app.responseContractViolations).toEqual([]);
  });

  /** A small app with the same plugins as the real one, and routes that break their own declarations. */
  async function appWithLyingRoutes() {
    // Without the zod type provider: these routes break their declarations on purpose.
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errorsPlugin);
    await app.register(responseValidationPlugin, { enabled: true });
    await app.register(apiContractPlugin, { apiPrefix: API_PREFIX });
    // Typed loosely, so a route may answer what it does not declare.
    const okOnly: FastifySchema = { response: { 200: z.object({ ok: z.boolean() }) } };
    app.get('/api/v1/teapot', { schema: okOnly }, async (_request, reply) =>
      reply.code(418).send({ ok: true }),
    );
    app.get('/api/v1/text', { schema: okOnly }, async (_request, reply) =>
      reply.type('text/plain').send('ok'),
    );
    app.get(
      '/api/v1/csv',
      { schema: { response: { 200: { content: { 'text/csv': { schema: z.string() } } } } } },
      async (_request, reply) => reply.type('text/csv').send('a,b\n'),
    );
    app.get(
      '/api/v1/bad-error',
      {
        schema: { response: { 200: z.object({ ok: z.boolean() }), 409: z.object({ message: z.string() }) } },
      },
      async (_request, reply) => reply.code(409).send({ message: 'no code' }),
    );
    app.get('/api/v1/fine', { schema: okOnly }, async () => ({ ok: true }));
    await app.ready();
    return app;
  }

  it('turns an answer that contradicts the document into a 500 and records it', async () => {
    const app = await appWithLyingRoutes();
    try {
      expect((await app.inject('/api/v1/fine')).statusCode).toBe(200);
      expect((await app.inject('/api/v1/csv')).statusCode).toBe(200);
      expect(app.responseContractViolations).toEqual([]);
      for (const url of ['/api/v1/teapot', '/api/v1/text', '/api/v1/bad-error']) {
        const response = await app.inject(url);
        expect(response.statusCode, url).toBe(500);
        expect(errorBodySchema.parse(response.json()).code).toBe('INTERNAL');
      }
      expect(app.responseContractViolations).toEqual([
        expect.stringMatching(/^GET \/api\/v1\/teapot: status 418 is not documented/),
        expect.stringMatching(
          /^GET \/api\/v1\/text: status 200 answered text\/plain, documented application\/json/,
        ),
        expect.stringMatching(
          /^GET \/api\/v1\/bad-error: status 409 answered a body that is not the error body/,
        ),
      ]);
    } finally {
      await app.close();
    }
  });
});
