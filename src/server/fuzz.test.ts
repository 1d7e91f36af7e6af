// Property-based robustness: every API route gets generated bad input (wrong types, huge and unicode
// strings, negative and huge numbers, missing and extra fields, bad UUIDs, malformed JSON, wrong content
// types). Every answer is a 4xx with the contract's error body (never a 5xx, never a stack trace, SQL or
// path), and nothing is written. A second property sends hostile values (NUL and other control characters,
// lone surrogates, integers at and past every column's range, dates at and past the representable range, very
// long strings) inside otherwise well-formed requests, which reach the database when the contract lets them:
// never a 5xx, and a CSV export is a complete file or a clean 4xx. Replay a failure with FUZZ_SEED=<the printed seed>.
import { randomUUID } from 'node:crypto';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import type { ZodType } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGER_MAX, INTEGER_MIN, MAX_EPOCH_MS, SMALLINT_MAX, SMALLINT_MIN } from '../contract/common';
import { MAX_SEAT_COUNT } from '../contract/constants';
import { errorBodySchema } from '../contract/errors';
import type { ApiRoute } from './app';
import { queryRows } from './db/rows';
import * as schema from './db/schema';
import { createTestApp, type TestContext } from '../../tests/support/test-app';
import { callerAs } from '../../tests/support/callers';
import {
  certificateBody,
  createCertificate,
  insertClient,
  stepRequest,
} from '../../tests/support/certificates';

// A new seed on every local run explores more; CI uses a fixed one so a landing is never decided by luck.
const SEED = Number(process.env.FUZZ_SEED ?? (process.env.CI ? 20_261_122 : Date.now() % 2 ** 31));
const RUNS_PER_ROUTE = 30;
const MALFORMED_RUNS_PER_ROUTE = 12;
const HOSTILE_RUNS_PER_ROUTE = 12;
// Every table of the schema, so a new one is watched without anyone remembering to add it.
const TABLES = Object.values(schema as Record<string, unknown>)
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableName(table));

let ctx: TestContext;
// The fuzzer builds its requests whole (headers, content types, raw bodies), so it keeps the owner's header alone.
let headers: { authorization: string };
const realIds: Record<string, string> = {};

beforeAll(async () => {
  console.log(`fuzz seed ${SEED} (replay with FUZZ_SEED=${SEED})`);
  ctx = await createTestApp({ env: { VALIDATE_RATE_LIMIT: '0' } });
  const owner = await callerAs(ctx, 'owner');
  headers = owner.headers;
  const client = await insertClient(ctx.database.db);
  const pending = await createCertificate(owner, certificateBody(client.id, Date.now() - 1000));
  const active = await createCertificate(owner, certificateBody(client.id, Date.now() - 1000));
  await stepRequest(owner, active.uuid, 'activate');
  Object.assign(realIds, {
    users: owner.user.id,
    clients: client.id,
    certificates: pending.uuid,
    activeCertificate: active.uuid,
  });
});
afterAll(() => ctx.close());

async function rowCounts(): Promise<Record<string, number>> {
  const selects = TABLES.map((table) => `(select count(*)::int from ${table}) as ${table}`).join(', ');
  const [row] = await queryRows<Record<string, number>>(ctx.database.db, sql.raw(`select ${selects}`));
  return row!;
}

const keysOf = (schema: ZodType | undefined): string[] =>
  schema && 'shape' in schema && typeof schema.shape === 'object' && schema.shape
    ? Object.keys(schema.shape)
    : [];
const isValid = (schema: ZodType | undefined, value: unknown) => !schema || schema.safeParse(value).success;

/** Values of every shape a careless or hostile client sends. */
const badValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', minLength: 3000, maxLength: 20_000 }),
  fc.integer({ min: -(2 ** 31), max: 2 ** 31 }),
  fc.constantFrom(-1, 0, 1e308, -1e308, 2 ** 53 + 2, 0.5, Number.MAX_SAFE_INTEGER),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.uuid(),
  fc.constantFrom(
    '',
    ' ',
    'not-a-uuid',
    '../../etc/passwd',
    "'; drop table users; --",
    '<script>alert(1)</script>',
    '=cmd|/c calc',
    '\u0000',
    '😀'.repeat(300),
  ),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
);
const badQueryValue = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.integer().map(String),
  fc.constantFrom(
    '-1',
    '0',
    '1e9',
    '999999999999',
    'abc',
    '',
    '1.5',
    'active',
    'ACTIVE',
    'all',
    '%',
    '_',
    '\\',
    'x'.repeat(500),
    // Over every free-text parameter's limit (single sign-on's `next` and the provider's callback parameters
    // accept any shorter text).
    'x'.repeat(5000),
  ),
);

