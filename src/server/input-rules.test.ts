// The input rules of src/contract/common.ts reach every field that is stored or searched: control characters, lone
// surrogates, integers past their column's range and dates past the representable range are a 400 with a field
// error and the contract's body, never a 500 (which PostgreSQL would otherwise answer: NUL is "invalid byte
// sequence", a smallint overflows, a year past 9999 has no ISO form), and nothing is written.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CERTIFICATE_DATE_RANGE_MESSAGES,
  MAX_EPOCH_MS,
  ROLE_IDS,
  certificateResponseSchema,
  errorBodySchema,
  userResponseSchema,
} from '../contract';
import {
  controlCharactersMessage,
  invalidCharactersMessage,
  invisibleCharactersMessage,
  multiLineControlCharactersMessage,
} from '../contract/common';
import { queryRows } from './db/rows';
import { createTestApp, TEST_PASSWORD, type TestContext } from '../../tests/support/test-app';
import { anonymous, callerAs, type Method, type SignedInCaller } from '../../tests/support/callers';
import {
  certificateBody,
  createCertificate,
  insertClient,
  stepRequest,
} from '../../tests/support/certificates';

let ctx: TestContext;
let owner: SignedInCaller;
let clientId: string;
let pendingId: string;
let activeId: string;
let userId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await callerAs(ctx, 'owner');
  clientId = (await insertClient(ctx.database.db)).id;
  pendingId = (await createCertificate(owner, certificateBody(clientId, Date.now() - 1000))).uuid;
  activeId = (await createCertificate(owner, certificateBody(clientId, Date.now() - 1000))).uuid;
  expect((await stepRequest(owner, activeId, 'activate')).statusCode).toBe(200);
  const created = await owner.post('/users', {
    name: 'Plain',
    email: 'plain-input@example.test',
    password: TEST_PASSWORD,
    roleId: ROLE_IDS.viewer,
  });
  userId = userResponseSchema.parse(created.json()).data.uuid;
});
afterAll(() => ctx.close());

async function rowCounts() {
  const [row] = await queryRows<Record<string, number>>(
    ctx.database.db,
    sql`select (select count(*)::int from users) as users, (select count(*)::int from clients) as clients,
               (select count(*)::int from certificates) as certificates, (select count(*)::int from activities) as activities,
               (select count(*)::int from certificate_records) as records`,
  );
  return row!;
}

async function expectFieldError(
  method: Method,
  url: string,
  payload: object,
  field: string,
  message: string,
) {
  const response = await owner.request(method, url, payload);
  expect(response.statusCode, `${method} ${url} ${JSON.stringify(payload)}: ${response.body}`).toBe(400);
  const body = errorBodySchema.parse(response.json());
  expect(body.code).toBe('VALIDATION_FAILED');
  expect(body.errors?.[field], `${method} ${url} ${JSON.stringify(payload)}: ${response.body}`).toBe(message);
}

const NUL = '\u0000';
const ESC = '\u001b';
const SINGLE_LINE_BAD = [NUL, ESC, '\u0007', '\u007f', '\u009b', '\t', '\n', '\r'];
const MULTI_LINE_BAD = [NUL, ESC, '\u0007', '\u007f', '\u009b', '\u000b'];
const LONE_SURROGATES = ['\ud800', '\udfff', 'a\udc00b'];
/** The bidirectional controls and zero-width characters, each end of every range. */
const INVISIBLE = [
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200b',
  '\u200c',
  '\u200d',
  '\ufeff',
];

