// Signing keys across processes on one PostgreSQL: the first key is created once however many servers start
// together, and a key rotated by the CLI (another process) is used by a running server from then on.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { SERVER_CLI } from '../../../scripts/server-build.mjs';
import { openDatabase } from '../../../src/server/db/client';
import { activities, signingKeys } from '../../../src/server/db/schema';
import { ensureCurrentKey, rotateSigningKey } from '../../../src/server/licensing/keys';
import { createTestApp, TestClock, type TestContext } from '../../support/test-app';
import { createPostgresCopy } from '../../support/test-database';
import { fetchPublicKeys, issuedLicense, storedFile, validateCall } from '../../support/licensing';

const run = promisify(execFile);
const clock = new TestClock(Date.parse('2026-06-15T12:00:00Z'));
let ctx: TestContext;
const folder = mkdtempSync(join(tmpdir(), 'licensing-pg-'));

beforeAll(async () => {
  ctx = await createTestApp({ clock });
});
afterAll(async () => {
  await ctx.close();
  rmSync(folder, { recursive: true, force: true });
});

function postgresInfo() {
  const info = inject('testDatabase');
  if (info.kind !== 'postgres') throw new Error('this file runs in the server-pg project only');
  return info;
}

async function cli(args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, [SERVER_CLI, ...args], {
      env: { ...process.env, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failure.code ?? -1, stdout: failure.stdout ?? '', stderr: failure.stderr ?? '' };
  }
}

describe('signing keys on one PostgreSQL shared by several processes', () => {
  it('creates exactly one first key when several servers start together', async () => {
    const url = await createPostgresCopy(postgresInfo());
    const handles = await Promise.all(
      Array.from({ length: 4 }, () =>
        openDatabase({ kind: 'postgres', url, poolSize: 2 }, { migrate: false }),
      ),
    );
    try {
      const kids = await Promise.all(
        handles.map((h) => ensureCurrentKey(h.db, new Date()).then((row) => row.kid)),
      );
      expect(new Set(kids).size).toBe(1);
      const rows = await handles[0]!.db.select().from(signingKeys);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ kid: kids[0], isCurrent: true });
      const created = await handles[0]!.db
        .select()
        .from(activities)
        .where(eq(activities.type, 'signing_key.created'));
      expect(created).toHaveLength(1);
    } finally {
      await Promise.all(handles.map((h) => h.close()));
    }
  });

  it('keeps one current key when rotations race', async () => {
    const url = await createPostgresCopy(postgresInfo());
    const handles = await Promise.all(
      Array.from({ length: 3 }, () =>
        openDatabase({ kind: 'postgres', url, poolSize: 2 }, { migrate: false }),
      ),
    );
    try {
      await ensureCurrentKey(handles[0]!.db, new Date());
      const rotated = await Promise.all(handles.map((h) => rotateSigningKey(h.db, new Date(), null)));
      const rows = await handles[0]!.db.select().from(signingKeys);
      expect(rows).toHaveLength(4);
      expect(rows.filter((r) => r.isCurrent)).toHaveLength(1);
      // Serialised: each rotation names the key the previous one made current.
      expect(new Set(rotated.map((r) => r.previousKid)).size).toBe(3);
    } finally {
      await Promise.all(handles.map((h) => h.close()));
    }
  });

  it('uses a key rotated by `npm run cli -- rotate-signing-key` from its commit on; earlier licences still validate', async () => {
    const { certificate, file: before } = await issuedLicense(ctx);
    const result = await cli(['rotate-signing-key'], {
      DATABASE_URL: ctx.database.url!,
      LICENSE_SIGNING_KEY_FILE: '',
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout + result.stderr).not.toContain('PRIVATE KEY');
    const current = (await fetchPublicKeys(ctx)).find((k) => k.current)!;
    expect(current.kid).not.toBe(before.kid);
    expect(result.stdout).toContain(`New current licence signing key ${current.kid} (was ${before.kid}`);

    await ctx.database.db.transaction((tx) => ctx.app.licensing.issue(tx, certificate, clock.now()));
    const after = await storedFile(ctx, certificate.id);
    expect(after.kid).toBe(current.kid);
    expect(await validateCall(ctx, before)).toMatchObject({ code: 'VALID' });
    expect(await validateCall(ctx, after)).toMatchObject({ code: 'VALID' });
    const rotatedActivity = await ctx.database.db
      .select()
      .from(activities)
      .where(eq(activities.type, 'signing_key.rotated'));
    expect(rotatedActivity).toHaveLength(1);
    expect(rotatedActivity[0]).toMatchObject({ actorName: 'CLI', targetId: current.kid });
  });

  it('refuses to rotate while LICENSE_SIGNING_KEY_FILE names the key to sign with', async () => {
    const path = join(folder, 'operator.pem');
    writeFileSync(path, generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }));
    const before = await fetchPublicKeys(ctx);
    const result = await cli(['rotate-signing-key'], {
      DATABASE_URL: ctx.database.url!,
      LICENSE_SIGNING_KEY_FILE: path,
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('LICENSE_SIGNING_KEY_FILE is set');
    expect(await fetchPublicKeys(ctx)).toEqual(before);
  });
});
