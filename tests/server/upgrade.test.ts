// An upgrade keeps everything: the current server started on a database as the release of migrations 0000-0014 left
// it (tests/fixtures/upgrade/release-0014.sql, rows in every table) migrates it, keeps every row, answers them through
// the API, signs its staff in with their passwords and codes, and the licences signed before still verify offline and
// online. On PGlite (`server`) and PostgreSQL (`server-pg`).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { z } from 'zod';
import { apiTokensResponseSchema } from '../../src/contract/api-tokens';
import {
  certificateRecordsResponseSchema,
  certificateResponseSchema,
  certificatesListResponseSchema,
} from '../../src/contract/certificates';
import { clientsListResponseSchema } from '../../src/contract/clients';
import { activityResponseSchema } from '../../src/contract/dashboard';
import { usersListResponseSchema } from '../../src/contract/users';
import { webhooksResponseSchema } from '../../src/contract/webhooks';
import { openDatabase } from '../../src/server/db/client';
import { licenseFileOf, verifyLicense } from '../../src/server/licensing/verify-license';
import { FIXTURE } from '../fixtures/upgrade/fixture-facts';
import { codeFor } from '../support/mfa';
import {
  call,
  ON_THE_SUITES_MACHINE,
  startServerProcess,
  type ServerProcess,
} from '../support/server-process';
import { createPostgresCopy } from '../support/test-database';

const FIXTURE_SQL = readFileSync(new URL('../fixtures/upgrade/release-0014.sql', import.meta.url), 'utf8');
const scratch = mkdtempSync(join(tmpdir(), 'lc-upgrade-'));

/** One statement's rows on the fixture's database, whichever kind it is (PGlite only while no server holds it). */
type Query = (text: string) => Promise<Record<string, unknown>[]>;

interface Target {
  env: Record<string, string>;
  /** Runs `use` with a connection of its own, closed after. */
  withQuery<T>(use: (query: Query) => Promise<T>): Promise<T>;
}

async function fixtureDatabase(): Promise<Target> {
  const info = inject('testDatabase');
  if (info.kind === 'postgres') {
    const url = await createPostgresCopy(info, { empty: true });
    const withQuery = async <T>(use: (query: Query) => Promise<T>) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return await use(async (text) => (await client.query(text)).rows as Record<string, unknown>[]);
      } finally {
        await client.end();
      }
    };
    await withQuery((query) => query(FIXTURE_SQL));
    return { env: { DATABASE_URL: url }, withQuery };
  }
  const dataDir = mkdtempSync(join(scratch, 'data-'));
  const withQuery = async <T>(use: (query: Query) => Promise<T>) => {
    const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
    try {
      return await use(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
    } finally {
      await client.close();
    }
  };
  const loading = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  await loading.exec(FIXTURE_SQL);
  await loading.close();
  return { env: { DATA_DIR: dataDir }, withQuery };
}

/** Every row of every fixture table, by table, as JSON text of its primary key (or the whole row without one). */
async function rowKeys(query: Query, tables: readonly string[]): Promise<Record<string, string[]>> {
  const keys: Record<string, string[]> = {};
  for (const table of tables) {
    const [primary] = await query(
      `select coalesce(string_agg(quote_ident(a.attname), ',' order by a.attnum), '') as columns
       from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
       where i.indrelid = 'public.${table}'::regclass and i.indisprimary`,
    );
    const columns = String(primary?.columns ?? '');
    const rows = await query(
      `select (${columns ? `json_build_array(${columns})` : 'row_to_json(t)'})::text as key from "${table}" t`,
    );
    keys[table] = rows.map((row) => String(row.key)).sort();
  }
  return keys;
}

let target: Target;
let server: ServerProcess;
let tables: string[];
let before: Record<string, string[]>;
let stored: Record<string, { payload: string; signature: string; kid: string }>;

beforeAll(async () => {
  target = await fixtureDatabase();
  await target.withQuery(async (query) => {
    tables = (
      await query(
        "select table_name as name from information_schema.tables where table_schema = 'public' order by 1",
      )
    ).map((row) => String(row.name));
    before = await rowKeys(query, tables);
    const signedRows = await query(
      'select serial_number, license_payload, license_signature, license_kid from certificates where license_payload is not null',
    );
    stored = Object.fromEntries(
      signedRows.map((row) => [
        String(row.serial_number),
        {
          payload: String(row.license_payload),
          signature: String(row.license_signature),
          kid: String(row.license_kid),
        },
      ]),
    );
  });
  server = await startServerProcess({
    ...target.env,
    ...ON_THE_SUITES_MACHINE,
    SECRETS_KEY: FIXTURE.secretsKey,
  });
}, 120_000);
afterAll(async () => {
  server?.child.kill('SIGTERM');
  await server?.exited;
  rmSync(scratch, { recursive: true, force: true });
});

