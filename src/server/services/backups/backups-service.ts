// Backups made by the running server (docs/operations.md): into BACKUP_DIR, daily at BACKUP_TIME and on an owner's
// demand, encrypted with BACKUP_KEY when it is set, the oldest removed past BACKUP_KEEP. Each backup is a row of
// `backups` (every process lists the same ones); a scheduled day's row is unique while it runs or is done, so one
// process makes it however many run. Downloads ask for the owner's password again and need BACKUP_KEY: an
// unencrypted file holds the private signing keys in the clear.
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { MESSAGES } from '../../../contract';
import {
  BACKUP_MESSAGES,
  backupDownloadRefusal,
  backupMakeRefusal,
  type Backup,
  type BackupsOverview,
} from '../../../contract/backups';
import { DAY_MS } from '../../../contract/constants';
import { backups, users } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../errors';
import { loggableError } from '../../log-redaction';
import { verifyPassword } from '../auth/passwords';
import type { AppContext } from '../shared/context';
import { recordActivity } from '../shared/audit';
import { parseKeyText } from '../shared/key-text';
import { takeBackup } from './snapshot';

/** A running backup older than this is taken to have died with its process (a scheduled day may be tried again). */
const RUNNING_AT_MOST_MS = 60 * 60 * 1000;
/** After a failed scheduled backup, the day is tried again this much later (not every minute). */
const RETRY_AFTER_MS = 15 * 60 * 1000;

type Actor = { id: string; name: string };

const toBackup = (row: typeof backups.$inferSelect & { creatorName: string | null }): Backup => ({
  id: row.id,
  fileName: row.fileName,
  kind: row.kind as Backup['kind'],
  status: row.status as Backup['status'],
  sizeBytes: row.sizeBytes,
  encrypted: row.encrypted,
  lastMigration: row.lastMigration,
  rows: row.rowCount,
  error: row.error,
  createdBy: row.createdBy && row.creatorName ? { id: row.createdBy, name: row.creatorName } : null,
  createdAt: row.createdAt.getTime(),
  finishedAt: row.finishedAt?.getTime() ?? null,
});

/** `license-console-20260615-020000-1a2b3c4d.lcbackup`: sorts by time, unique by id. */
const fileNameOf = (at: Date, id: string) =>
  `license-console-${at.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}-${id.slice(0, 8)}.lcbackup`;