function bodyArb(schema: ZodType | undefined): fc.Arbitrary<unknown> {
  const keys = keysOf(schema);
  const shaped = keys.length
    ? [fc.record(Object.fromEntries(keys.map((k) => [k, badValue])), { requiredKeys: [] })]
    : [];
  // Extra fields beside known ones, whole-body wrong types, and nothing at all.
  return fc.oneof(
    ...shaped,
    fc.dictionary(fc.string({ maxLength: 12 }), badValue, { maxKeys: 4 }),
    badValue,
    fc.constant(undefined),
  );
}

function queryArb(schema: ZodType | undefined): fc.Arbitrary<Record<string, string>> {
  const keys = keysOf(schema);
  return fc
    .record(Object.fromEntries([...keys, 'extra'].map((k) => [k, badQueryValue])), { requiredKeys: [] })
    .map((query) =>
      Object.fromEntries(
        Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined),
      ),
    );
}

function idFor(url: string): string {
  if (url.includes('/users/')) return realIds.users!;
  if (url.includes('/clients/')) return realIds.clients!;
  return url.includes('/download') || url.includes('/revoke') || url.includes('/generate')
    ? realIds.activeCertificate!
    : realIds.certificates!;
}

type IdChoice = { kind: 'real' | 'unknown' | 'bad'; value: string };
const idArb = (url: string): fc.Arbitrary<IdChoice> =>
  fc.oneof(
    fc.constant<IdChoice>({ kind: 'real', value: idFor(url) }),
    fc.uuid({ version: 4 }).map<IdChoice>((value) => ({ kind: 'unknown', value })),
    fc
      .constantFrom('1', 'abc', '00000000-0000-0000-0000-00000000000g', '%00', '...', 'null')
      .map<IdChoice>((value) => ({ kind: 'bad', value })),
  );

function expectCleanRefusal(response: { statusCode: number; body: string }, what: string) {
  expect(
    response.statusCode,
    `${what} → ${response.statusCode} ${response.body.slice(0, 300)}`,
  ).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, `${what} → ${response.body.slice(0, 300)}`).toBeLessThan(500);
  const body = errorBodySchema.safeParse(JSON.parse(response.body));
  expect(body.success, `${what}: not the contract's error body: ${response.body.slice(0, 300)}`).toBe(true);
  expect(response.body).not.toMatch(
    /node_modules|\/src\/|\bat [\w.]+ \(|SELECT |INSERT |UPDATE .* SET|syntax error/i,
  );
}

