// Backups made by the running server: owners list and make them through the API (others are refused), a download
// asks for the password again and needs BACKUP_KEY, the daily one is made once its time has come and once a day
// only, and the oldest are removed past BACKUP_KEEP, file and row.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backupResponseSchema,
  backupsOverviewResponseSchema,
  BACKUP_MESSAGES,
} from '../../../contract/backups';
import { activityResponseSchema } from '../../../contract/dashboard';
import { callerAs, type SignedInCaller } from '#tests/support/callers.ts';
import { createTestApp, TEST_PASSWORD, TestClock, type TestContext } from '#tests/support/test-app.ts';
import { readBackupFile } from './backup-file';
import { createBackupsService } from './backups-service';

const KEY = 'ab'.repeat(32);
const clock = new TestClock(Date.parse('2026-06-15T01:00:00Z'));
const dir = mkdtempSync(join(tmpdir(), 'lc-backups-'));
let ctx: TestContext;
let owner: SignedInCaller;
let admin: SignedInCaller;

beforeAll(async () => {
  ctx = await createTestApp({
    clock,
    backups: false,
    env: { BACKUP_DIR: dir, BACKUP_KEY: KEY, BACKUP_KEEP: '2', BACKUP_TIME: '02:00' },
  });
  owner = await callerAs(ctx, 'owner');
  admin = await callerAs(ctx, 'admin');
});
afterAll(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

const service = (env: Partial<TestContext['env']> = {}) =>
  createBackupsService({ ...ctx.app.ctx, env: { ...ctx.env, ...env } });
const files = () => readdirSync(dir).sort();

describe('backups through the API', () => {
  it('are for owners only', async () => {
    expect((await admin.get('/backups')).statusCode).toBe(403);
    expect((await admin.post('/backups')).statusCode).toBe(403);
    const overview = backupsOverviewResponseSchema.parse((await owner.get('/backups')).json()).data;
    expect(overview).toEqual({ enabled: true, encrypted: true, time: '02:00', keep: 2, backups: [] });
  });

  it('makes one now, encrypted, mode 0600, listed and in the activity log', async () => {
    const made = await owner.post('/backups');
    expect(made.statusCode, made.body).toBe(201);
    const backup = backupResponseSchema.parse(made.json()).data;
    expect(backup).toMatchObject({ kind: 'manual', status: 'done', encrypted: true, error: null });
    expect(backup.rows).toBeGreaterThan(0);
    const path = join(dir, backup.fileName);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(path).size).toBe(backup.sizeBytes);
    expect((await readBackupFile(path, Buffer.from(KEY, 'hex'))).lastMigration).toBe(backup.lastMigration);
    const listed = backupsOverviewResponseSchema.parse((await owner.get('/backups')).json()).data.backups;
    expect(listed.map((each) => each.id)).toEqual([backup.id]);
    const activity = activityResponseSchema.parse(
      (await owner.get('/dashboard/activity?action=backup.created')).json(),
    );
    expect(activity.activities[0]?.description).toContain(backup.fileName);
  });

  it("downloads one for the owner's password again, no-store; refuses a wrong one", async () => {
    const [backup] = backupsOverviewResponseSchema.parse((await owner.get('/backups')).json()).data.backups;
    const wrong = await owner.post(`/backups/${backup!.id}/download`, { password: 'not-the-password' });
    expect(wrong.statusCode).toBe(403);
    const right = await owner.post(`/backups/${backup!.id}/download`, { password: TEST_PASSWORD });
    expect(right.statusCode).toBe(200);
    expect(right.headers['cache-control']).toBe('no-store');
    expect(right.headers['content-disposition']).toBe(`attachment; filename="${backup!.fileName}"`);
    expect(right.rawPayload.equals(readFileSync(join(dir, backup!.fileName)))).toBe(true);
    const activity = activityResponseSchema.parse(
      (await owner.get('/dashboard/activity?action=backup.downloaded')).json(),
    );
    expect(activity.activities).toHaveLength(1);
  });

  it('refuses a download without BACKUP_KEY and a backup without BACKUP_DIR, saying which to set', async () => {
    const [backup] = backupsOverviewResponseSchema.parse((await owner.get('/backups')).json()).data.backups;
    const actor = { id: owner.user.id, name: owner.user.name };
    await expect(
      service({ BACKUP_KEY: undefined }).download(actor, backup!.id, TEST_PASSWORD),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: BACKUP_MESSAGES.noKey,
    });
    await expect(service({ BACKUP_DIR: undefined }).makeNow(actor)).rejects.toMatchObject({
      statusCode: 409,
      message: BACKUP_MESSAGES.notConfigured,
    });
  });
});

describe('the daily backup', () => {
  it('waits for BACKUP_TIME, is made once a day, and keeps the newest BACKUP_KEEP', async () => {
    const backups = service();
    clock.set(Date.parse('2026-06-15T01:59:00Z'));
    expect(await backups.runScheduled()).toBeNull();
    clock.set(Date.parse('2026-06-15T02:00:30Z'));
    const first = await backups.runScheduled();
    expect(first).toMatchObject({ kind: 'scheduled', status: 'done' });
    expect(await backups.runScheduled()).toBeNull();
    const manualBefore = files().find((name) => name !== first!.fileName)!;

    clock.set(Date.parse('2026-06-16T02:05:00Z'));
    const second = await backups.runScheduled();
    expect(second).toMatchObject({ kind: 'scheduled', status: 'done' });
    // Three made, two kept: the oldest (the manual one) is gone, file and row.
    expect(files()).toEqual([first!.fileName, second!.fileName].sort());
    expect(existsSync(join(dir, manualBefore))).toBe(false);
    const overview = (await backups.overview()).backups.map((backup) => backup.id);
    expect(overview).toEqual([second!.id, first!.id]);
  });
});