export function createBackupsService({ db, env, log, now }: Pick<AppContext, 'db' | 'env' | 'log' | 'now'>) {
  const dir = env.BACKUP_DIR;
  const key = env.BACKUP_KEY ? parseKeyText(env.BACKUP_KEY)! : undefined;

  async function list(): Promise<Backup[]> {
    const rows = await db
      .select({ ...backupColumns, creatorName: users.name })
      .from(backups)
      .leftJoin(users, eq(users.id, backups.createdBy))
      .orderBy(desc(backups.createdAt), desc(backups.id));
    return rows.map(toBackup);
  }

  async function one(id: string): Promise<Backup> {
    const [row] = await db
      .select({ ...backupColumns, creatorName: users.name })
      .from(backups)
      .leftJoin(users, eq(users.id, backups.createdBy))
      .where(eq(backups.id, id));
    if (!row) throw notFound('Backup');
    return toBackup(row);
  }

  /** Deletes the finished backups past the newest BACKUP_KEEP, file and row; failures are shown for a week. */
  async function prune(at: Date) {
    const done = await db
      .select({ id: backups.id, fileName: backups.fileName })
      .from(backups)
      .where(eq(backups.status, 'done'))
      .orderBy(desc(backups.createdAt), desc(backups.id));
    for (const row of done.slice(env.BACKUP_KEEP)) {
      await rm(join(dir!, row.fileName), { force: true });
      await db.delete(backups).where(eq(backups.id, row.id));
    }
    await db
      .delete(backups)
      .where(and(eq(backups.status, 'failed'), lt(backups.createdAt, new Date(at.getTime() - 7 * DAY_MS))));
  }

  /**
   * Makes one backup now. A scheduled one claims its day first (answers null when another process has it); the row
   * says `running` while the file is written, then `done` with its size and rows, or `failed` with why.
   */
  async function make(kind: Backup['kind'], actor: Actor | null): Promise<Backup | null> {
    if (!dir) throw conflict(BACKUP_MESSAGES.notConfigured);
    const at = now();
    const id = randomUUID();
    const fileName = fileNameOf(at, id);
    const day = at.toISOString().slice(0, 10);
    const claimed = await db
      .insert(backups)
      .values({
        id,
        fileName,
        kind,
        day: kind === 'scheduled' ? day : null,
        status: 'running',
        encrypted: Boolean(key),
        createdBy: actor?.id ?? null,
        createdAt: at,
      })
      .onConflictDoNothing()
      .returning({ id: backups.id });
    if (claimed.length === 0) return null;
    const path = join(dir, fileName);
    try {
      const manifest = await takeBackup(db, path, key, at);
      const { size } = await stat(path);
      const rows = Object.values(manifest.tables).reduce((sum, count) => sum + count, 0);
      await db.transaction(async (tx) => {
        await tx
          .update(backups)
          .set({
            status: 'done',
            sizeBytes: size,
            lastMigration: manifest.lastMigration,
            rowCount: rows,
            finishedAt: now(),
          })
          .where(eq(backups.id, id));
        await recordActivity(tx, actor, {
          type: 'backup.created',
          targetType: 'backup',
          targetId: id,
          description: `${kind === 'scheduled' ? 'Scheduled backup' : 'Backup'} ${fileName} made (${rows.toLocaleString('en-US')} rows${key ? ', encrypted' : ''})`,
          at: now(),
        });
      });
      await prune(at);
    } catch (error) {
      log.error({ err: loggableError(error), event: 'backup.failed', backupId: id }, 'backup failed');
      await rm(path, { force: true });
      await db
        .update(backups)
        .set({ status: 'failed', error: describeFailure(error), finishedAt: now() })
        .where(eq(backups.id, id));
    }
    return one(id);
  }

  return {
    async overview(): Promise<BackupsOverview> {
      return {
        enabled: Boolean(dir),
        encrypted: Boolean(key),
        time: env.BACKUP_TIME,
        keep: env.BACKUP_KEEP,
        backups: await list(),
      };
    },

    /** `POST /backups`: an owner's backup, now. */
    async makeNow(actor: Actor): Promise<Backup> {
      const running = await db
        .select({ id: backups.id })
        .from(backups)
        .where(
          and(
            eq(backups.status, 'running'),
            sql`${backups.createdAt} > ${new Date(now().getTime() - RUNNING_AT_MOST_MS).toISOString()}::timestamptz`,
          ),
        );
      const refused = backupMakeRefusal({ enabled: Boolean(dir), running: running.length > 0 });
      if (refused) throw conflict(refused);
      return (await make('manual', actor))!;
    },

    /**
     * The daily backup, when it is due (BACKUP_TIME passed today, UTC) and nobody made it yet; the schedule's tick,
     * every minute in every process. Answers the backup it made, if any.
     */
    async runScheduled(): Promise<Backup | null> {
      if (!dir) return null;
      const at = now();
      const [hours, minutes] = env.BACKUP_TIME.split(':').map(Number) as [number, number];
      const dayStart = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
      if (at.getTime() < dayStart + (hours * 60 + minutes) * 60_000) return null;
      const day = at.toISOString().slice(0, 10);
      // A run that died with its process frees its day; a failure waits a while before the day is tried again.
      await db
        .update(backups)
        .set({ status: 'failed', error: 'The process making it stopped', finishedAt: at })
        .where(
          and(
            eq(backups.status, 'running'),
            lt(backups.createdAt, new Date(at.getTime() - RUNNING_AT_MOST_MS)),
          ),
        );
      const recent = await db
        .select({ status: backups.status, finishedAt: backups.finishedAt })
        .from(backups)
        .where(and(eq(backups.kind, 'scheduled'), eq(backups.day, day)));
      if (recent.some((row) => row.status !== 'failed')) return null;
      if (recent.some((row) => (row.finishedAt?.getTime() ?? 0) > at.getTime() - RETRY_AFTER_MS)) return null;
      return make('scheduled', null);
    },

    /**
     * `POST /backups/{id}/download`: the file, for an owner who gave their password again, when backups are
     * encrypted. Records who downloaded it.
     */
    async download(
      actor: Actor,
      id: string,
      password: string,
    ): Promise<{ fileName: string; stream: Readable; size: number }> {
      const noKey = backupDownloadRefusal({ encrypted: Boolean(key) });
      if (noKey) throw conflict(noKey);
      const [account] = await db
        .select({ passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.id, actor.id));
      if (!account?.passwordHash || !(await verifyPassword(account.passwordHash, password)))
        throw forbidden(MESSAGES.wrongCurrentPassword);
      const backup = await one(id);
      const notDone = backupDownloadRefusal({ encrypted: true, status: backup.status });
      if (notDone) throw conflict(notDone);
      const path = join(dir!, backup.fileName);
      const size = await stat(path).then(
        (found) => found.size,
        () => {
          throw conflict(BACKUP_MESSAGES.fileMissing);
        },
      );
      await recordActivity(db, actor, {
        type: 'backup.downloaded',
        targetType: 'backup',
        targetId: id,
        description: `Backup ${backup.fileName} downloaded`,
        at: now(),
      });
      return { fileName: backup.fileName, stream: createReadStream(path), size };
    },
  };
}

export type BackupsService = ReturnType<typeof createBackupsService>;

const backupColumns = {
  id: backups.id,
  fileName: backups.fileName,
  kind: backups.kind,
  day: backups.day,
  status: backups.status,
  sizeBytes: backups.sizeBytes,
  encrypted: backups.encrypted,
  lastMigration: backups.lastMigration,
  rowCount: backups.rowCount,
  error: backups.error,
  createdBy: backups.createdBy,
  createdAt: backups.createdAt,
  finishedAt: backups.finishedAt,
};

/** What a failure says in the list: the system's reason without a path or anything secret. */
function describeFailure(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOSPC') return 'No space left in BACKUP_DIR';
  if (code === 'EACCES' || code === 'EPERM') return 'BACKUP_DIR cannot be written to';
  if (code === 'ENOENT') return 'BACKUP_DIR does not exist';
  return 'The backup could not be written (the server log says why)';
}