describe(`fuzzing every route (seed ${SEED})`, () => {
  it('covers the whole route table', () => {
    expect(ctx.app.apiRoutes.length).toBeGreaterThan(30);
  });

  it('answers generated bad input with a clean 4xx and writes nothing', async () => {
    const before = await rowCounts();
    // A route with no id, body or query to get wrong (e.g. GET /dashboard/stats) has nothing to fuzz.
    const fuzzable = (ctx.app.apiRoutes as ApiRoute[]).filter(
      (route) => route.url.includes(':id') || route.schema.body || route.schema.querystring,
    );
    expect(fuzzable.length).toBeGreaterThan(25);
    for (const route of fuzzable) {
      const hasId = route.url.includes(':id');
      // A DELETE carries a body only when it declares one (DELETE /auth/mfa takes the password).
      const hasBody = route.method !== 'GET' && (route.method !== 'DELETE' || Boolean(route.schema.body));
      await fc.assert(
        fc.asyncProperty(
          idArb(route.url),
          bodyArb(route.schema.body),
          queryArb(route.schema.querystring),
          fc.boolean(),
          async (id, body, query, authenticated) => {
            const queryValid = isValid(route.schema.querystring, query);
            const bodyValid = !hasBody || isValid(route.schema.body, body);
            const idValid = !hasId || id.kind !== 'bad';
            // Only inputs the contract refuses, or that name nothing: a valid request would rightly write.
            fc.pre(!(queryValid && bodyValid && idValid) || (hasId && id.kind === 'unknown'));
            const url = route.url.replace(':id', encodeURIComponent(id.value));
            const response = await ctx.app.inject({
              method: route.method as 'GET',
              url,
              query,
              // Anonymous calls too: refused with 401 (or validated first where the route is public).
              headers: authenticated ? headers : {},
              ...(hasBody && body !== undefined
                ? {
                    payload: JSON.stringify(body),
                    headers: { ...(authenticated ? headers : {}), 'content-type': 'application/json' },
                  }
                : {}),
            });
            expectCleanRefusal(response, `${route.method} ${url}`);
          },
        ),
        { seed: SEED, numRuns: RUNS_PER_ROUTE, maxSkipsPerRun: 1000 },
      );
    }
    expect(await rowCounts()).toEqual(before);
  }, 240_000);

  it('answers routes with nothing to get wrong anonymously with a clean 401, or as the public route it is', async () => {
    const plain = (ctx.app.apiRoutes as ApiRoute[]).filter(
      (route) => !route.url.includes(':id') && !route.schema.body && !route.schema.querystring,
    );
    expect(plain.length).toBeGreaterThan(0);
    for (const route of plain) {
      const response = await ctx.app.inject({
        method: route.method as 'GET',
        url: `${route.url}?unexpected=${encodeURIComponent("'; drop table users; --")}`,
      });
      if (response.statusCode < 400)
        expect(route.schema.security ?? [], `${route.method} ${route.url} answered anonymously`).toEqual([]);
      else expectCleanRefusal(response, `${route.method} ${route.url} (anonymous)`);
    }
  });

  it('answers malformed JSON and wrong content types with a clean 4xx and writes nothing', async () => {
    const before = await rowCounts();
    const writes = (ctx.app.apiRoutes as ApiRoute[]).filter((route) => route.method !== 'GET');
    // A fixed number of runs on every write route.
    for (const route of writes)
      await fc.assert(
        fc.asyncProperty(
          fc.constant(route),
          fc.oneof(
            fc.constantFrom(
              '{',
              '{"a":',
              '[1,2',
              'nul',
              '{"a":1}}',
              '\u0000',
              '{"__proto__":{"x":1}}',
              '{"constructor":{"prototype":{"x":1}}}',
            ),
            // Blank text is no body at all by the server's rule (app.ts), which a bodiless route accepts.
            fc.string({ minLength: 1, maxLength: 50 }).filter((s) => {
              if (s.trim() === '') return false;
              try {
                JSON.parse(s);
                return false;
              } catch {
                return true;
              }
            }),
          ),
          fc.constantFrom(
            'application/json',
            'text/plain',
            'application/xml',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
          ),
          async (route, payload, contentType) => {
            const url = route.url.replace(':id', randomUUID());
            const response = await ctx.app.inject({
              method: route.method as 'POST',
              url,
              payload,
              headers: { ...headers, 'content-type': contentType },
            });
            expectCleanRefusal(response, `${route.method} ${url} (${contentType}: ${payload.slice(0, 20)})`);
          },
        ),
        { seed: SEED, numRuns: MALFORMED_RUNS_PER_ROUTE },
      );
    expect(await rowCounts()).toEqual(before);
  }, 120_000);
});

// Values that pass a careless type check and then break something further down: PostgreSQL (NUL, lone surrogates,
// integer overflow, years past 9999), a terminal or a spreadsheet (controls), memory and time (length).
const hostileText = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udfffy',
    '\udc00\ud800',
    '\u001b[2K\u001b[1AVALID',
    '\u0007\u0008\u007f',
    '\u0085\u009b',
    '\t',
    '\r\n',
    '\u2028\u202e',
  ),
  fc
    .tuple(fc.string({ maxLength: 10 }), fc.integer({ min: 0, max: 0x9f }), fc.string({ maxLength: 10 }))
    .map(([a, code, b]) => `${a}${String.fromCharCode(code)}${b}`),
  fc
    .tuple(fc.string({ maxLength: 10 }), fc.integer({ min: 0xd800, max: 0xdfff }))
    .map(([a, code]) => `${a}${String.fromCharCode(code)}`),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.integer({ min: 199, max: 201 }).map((n) => 'n'.repeat(n)),
  fc.constantFrom(2000, 2001, 10_000, 200_000).map((n) => 'é'.repeat(n)),
);
/** Integers at and just past the range of every integer column (smallint, integer), of the seat counts and of JavaScript. */
const EDGE_INTEGERS = [
  SMALLINT_MIN - 1,
  SMALLINT_MIN,
  SMALLINT_MAX,
  SMALLINT_MAX + 1,
  INTEGER_MIN - 1,
  INTEGER_MIN,
  INTEGER_MAX,
  INTEGER_MAX + 1,
  0,
  1,
  MAX_SEAT_COUNT,
  MAX_SEAT_COUNT + 1,
  2 ** 53,
  -(2 ** 53),
];
/** Epoch ms at and past the representable range (1970..9999 here, ±8.64e15 for JavaScript, year 0 for PostgreSQL's AD notation). */
const EDGE_DATES = [
  0,
  -1,
  MAX_EPOCH_MS,
  MAX_EPOCH_MS + 1,
  253_402_300_800_000,
  8.64e15,
  8.64e15 + 1,
  -8.64e15,
  -62_167_219_200_000,
  -62_167_219_200_001,
];
const hostileNumber = fc.oneof(fc.constantFrom(...EDGE_INTEGERS), fc.constantFrom(...EDGE_DATES));
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(hostileText, hostileNumber);