describe('a database from the release of migrations 0000-0014', () => {
  it('holds a row in every table of that release', () => {
    expect(tables).toHaveLength(22);
    for (const table of tables) expect(before[table]!.length, table).toBeGreaterThan(0);
  });

  it('signs its staff in: the owner by password, the editor by password and authenticator code', async () => {
    const owner = await call<{ data: { accessToken: string } }>(server.url, 'POST', '/auth/login', {
      body: { email: FIXTURE.owner.email, password: FIXTURE.owner.password },
    });
    expect(owner.status, JSON.stringify(owner.body)).toBe(200);
    const challenge = await call<{ data: { mfaRequired: boolean; mfaToken: string } }>(
      server.url,
      'POST',
      '/auth/login',
      { body: { email: FIXTURE.editor.email, password: FIXTURE.editor.password } },
    );
    expect(challenge.status).toBe(200);
    expect(challenge.body.data.mfaRequired).toBe(true);
    const signedIn = await call(server.url, 'POST', '/auth/login/mfa', {
      body: { mfaToken: challenge.body.data.mfaToken, code: codeFor(FIXTURE.editor.mfaSecret, Date.now()) },
    });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
  });

  it('answers every kind of row through the API, to staff and to the old API token', async () => {
    const token = (
      await call<{ data: { accessToken: string } }>(server.url, 'POST', '/auth/login', {
        body: { email: FIXTURE.owner.email, password: FIXTURE.owner.password },
      })
    ).body.data.accessToken;
    /** A GET answered 200, parsed with the contract's schema of that answer. */
    const get = async <T>(path: string, schema: z.ZodType<T>, as = token) => {
      const answer = await call(server.url, 'GET', path, { token: as });
      expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
      return schema.parse(answer.body);
    };
    const list = (await get('/certificates?limit=50', certificatesListResponseSchema)).data.certificates;
    expect(list.map(({ serialNumber, status }) => `${serialNumber} ${status}`).sort()).toEqual(
      FIXTURE.certificates.map(({ serialNumber, status }) => `${serialNumber} ${status}`).sort(),
    );
    const active = FIXTURE.certificates[0];
    const detail = (await get(`/certificates/${active.id}`, certificateResponseSchema)).data;
    expect(detail).toMatchObject({
      notes: active.notes,
      studioCount: active.studioCount,
      clientName: FIXTURE.acme.name,
      graceDays: 0,
      fileLifetimeDays: null,
    });
    const history = (await get(`/certificates/${active.id}/records`, certificateRecordsResponseSchema)).data;
    expect(history.map((record) => record.action)).toContain('created');
    const clients = (await get('/clients?limit=50', clientsListResponseSchema)).clients;
    expect(clients.map((client) => client.name).sort()).toEqual([FIXTURE.acme.name, FIXTURE.borealis.name]);
    const users = (await get('/users?limit=50', usersListResponseSchema)).data.users;
    expect(users.map((user) => user.email)).toEqual(
      expect.arrayContaining([FIXTURE.owner.email, FIXTURE.editor.email]),
    );
    const activity = (await get('/dashboard/activity?limit=50', activityResponseSchema)).activities;
    expect(activity.map((entry) => entry.description)).toContain(`Client ${FIXTURE.acme.name} created`);
    const webhooks = (await get('/webhooks', webhooksResponseSchema)).data;
    expect(webhooks.map((hook) => hook.url)).toEqual(['https://hooks.example.test/licences']);
    const apiTokens = (await get('/api-tokens', apiTokensResponseSchema)).data;
    expect(apiTokens.map((apiToken) => apiToken.name)).toEqual(['Billing sync']);
    // The token made before the upgrade still works, as the viewer it was.
    expect(
      (await get('/clients?limit=50', clientsListResponseSchema, FIXTURE.apiToken.secret)).clients,
    ).toHaveLength(2);
    const refused = await call(server.url, 'POST', '/clients', {
      token: FIXTURE.apiToken.secret,
      body: { name: 'Not allowed' },
    });
    expect(refused.status).toBe(403);
  });

  it('verifies the licences signed before, offline with the public keys and online', async () => {
    const keys = (
      await call<{ data: { keys: Parameters<typeof verifyLicense>[1]['publicKeys'] } }>(
        server.url,
        'GET',
        '/licensing/public-keys',
      )
    ).body.data.keys;
    for (const certificate of FIXTURE.certificates.filter((each) => each.signed)) {
      const { payload, signature, kid } = stored[certificate.serialNumber]!;
      const file = licenseFileOf(payload, signature, kid);
      expect(verifyLicense(file, { publicKeys: keys, serialNumber: certificate.serialNumber }).code).toBe(
        'VALID',
      );
      const online = await call<{ data: { code: string } }>(server.url, 'POST', '/certificates/validate', {
        body: { license: file, serialNumber: certificate.serialNumber },
      });
      expect(online.status).toBe(200);
      expect(online.body.data.code, certificate.serialNumber).toBe(
        certificate.status === 'revoked' ? 'REVOKED' : 'VALID',
      );
    }
  });

  it('keeps every row of every table through the migrations', async () => {
    // A copy of its own, migrated as the server's start migrates (this server's copy has been purged by age since).
    const copy = await fixtureDatabase();
    const migrated = await openDatabase(
      copy.env.DATABASE_URL
        ? { kind: 'postgres', url: copy.env.DATABASE_URL, poolSize: 1 }
        : { kind: 'pglite', dataDir: copy.env.DATA_DIR! },
    );
    await migrated.close();
    const after = await copy.withQuery((query) => rowKeys(query, tables));
    // Every row kept; the migrations since only add (the owners' licence format, stored as v1 on a database that
    // signed licences before v2, so its machines keep getting the files they know).
    for (const table of tables) expect(after[table], table).toEqual(expect.arrayContaining(before[table]!));
    const [defaults] = await copy.withQuery((query) =>
      query("select value->>'licenseFormat' as format from app_settings where key = 'certificate_defaults'"),
    );
    expect(defaults?.format).toBe('v1');
  });
});