describe('text fields', () => {
  interface TextField {
    method: Method;
    url: () => string;
    body: (value: string) => object;
    field: string;
    label: string;
  }
  const single: TextField[] = [
    {
      method: 'POST',
      url: () => '/users',
      body: (v) => ({ name: `A${v}B`, email: 'x@example.test', password: TEST_PASSWORD, roleId: 4 }),
      field: 'name',
      label: 'Name',
    },
    {
      method: 'PUT',
      url: () => `/users/${userId}`,
      body: (v) => ({ name: `A${v}B` }),
      field: 'name',
      label: 'Name',
    },
    {
      method: 'POST',
      url: () => '/clients',
      body: (v) => ({ name: `A${v}B` }),
      field: 'name',
      label: 'Company name',
    },
    {
      method: 'PUT',
      url: () => `/clients/${clientId}`,
      body: (v) => ({ name: `A${v}B` }),
      field: 'name',
      label: 'Company name',
    },
    {
      method: 'POST',
      url: () => '/clients',
      body: (v) => ({ name: 'Phone Co', contactPhone: `1${v}2` }),
      field: 'contactPhone',
      label: 'Contact phone',
    },
    {
      method: 'PUT',
      url: () => `/clients/${clientId}`,
      body: (v) => ({ contactPhone: `1${v}2` }),
      field: 'contactPhone',
      label: 'Contact phone',
    },
    {
      method: 'POST',
      url: () => '/certificates/validate',
      body: (v) => ({ license: {}, serialNumber: `SN${v}1` }),
      field: 'serialNumber',
      label: 'Serial number',
    },
  ];
  const multi: TextField[] = [
    {
      method: 'POST',
      url: () => '/clients',
      body: (v) => ({ name: 'Desc Co', description: `a${v}b` }),
      field: 'description',
      label: 'Description',
    },
    {
      method: 'PUT',
      url: () => `/clients/${clientId}`,
      body: (v) => ({ description: `a${v}b` }),
      field: 'description',
      label: 'Description',
    },
    {
      method: 'PUT',
      url: () => `/clients/${clientId}`,
      body: (v) => ({ address: `a${v}b` }),
      field: 'address',
      label: 'Address',
    },
    {
      method: 'POST',
      url: () => '/certificates',
      body: (v) => certificateBody(clientId, Date.now(), { notes: `a${v}b` }),
      field: 'notes',
      label: 'Notes',
    },
    {
      method: 'PUT',
      url: () => `/certificates/${pendingId}`,
      body: (v) => ({ notes: `a${v}b` }),
      field: 'notes',
      label: 'Notes',
    },
    {
      method: 'POST',
      url: () => `/certificates/${activeId}/revoke`,
      body: (v) => ({ reason: `a${v}b` }),
      field: 'reason',
      label: 'Reason',
    },
  ];

  /** Each field refuses each control character with `controlMessage` and each lone surrogate, writing nothing. */
  async function expectEveryFieldRefuses(
    fields: TextField[],
    controls: string[],
    controlMessage: (label: string) => string,
  ) {
    const before = await rowCounts();
    for (const row of fields) {
      const refuses = (bad: string, message: string) =>
        expectFieldError(row.method, row.url(), row.body(bad), row.field, message);
      for (const bad of controls) await refuses(bad, controlMessage(row.label));
      for (const bad of LONE_SURROGATES) await refuses(bad, invalidCharactersMessage(row.label));
    }
    expect(await rowCounts()).toEqual(before);
  }

  it('single-line fields refuse every control character (C0 with tab and line breaks, DEL, C1) and lone surrogates', async () => {
    await expectEveryFieldRefuses(single, SINGLE_LINE_BAD, controlCharactersMessage);
  });

  it('single-line fields refuse bidirectional controls and zero-width characters, naming the field', async () => {
    // Every single-line field of the rule, and the API token's name, which shares it.
    const fields: TextField[] = [
      ...single,
      {
        method: 'POST',
        url: () => '/api-tokens',
        body: (v) => ({ name: `CRM${v}sync`, role: 'viewer' }),
        field: 'name',
        label: 'Name',
      },
    ];
    const before = await rowCounts();
    for (const row of fields)
      for (const bad of INVISIBLE)
        await expectFieldError(
          row.method,
          row.url(),
          row.body(bad),
          row.field,
          invisibleCharactersMessage(row.label),
        );
    // A control character beside an invisible one is named as the control character it is.
    await expectFieldError(
      'POST',
      '/clients',
      { name: 'A\u202e\u001bB' },
      'name',
      controlCharactersMessage('Company name'),
    );
    expect(await rowCounts()).toEqual(before);
  });

  it('a name with a right-to-left override is a 400 naming the field for users, clients and certificates', async () => {
    const before = await rowCounts();
    const spoof = 'Acme\u202Etxt.exe';
    await expectFieldError(
      'POST',
      '/users',
      { name: spoof, email: 'rlo@example.test', password: TEST_PASSWORD, roleId: ROLE_IDS.viewer },
      'name',
      'Name must not contain invisible or text-direction characters (such as zero-width spaces or right-to-left overrides)',
    );
    await expectFieldError(
      'PUT',
      `/users/${userId}`,
      { name: spoof },
      'name',
      invisibleCharactersMessage('Name'),
    );
    await expectFieldError(
      'POST',
      '/clients',
      { name: spoof },
      'name',
      invisibleCharactersMessage('Company name'),
    );
    await expectFieldError(
      'PUT',
      `/clients/${clientId}`,
      { name: spoof },
      'name',
      invisibleCharactersMessage('Company name'),
    );
    // A certificate's serial number takes letters, digits and a few signs only, so the override is refused too.
    const serialRule = 'Serial number may contain only letters, digits and - _ . : /';
    await expectFieldError(
      'POST',
      '/certificates',
      certificateBody(clientId, Date.now(), { serialNumber: 'SN\u202E01' }),
      'serialNumber',
      serialRule,
    );
    await expectFieldError(
      'PUT',
      `/certificates/${pendingId}`,
      { serialNumber: 'SN\u202E01' },
      'serialNumber',
      serialRule,
    );
    await expectFieldError(
      'POST',
      '/certificates/validate',
      { license: {}, serialNumber: 'SN\u202E01' },
      'serialNumber',
      invisibleCharactersMessage('Serial number'),
    );
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses a search with invisible characters on every list with a 400 naming search', async () => {
    for (const path of ['/users', '/clients', '/certificates', '/clients/export', '/certificates/export']) {
      const response = await owner.get(path, { query: { search: 'a\u202eb' } });
      expect(response.statusCode, `${path}: ${response.body}`).toBe(400);
      expect(errorBodySchema.parse(response.json()).errors?.search).toBe(
        invisibleCharactersMessage('search'),
      );
    }
  });

  it('multi-line fields allow tab and line breaks but refuse NUL, other controls and lone surrogates', async () => {
    await expectEveryFieldRefuses(multi, MULTI_LINE_BAD, multiLineControlCharactersMessage);
    const notes = 'line one\r\n\tline two\nline three';
    const saved = await owner.put(`/certificates/${pendingId}`, { notes });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(certificateResponseSchema.parse(saved.json()).data.notes).toBe(notes);
    // Well-formed text outside the Basic Multilingual Plane (a surrogate pair) is fine.
    const named = await owner.put(`/clients/${clientId}`, { description: 'Émile 😀 東京' });
    expect(named.statusCode, named.body).toBe(200);
    // Prose keeps what single-line fields refuse: an emoji joined with U+200D, right-to-left text.
    const prose = await owner.put(`/clients/${clientId}`, {
      description: 'Team 👩\u200d💻 \u202bשלום\u202c',
    });
    expect(prose.statusCode, prose.body).toBe(200);
  });

  it('refuses a search with control characters or lone surrogates on every list and export with a 400, before any byte of a file', async () => {
    for (const path of ['/users', '/clients', '/certificates', '/clients/export', '/certificates/export']) {
      for (const bad of [NUL, ESC, '\n', '\u009b']) {
        const response = await owner.get(path, { query: { search: `a${bad}` } });
        expect(response.statusCode, `${path} ${JSON.stringify(bad)}: ${response.body}`).toBe(400);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(response.headers['content-disposition']).toBeUndefined();
        const body = errorBodySchema.parse(response.json());
        expect(body.errors?.search).toBe(controlCharactersMessage('search'));
      }
      // The issue's own repro: a percent-encoded NUL in the raw URL.
      const raw = await owner.get(`${path}?search=%00`);
      expect(raw.statusCode, `${path}?search=%00: ${raw.body}`).toBe(400);
      // A lone surrogate cannot be percent-encoded; its UTF-8 look-alike (CESU-8) and invalid bytes are sent instead:
      // no 500 whatever the decoder makes of them.
      for (const encoded of ['%ED%A0%80', '%FF', '%C0%80']) {
        const odd = await owner.get(`${path}?search=${encoded}`);
        expect(odd.statusCode, `${path}?search=${encoded}: ${odd.body}`).toBeLessThan(500);
      }
    }
  });
});