/** A well-formed value for each body field the API knows, so a request is refused (if at all) for its hostile field. */
function plausible(key: string, now: number): unknown {
  const unique = randomUUID().slice(0, 8);
  const values: Record<string, unknown> = {
    name: `Fuzz ${unique}`,
    email: `fuzz-${unique}@example.test`,
    password: 'fuzz-password-1',
    currentPassword: 'fuzz-password-1',
    newPassword: 'fuzz-password-2',
    roleId: 4,
    isActive: true,
    clientUuids: [],
    userUuids: [],
    clientId: realIds.clients,
    serialNumber: `FUZZ-${unique}`,
    studioCount: 1,
    userCount: 1,
    validFrom: now,
    validTo: now + 365 * 24 * 3600 * 1000,
    notes: 'plain notes',
    reason: 'plain reason',
    description: 'plain description',
    contactEmail: '',
    contactPhone: '+1 555 0100',
    address: 'Main Street 1',
    license: {},
    // Bulk calls: one real id, so a hostile reason reaches the revoke.
    action: 'revoke',
    ids: [realIds.activeCertificate],
    token: 'not-a-token',
    refreshToken: 'not-a-token',
  };
  return values[key] ?? 'plain';
}
/** A well-formed value for each query parameter. */
const PLAUSIBLE_QUERY: Record<string, string> = {
  page: '1',
  limit: '10',
  search: 'fuzz',
  days: '30',
  status: 'active',
  type: 'certificate',
};
const queryEdge = fc.oneof(
  hostileText,
  fc.constantFrom(...EDGE_INTEGERS, ...EDGE_DATES).map(String),
  fc.constantFrom('%00', '1e400', '-0', '0x10', ' 1', '1 '),
);

/** A hostile value of the type the field expects (a string where text belongs), so the hostility, not the type, is tested. */
const hostileFor = (key: string, now: number): fc.Arbitrary<unknown> => {
  const value = plausible(key, now);
  return typeof value === 'string' ? hostileText : typeof value === 'number' ? hostileNumber : hostileValue;
};
/** Each field usually plausible, now and then hostile, and one chosen field always hostile. */
const mostlyPlausible = fc.array(fc.integer({ min: 0, max: 4 }).map((n) => n === 0));

function hostileBodyArb(
  schema: ZodType | undefined,
  now: number,
): fc.Arbitrary<Record<string, unknown> | undefined> {
  const keys = keysOf(schema);
  if (keys.length === 0) return fc.constant(undefined);
  return fc
    .tuple(fc.nat(keys.length - 1), mostlyPlausible, fc.tuple(...keys.map((key) => hostileFor(key, now))))
    .map(([forced, also, values]) =>
      Object.fromEntries(
        keys.map((key, i) => [key, i === forced || also[i] ? values[i] : plausible(key, now)]),
      ),
    );
}

function hostileQueryArb(schema: ZodType | undefined): fc.Arbitrary<Record<string, string>> {
  const keys = keysOf(schema);
  if (keys.length === 0) return fc.constant({});
  return fc
    .tuple(
      fc.nat(keys.length - 1),
      mostlyPlausible,
      fc.array(queryEdge, { minLength: keys.length, maxLength: keys.length }),
    )
    .map(([forced, also, values]) =>
      Object.fromEntries(
        keys.flatMap((key, i) =>
          i === forced || also[i]
            ? [[key, values[i]!]]
            : key in PLAUSIBLE_QUERY
              ? [[key, PLAUSIBLE_QUERY[key]!]]
              : [],
        ),
      ),
    );
}

/** Values every field meets for sure (fast-check examples), before the random runs: text and numbers alike. */
const CRITICAL_TEXT = ['a\u0000b', '\ud800', 'a\u001b[31mb', 'a\u009bb'];
const CRITICAL_NUMBERS = [
  SMALLINT_MAX + 1,
  SMALLINT_MIN - 1,
  INTEGER_MAX + 1,
  MAX_EPOCH_MS,
  MAX_EPOCH_MS + 1,
  -62_167_219_200_001,
];

