// Backups that restore, on PGlite (`server`) and PostgreSQL (`server-pg`): a backup taken while writes run is one
// moment of the database; restored into an empty target it has every row back (equal counts and contents), the old
// licences verify with the restored keys, and every session is ended; a truncated or changed file, a wrong or missing
// key, a backup from a newer release and a target that is not empty are each refused with one line.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { gunzipSync, gzipSync } from 'node:zlib';
import { SERVER_CLI } from '../../../../scripts/server-build.mjs';
import { openDatabase, type DatabaseOptions, type Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { verifyLicense, type LicenseFile } from '../../licensing/verify-license';
import { callerAs, type SignedInCaller } from '#tests/support/callers.ts';
import { certificateBody, createCertificate, insertClient } from '#tests/support/certificates.ts';
import { createPostgresCopy } from '#tests/support/test-database.ts';
import { createTestApp, TestClock, type TestContext } from '#tests/support/test-app.ts';
import { BackupError, readBackupFile } from './backup-file';
import { restoreBackup, verifyBackup } from './restore';
import { tablesInLoadOrder, takeBackup } from './snapshot';

const clock = new TestClock(Date.parse('2026-06-15T12:00:00Z'));
const KEY = Buffer.alloc(32, 7);
const scratch = mkdtempSync(join(tmpdir(), 'lc-backup-'));
let ctx: TestContext;
let owner: SignedInCaller;
let clientId: string;

beforeAll(async () => {
  ctx = await createTestApp({ clock, env: { VALIDATE_RATE_LIMIT: '0' } });
  owner = await callerAs(ctx, 'owner');
  clientId = (await insertClient(ctx.database.db, { name: 'Backup Films' })).id;
});
afterAll(async () => {
  await ctx.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** An empty target of the project's kind. */
async function emptyTarget(): Promise<DatabaseOptions> {
  const info = inject('testDatabase');
  if (info.kind === 'postgres')
    return { kind: 'postgres', url: await createPostgresCopy(info, { empty: true }), poolSize: 2 };
  return { kind: 'pglite', dataDir: join(mkdtempSync(join(scratch, 'target-')), 'data') };
}

/** A certificate made, activated and downloaded through the API: its licence file. */
async function licensed(serialNumber: string) {
  const created = await createCertificate(
    owner,
    certificateBody(clientId, clock.now().getTime() - 86_400_000, { serialNumber }),
  );
  expect((await owner.post(`/certificates/${created.uuid}/activate`)).statusCode).toBe(200);
  const download = await owner.post(`/certificates/${created.uuid}/download`);
  expect(download.statusCode, download.body).toBe(200);
  return download.json() as LicenseFile;
}

/** Each table's rows as sorted JSON text, but for the columns a restore changes by design. */
async function contents(db: Db, tables: readonly string[]): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of tables) {
    const rows = await queryRows<{ json: string }>(
      db,
      sql`select (to_jsonb(t) - 'ended_at' - 'revoked_at')::text as json from ${sql.identifier(table)} t`,
    );
    out[table] = rows.map((row) => row.json).sort();
  }
  return out;
}

describe('a backup', () => {
  let file: string;
  let licenseFile: LicenseFile;
  let manifestTables: Record<string, number>;
  let before: Record<string, string[]>;
  let tables: string[];

  beforeAll(async () => {
    licenseFile = await licensed('BACKUP-0001');
    file = join(scratch, 'whole.lcbackup');
    // Writes racing the snapshot: the backup holds each of them whole or not at all.
    let writing = true;
    const writes = (async () => {
      for (let i = 0; writing; i += 1)
        await createCertificate(
          owner,
          certificateBody(clientId, clock.now().getTime(), { serialNumber: `RACE-${i}` }),
        );
    })();
    await createCertificate(
      owner,
      certificateBody(clientId, clock.now().getTime(), { serialNumber: 'RACE-FIRST' }),
    );
    const manifest = await takeBackup(ctx.database.db, file, KEY, clock.now());
    writing = false;
    await writes;
    manifestTables = manifest.tables;
    tables = await tablesInLoadOrder(ctx.database.db);
    // What the backup holds is what the snapshot saw: read back without restoring.
    before = {};
    let current = '';
    await readBackupFile(file, KEY, (entry) => {
      if (entry.kind === 'table') before[(current = entry.name)] = [];
      else {
        const row = JSON.parse(entry.json) as Record<string, unknown>;
        delete row.ended_at;
        delete row.revoked_at;
        before[current]!.push(JSON.stringify(row));
      }
    });
  }, 60_000);

  it('is one file of mode 0600 holding every table, parents before the tables that reference them', () => {
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Object.keys(manifestTables)).toEqual(tables);
    expect(tables.indexOf('clients')).toBeLessThan(tables.indexOf('certificates'));
    expect(tables.indexOf('certificates')).toBeLessThan(tables.indexOf('certificate_records'));
    expect(manifestTables.signing_keys).toBeGreaterThan(0);
    expect(manifestTables.certificates).toBeGreaterThanOrEqual(2);
    // Encrypted: no serial number, key or e-mail can be read from the file.
    const bytes = readFileSync(file);
    expect(bytes.includes(Buffer.from('BACKUP-0001'))).toBe(false);
    expect(bytes.includes(Buffer.from('PRIVATE KEY'))).toBe(false);
  });

  it('restores into an empty target with every row, the old licences verifying, every session ended', async () => {
    const target = await emptyTarget();
    const { manifest, rows } = await restoreBackup(file, KEY, target, clock.now());
    expect(rows).toBe(Object.values(manifest.tables).reduce((sum, count) => sum + count, 0));
    const restored = await openDatabase(target);
    try {
      const after = await contents(restored.db, tables);
      for (const table of tables) {
        expect(after[table]!.length, table).toBe(manifestTables[table]);
        const expected = before[table]!.map((json) => JSON.stringify(JSON.parse(json))).sort();
        expect(after[table]!.map((json) => JSON.stringify(sortKeys(JSON.parse(json)))).sort(), table).toEqual(
          expected.map((json) => JSON.stringify(sortKeys(JSON.parse(json)))).sort(),
        );
      }
      const keys = await queryRows<{ kid: string; public_key_pem: string }>(
        restored.db,
        sql`select kid, public_key_pem from signing_keys`,
      );
      const publicKeys = keys.map((key) => ({
        kid: key.kid,
        alg: 'Ed25519' as const,
        publicKeyPem: key.public_key_pem,
        createdAt: 0,
        current: true,
      }));
      expect(verifyLicense(licenseFile, { publicKeys, serialNumber: 'BACKUP-0001' }).code).toBe('VALID');
      const open = await queryRows<{ n: number }>(
        restored.db,
        sql`select count(*)::int as n from sessions where ended_at is null`,
      );
      expect(open[0]!.n).toBe(0);
    } finally {
      await restored.close();
    }
  }, 120_000);

  it('refuses a target that is not empty, and leaves it as it was', async () => {
    const target = await emptyTarget();
    await restoreBackup(file, KEY, target, clock.now());
    await expect(restoreBackup(file, KEY, target, clock.now())).rejects.toThrow(
      target.kind === 'pglite'
        ? `DATA_DIR ${target.dataDir} is not empty: restore into an empty or new folder`
        : 'The database is not empty: restore into an empty database',
    );
    const reopened = await openDatabase(target);
    const [row] = await queryRows<{ n: number }>(
      reopened.db,
      sql`select count(*)::int as n from certificates`,
    );
    expect(row!.n).toBe(manifestTables.certificates);
    await reopened.close();
  }, 120_000);

  it('refuses a wrong key, a missing key, a truncated file and a changed byte, each in one line', async () => {
    await expect(verifyBackup(file, Buffer.alloc(32, 9))).rejects.toThrow(
      new BackupError('BACKUP_KEY is not the key this backup was made with'),
    );
    await expect(verifyBackup(file, undefined)).rejects.toThrow(
      new BackupError('This backup is encrypted: set BACKUP_KEY to the key it was made with'),
    );
    const bytes = readFileSync(file);
    const cut = join(scratch, 'cut.lcbackup');
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    await expect(verifyBackup(cut, KEY)).rejects.toThrow(BackupError);
    const changed = Buffer.from(bytes);
    changed[Math.floor(changed.length / 2)]! ^= 0x01;
    const flipped = join(scratch, 'flipped.lcbackup');
    writeFileSync(flipped, changed);
    await expect(verifyBackup(flipped, KEY)).rejects.toThrow(
      new BackupError('The backup is damaged: its contents do not match its checksum'),
    );
    const notBackup = join(scratch, 'notes.txt');
    writeFileSync(notBackup, 'hello\n');
    await expect(verifyBackup(notBackup, KEY)).rejects.toThrow(
      `${notBackup} is not a License Console backup`,
    );
  });

  it('is the same format unencrypted; refuses one from a newer release and one whose rows were edited', async () => {
    const plain = join(scratch, 'plain.lcbackup');
    const manifest = await takeBackup(ctx.database.db, plain, undefined, clock.now());
    expect((await verifyBackup(plain, undefined)).sha256).toBe(manifest.sha256);
    // A backup whose manifest names a migration this release lacks.
    const [magic, header, ...rest] = splitHeader(readFileSync(plain));
    const body = gunzipSync(rest[0]!).toString('utf8');
    // The manifest is the last line: only its migration changes (the rows keep theirs, so the checksum holds).
    const at = body.lastIndexOf(manifest.lastMigration);
    const newer = `${body.slice(0, at)}9999_from_the_future${body.slice(at + manifest.lastMigration.length)}`;
    writeFileSync(join(scratch, 'newer.lcbackup'), Buffer.concat([magic!, header!, gzipSync(newer)]));
    await expect(verifyBackup(join(scratch, 'newer.lcbackup'), undefined)).rejects.toThrow(
      'The backup is from a newer release (migration 9999_from_the_future, unknown to this one): restore it with that release',
    );
    const edited = body.replace('BACKUP-0001', 'BACKUP-0002');
    writeFileSync(join(scratch, 'edited.lcbackup'), Buffer.concat([magic!, header!, gzipSync(edited)]));
    await expect(verifyBackup(join(scratch, 'edited.lcbackup'), undefined)).rejects.toThrow(
      'The backup is damaged: its contents do not match its checksum',
    );
  });
});