describe('integers and dates', () => {
  it('refuses a roleId outside the smallint column with 400 on create and update, and states the range in the OpenAPI document', async () => {
    const before = await rowCounts();
    for (const roleId of [32_768, -32_769, 2 ** 31, 1e15]) {
      await expectFieldError(
        'POST',
        '/users',
        { name: 'R', email: 'range@example.test', password: TEST_PASSWORD, roleId },
        'roleId',
        'Role is required',
      );
      await expectFieldError('PUT', `/users/${userId}`, { roleId }, 'roleId', 'Role is required');
    }
    // At the edges of the range: a number that names no role, the same refusal from the service.
    for (const roleId of [32_767, -32_768])
      await expectFieldError('PUT', `/users/${userId}`, { roleId }, 'roleId', 'Role is required');
    expect(await rowCounts()).toEqual(before);

    const document = (await anonymous(ctx).get('/openapi.json')).json() as {
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody?: {
              content: Record<string, { schema: { properties: Record<string, Record<string, unknown>> } }>;
            };
          }
        >
      >;
    };
    const roleId =
      document.paths['/api/v1/users']!.post!.requestBody!.content['application/json']!.schema.properties
        .roleId;
    expect(roleId).toMatchObject({ type: 'integer', minimum: -32_768, maximum: 32_767 });
    const props =
      document.paths['/api/v1/certificates']!.post!.requestBody!.content['application/json']!.schema
        .properties;
    expect(props.validTo).toMatchObject({ minimum: 0, maximum: MAX_EPOCH_MS });
    expect(props.notes?.pattern).toEqual(expect.any(String));
    const clientProps =
      document.paths['/api/v1/clients']!.post!.requestBody!.content['application/json']!.schema.properties;
    expect(new RegExp(clientProps.name!.pattern as string).test(`a${ESC}b`)).toBe(false);
    // The document states the invisible characters too: one pattern, the whole rule.
    expect(new RegExp(clientProps.name!.pattern as string, 'u').test('a\u202eb')).toBe(false);
    expect(new RegExp(clientProps.name!.pattern as string, 'u').test('a\u200bb')).toBe(false);
    expect(new RegExp(clientProps.name!.pattern as string, 'u').test('Émile 東京')).toBe(true);
  });

  it('refuses validity dates outside 1970-01-01..9999-12-31 with 400 on create and update, and takes the last representable millisecond', async () => {
    const before = await rowCounts();
    const past = [MAX_EPOCH_MS + 1, 253_402_300_800_000, 8.64e15, Number.MAX_SAFE_INTEGER];
    for (const validTo of past) {
      await expectFieldError(
        'POST',
        '/certificates',
        certificateBody(clientId, Date.now(), { validTo }),
        'validTo',
        CERTIFICATE_DATE_RANGE_MESSAGES.validTo,
      );
      await expectFieldError(
        'PUT',
        `/certificates/${pendingId}`,
        { validTo },
        'validTo',
        CERTIFICATE_DATE_RANGE_MESSAGES.validTo,
      );
    }
    for (const validFrom of [-1, -62_198_755_200_000, -8.64e15]) {
      await expectFieldError(
        'POST',
        '/certificates',
        certificateBody(clientId, Date.now(), { validFrom }),
        'validFrom',
        CERTIFICATE_DATE_RANGE_MESSAGES.validFrom,
      );
      await expectFieldError(
        'PUT',
        `/certificates/${pendingId}`,
        { validFrom },
        'validFrom',
        CERTIFICATE_DATE_RANGE_MESSAGES.validFrom,
      );
    }
    expect(await rowCounts()).toEqual(before);
    const edge = await owner.put(`/certificates/${pendingId}`, { validFrom: 0, validTo: MAX_EPOCH_MS });
    expect(edge.statusCode, edge.body).toBe(200);
    expect(certificateResponseSchema.parse(edge.json()).data).toMatchObject({
      validFrom: 0,
      validTo: MAX_EPOCH_MS,
    });
    const activated = await stepRequest(owner, pendingId, 'activate');
    expect(activated.statusCode, activated.body).toBe(200);
    const exported = await owner.get('/certificates/export');
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain('9999-12-31T23:59:59.999Z');
  });
});
