import { sql } from 'drizzle-orm';
import { parseCsv } from '../../../tests/support/csv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, errorBodySchema } from '../../contract';
import { createCertificatesService } from '../services/certificates';
import { CERTIFICATES_CSV_HEADER, CLIENTS_CSV_HEADER } from '../services/exports/exports-service';
import { createTestApp, TestClock, type TestContext } from '../../../tests/support/test-app';
import { anonymous, callerAs, type SignedInCaller, testAppPerFile } from '../../../tests/support/callers';
import {
  certificateBody,
  createCertificate,
  insertClient,
  stepRequest,
  type ClientFixture,
} from '../../../tests/support/certificates';

const clock = new TestClock();
let editor: SignedInCaller;
let viewer: SignedInCaller;
let tricky: ClientFixture;

const ctx = testAppPerFile({ clock });

beforeAll(async () => {
  editor = await callerAs(ctx, 'editor');
  viewer = await callerAs(ctx, 'viewer');
  tricky = await insertClient(ctx.database.db, {
    name: '=HYPERLINK("http://evil.example","Click"), Inc',
    contactEmail: '@evil.example',
  });
});

describe('GET /certificates/export', () => {
  it('streams every matching certificate as CSV, formulas defused and cells quoted', async () => {
    const from = clock.now().getTime();
    const risky = await createCertificate(
      editor,
      certificateBody(tricky.id, from, {
        serialNumber: '-EXPORT-1',
        notes: '+cmd|"/c calc"!A1\nsecond line',
      }),
    );
    const plain = await createCertificate(
      editor,
      certificateBody(tricky.id, from, { serialNumber: 'EXPORT-2', studioCount: 4 }),
    );
    await stepRequest(editor, plain.uuid, 'activate');

    const response = await viewer.get(`/certificates/export?clientId=${tricky.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="certificates.csv"');
    const rows = parseCsv(response.body);
    expect(rows[0]).toEqual([...CERTIFICATES_CSV_HEADER]);
    expect(rows).toHaveLength(3);
    // Newest first; equal creation times fall back to the id, as in the list.
    const byId = new Map(rows.slice(1).map((r) => [r[9], r]));
    expect(byId.get(risky.uuid)).toEqual([
      "'-EXPORT-1",
      `'=HYPERLINK("http://evil.example","Click"), Inc`,
      '2',
      '10',
      new Date(risky.validFrom).toISOString(),
      new Date(risky.validTo).toISOString(),
      'pending',
      `'+cmd|"/c calc"!A1\nsecond line`,
      '',
      risky.uuid,
      tricky.id,
    ]);
    expect(byId.get(plain.uuid)?.[6]).toBe('active');
    expect(response.body).toContain(`"'=HYPERLINK(""http://evil.example"",""Click""), Inc"`);
  });

  it('applies the list filters and ignores paging', async () => {
    const active = parseCsv(
      (await viewer.get(`/certificates/export?clientId=${tricky.id}&status=active&page=2&limit=1`)).body,
    );
    expect(active.slice(1).map((r) => r[0])).toEqual(['EXPORT-2']);
    const searched = parseCsv((await viewer.get('/certificates/export?search=export-2')).body);
    expect(searched.slice(1).map((r) => r[0])).toEqual(['EXPORT-2']);
    const none = parseCsv((await viewer.get('/certificates/export?search=nothing-like-this')).body);
    expect(none).toEqual([[...CERTIFICATES_CSV_HEADER]]);
    const bad = await viewer.get('/certificates/export?status=lost');
    expect(bad.statusCode).toBe(400);
    expect(errorBodySchema.parse(bad.json()).code).toBe('VALIDATION_FAILED');
  });

  it('pages through the rows by keyset, never repeating or skipping one', async () => {
    const batchClient = await insertClient(ctx.database.db, { name: 'Batch Client' });
    const made = new Set<string>();
    // Same creation time for all (the clock stands still): the id breaks the ties.
    for (let i = 0; i < 7; i += 1)
      made.add(
        (await createCertificate(editor, certificateBody(batchClient.id, clock.now().getTime()))).uuid,
      );
    const service = createCertificatesService(ctx.app.ctx, ctx.app.licensing);
    const seen: string[] = [];
    let batches = 0;
    for await (const batch of service.exportBatches({ clientId: batchClient.id }, 2)) {
      batches += 1;
      seen.push(...batch.map((c) => c.uuid));
    }
    expect(batches).toBe(4);
    expect(seen).toHaveLength(7);
    expect(new Set(seen)).toEqual(made);
  });
});

describe('GET /clients/export', () => {
  it('streams live clients matching the filters, across batches', async () => {
    await ctx.database.db.execute(sql`
      insert into clients (id, name, contact_email, is_active, created_at)
      select gen_random_uuid(), 'Bulkco ' || i, 'ops' || i || '@bulkco.example', i % 10 <> 0,
             ${new Date(clock.now().getTime() - DAY_MS).toISOString()}::timestamptz + i * interval '1 second'
      from generate_series(1, 620) i`);
    await insertClient(ctx.database.db, { name: 'Bulkco gone', deleted: true });

    const response = await viewer.get('/clients/export?search=BULKCO');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="clients.csv"');
    const rows = parseCsv(response.body);
    expect(rows[0]).toEqual([...CLIENTS_CSV_HEADER]);
    expect(rows).toHaveLength(621);
    expect(rows[1]!.slice(0, 6)).toEqual(['Bulkco 620', '', 'ops620@bulkco.example', '', '', 'inactive']);
    expect(new Set(rows.slice(1).map((r) => r[9])).size).toBe(620);

    const inactive = parseCsv((await viewer.get('/clients/export?search=bulkco&status=inactive')).body);
    expect(inactive).toHaveLength(63);
    const byEmail = parseCsv((await viewer.get('/clients/export?search=evil.example')).body);
    expect(byEmail.slice(1).map((r) => [r[0], r[2], r[6], r[7]])).toEqual([
      [`'=HYPERLINK("http://evil.example","Click"), Inc`, "'@evil.example", '2', '1'],
    ]);
  });

  it('needs a signed-in user', async () => {
    expect((await anonymous(ctx).get('/clients/export')).statusCode).toBe(401);
    expect((await anonymous(ctx).get('/certificates/export')).statusCode).toBe(401);
  });
});

describe('an export whose query fails', () => {
  // A database of its own, broken on purpose: the clients table loses a column the export reads.
  let broken: TestContext;
  let brokenViewer: SignedInCaller;
  beforeAll(async () => {
    broken = await createTestApp();
    brokenViewer = await callerAs(broken, 'viewer');
    await broken.database.db.execute(sql`alter table clients rename column address to address_gone`);
  });
  afterAll(() => broken.close());

  it('answers the error body before any byte of the file, never a 200 cut short', async () => {
    const response = await brokenViewer.get('/clients/export');
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toBeUndefined();
    expect(response.json()).toEqual({ message: 'Internal server error', code: 'INTERNAL' });
  });
});