function criticalExamples(
  route: ApiRoute,
  hasBody: boolean,
  now: number,
): [Record<string, unknown> | undefined, Record<string, string>][] {
  const bodyKeys = hasBody ? keysOf(route.schema.body) : [];
  const queryKeys = keysOf(route.schema.querystring);
  const baseBody = bodyKeys.length
    ? Object.fromEntries(bodyKeys.map((key) => [key, plausible(key, now)]))
    : undefined;
  const baseQuery = Object.fromEntries(
    queryKeys.filter((key) => key in PLAUSIBLE_QUERY).map((key) => [key, PLAUSIBLE_QUERY[key]!]),
  );
  const examples: [Record<string, unknown> | undefined, Record<string, string>][] = [];
  for (const key of bodyKeys) {
    const values = typeof plausible(key, now) === 'number' ? CRITICAL_NUMBERS : CRITICAL_TEXT;
    for (const value of values) examples.push([{ ...baseBody, [key]: value }, baseQuery]);
  }
  for (const key of queryKeys) {
    for (const value of [...CRITICAL_TEXT, ...CRITICAL_NUMBERS.map(String)])
      examples.push([baseBody, { ...baseQuery, [key]: value }]);
  }
  return examples;
}

/** A query string by hand: a lone surrogate cannot be percent-encoded, so it (and only it) is sent as its UTF-8 look-alike. */
const queryString = (query: Record<string, string>) =>
  Object.entries(query)
    .map(
      ([key, value]) =>
        `${key}=${value
          .replace(/[\ud800-\udfff]/g, '\ufffd')
          .replace(/[^A-Za-z0-9\-_.~]/g, (c) => encodeURIComponent(c))
          .replaceAll('%EF%BF%BD', '%ED%A0%80')}`,
    )
    .join('&');

describe(`hostile values in well-formed requests (seed ${SEED})`, () => {
  it('never answer a 5xx: a clean 4xx where refused, and nothing written when the contract refuses; an export is a whole file or a clean 4xx', async () => {
    const now = Date.now();
    for (const route of ctx.app.apiRoutes as ApiRoute[]) {
      const hasBody = route.method !== 'GET' && (route.method !== 'DELETE' || Boolean(route.schema.body));
      const isExport = route.url.endsWith('/export');
      const examples = criticalExamples(route, hasBody, now);
      await fc.assert(
        fc.asyncProperty(
          hostileBodyArb(hasBody ? route.schema.body : undefined, now),
          hostileQueryArb(route.schema.querystring),
          async (body, query) => {
            const refused =
              !isValid(route.schema.querystring, query) ||
              (hasBody && route.schema.body !== undefined && !isValid(route.schema.body, body));
            const before = refused ? await rowCounts() : undefined;
            const qs = queryString(query);
            // A delete aims at the active certificate (refused), so the pending one stays for the routes after it.
            const id =
              route.method === 'DELETE' && route.url.includes('/certificates/')
                ? realIds.activeCertificate!
                : idFor(route.url);
            const url = `${route.url.replace(':id', id)}${qs ? `?${qs}` : ''}`;
            const response = await ctx.app.inject({
              method: route.method as 'GET',
              url,
              headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
              ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
            });
            const what = `${route.method} ${url.slice(0, 200)} ${JSON.stringify(body)?.slice(0, 200)}`;
            expect(response.statusCode, `${what} → ${response.body.slice(0, 300)}`).toBeLessThan(500);
            if (response.statusCode >= 400) expectCleanRefusal(response, what);
            else if (isExport) {
              expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
              // A complete file: the header line, then whole CRLF-terminated lines to the end.
              expect(response.body.endsWith('\r\n'), `${what}: the file ends with a whole line`).toBe(true);
            } else if (response.headers['content-type'] === 'application/zip') {
              // The licences' zip (POST /certificates/download): a whole archive, its end record last.
              expect(response.rawPayload.subarray(0, 2).toString('latin1'), what).toBe('PK');
              expect(response.rawPayload.includes(Buffer.from([0x50, 0x4b, 0x05, 0x06])), what).toBe(true);
            } else if (response.statusCode >= 300 && response.statusCode < 400) {
              // A browser navigation (single sign-on): it never leaves the site, whatever `next` said.
              expect(response.headers.location, what).toMatch(/^\/(?![/\\])/);
            } else if (response.statusCode !== 204) {
              expect(() => JSON.parse(response.body) as unknown, what).not.toThrow();
            }
            if (before)
              expect(await rowCounts(), `${what} was refused by the contract but wrote`).toEqual(before);
          },
        ),
        // fast-check counts the examples among the runs: the random runs come on top of them.
        { seed: SEED, numRuns: examples.length + HOSTILE_RUNS_PER_ROUTE, examples },
      );
    }
  }, 240_000);
});
