// Backups of the whole database (docs/operations.md), made by the running server into BACKUP_DIR: daily, and on an
// owner's demand. Owners only: a backup holds the private keys that sign every licence.
import { z } from 'zod';
import { dataOf } from './common';

export const BACKUP_KINDS = ['scheduled', 'manual'] as const;
export const BACKUP_STATUSES = ['running', 'done', 'failed'] as const;

export const backupSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  kind: z.enum(BACKUP_KINDS),
  status: z.enum(BACKUP_STATUSES),
  /** Bytes on disk, once done. */
  sizeBytes: z.number().int().nullable(),
  encrypted: z.boolean(),
  /** The last migration the backed-up database had applied, once done. */
  lastMigration: z.string().nullable(),
  /** Rows in the backup, once done. */
  rows: z.number().int().nullable(),
  /** Why it failed (no path or secret), when it did. */
  error: z.string().nullable(),
  createdBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  createdAt: z.number().int(),
  finishedAt: z.number().int().nullable(),
});
export type Backup = z.infer<typeof backupSchema>;

/** `GET /backups`: whether backups are on, how they are made, and the backups kept, newest first. */
export const backupsOverviewSchema = z.object({
  /** BACKUP_DIR is set. */
  enabled: z.boolean(),
  /** BACKUP_KEY is set: backups are encrypted and can be downloaded. */
  encrypted: z.boolean(),
  /** BACKUP_TIME, `HH:MM` UTC. */
  time: z.string(),
  /** BACKUP_KEEP. */
  keep: z.number().int(),
  backups: z.array(backupSchema),
});
export type BackupsOverview = z.infer<typeof backupsOverviewSchema>;
export const backupsOverviewResponseSchema = dataOf(backupsOverviewSchema);
export const backupResponseSchema = dataOf(backupSchema);

/** `POST /backups/{id}/download`: the owner's password again. */
export const downloadBackupRequestSchema = z.object({
  password: z.string().min(1, 'Password is required').max(200),
});

export const BACKUP_MESSAGES = {
  notConfigured: 'Set BACKUP_DIR to make backups',
  noKey: 'Set BACKUP_KEY to download backups: they hold the private signing keys',
  notDone: 'Only a finished backup can be downloaded',
  fileMissing: 'The backup file is no longer in BACKUP_DIR',
  running: 'A backup is being made: wait for it to finish',
} as const;

/** Why a backup cannot be made now, or null: no BACKUP_DIR, or one is being made. The server's rule and the mocks'. */
export function backupMakeRefusal({
  enabled,
  running,
}: {
  enabled: boolean;
  running: boolean;
}): string | null {
  if (!enabled) return BACKUP_MESSAGES.notConfigured;
  if (running) return BACKUP_MESSAGES.running;
  return null;
}

/**
 * Why a backup cannot be downloaded, or null: without BACKUP_KEY none can (asked before the password), and only a
 * finished one can (asked of the backup once it is known).
 */
export function backupDownloadRefusal({
  encrypted,
  status,
}: {
  encrypted: boolean;
  status?: (typeof BACKUP_STATUSES)[number];
}): string | null {
  if (!encrypted) return BACKUP_MESSAGES.noKey;
  if (status !== undefined && status !== 'done') return BACKUP_MESSAGES.notDone;
  return null;
}