describe('the restore and verify-backup commands', () => {
  const cli = (args: string[], env: Record<string, string>) =>
    spawnSync(process.execPath, [SERVER_CLI, ...args], {
      env: { ...process.env, ...env, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      input: '',
      timeout: 120_000,
    });

  it('restore with the key from BACKUP_KEY, saying what is undone; refuse without a key and a terminal', async () => {
    const file = join(scratch, 'cli.lcbackup');
    const manifest = await takeBackup(ctx.database.db, file, KEY, clock.now());
    const target = await emptyTarget();
    const env: Record<string, string> =
      target.kind === 'postgres' ? { DATABASE_URL: target.url } : { DATA_DIR: target.dataDir };

    const keyless = cli(['restore', file], env);
    expect(keyless.status).toBe(1);
    expect(keyless.stderr.trim()).toBe(
      'This backup is encrypted: set BACKUP_KEY, or run the command in a terminal to type the key',
    );
    const verified = cli(['verify-backup', file], { ...env, BACKUP_KEY: KEY.toString('hex') });
    expect(verified.status, verified.stderr).toBe(0);
    expect(verified.stdout).toContain(`The backup is whole: taken at ${manifest.createdAt}`);

    const restored = cli(['restore', file], { ...env, BACKUP_KEY: KEY.toString('hex') });
    expect(restored.status, restored.stderr).toBe(0);
    expect(restored.stdout).toContain(
      `The backup was taken at ${manifest.createdAt}: revocations, API-token revocations and key rotations made after this time are undone.`,
    );
    const again = cli(['restore', file], { ...env, BACKUP_KEY: KEY.toString('hex') });
    expect(again.status).toBe(1);
    expect(again.stderr.trim()).toMatch(/is not empty: restore into an empty/);
  }, 180_000);

  // PostgreSQL's project only (the other way round needs a PostgreSQL beside PGlite's project).
  if (inject('testDatabase').kind === 'postgres')
    it('restores a PostgreSQL backup into a PGlite folder', async () => {
      const file = join(scratch, 'across.lcbackup');
      const manifest = await takeBackup(ctx.database.db, file, undefined, clock.now());
      const dataDir = join(mkdtempSync(join(scratch, 'across-')), 'data');
      await restoreBackup(file, undefined, { kind: 'pglite', dataDir }, clock.now());
      const restored = await openDatabase({ kind: 'pglite', dataDir });
      const [row] = await queryRows<{ n: number }>(
        restored.db,
        sql`select count(*)::int as n from certificates`,
      );
      expect(row!.n).toBe(manifest.tables.certificates);
      await restored.close();
    }, 120_000);
});

/** The file's first line, its header line, and the body. */
function splitHeader(bytes: Buffer): Buffer[] {
  const first = bytes.indexOf(0x0a) + 1;
  const second = bytes.indexOf(0x0a, first) + 1;
  return [bytes.subarray(0, first), bytes.subarray(first, second), bytes.subarray(second)];
}

function sortKeys(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)));
}
