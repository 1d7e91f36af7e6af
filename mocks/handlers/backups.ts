// Backups (`/backups`, owners only), over a store a story sets: whether backups are on and encrypted, and those kept.
// "Back Up Now" adds a finished backup made now; what may be made or downloaded is the contract's rule
// (`backupMakeRefusal`, `backupDownloadRefusal`), as on the server, and a download asks for the mock password.
import { http, HttpResponse } from 'msw';
import type { z } from 'zod';
import { MESSAGES } from '../../src/contract';
import {
  backupDownloadRefusal,
  backupMakeRefusal,
  downloadBackupRequestSchema,
  type Backup,
  type BackupsOverview,
  type backupResponseSchema,
  type backupsOverviewResponseSchema,
} from '../../src/contract/backups';
import { FIXED_NOW, MOCK_PASSWORD, mockUsers } from '../fixtures';
import { actorOf, api, errorResponse, jsonOf, refusal, validationFailed } from './directory-common';

const HOUR_MS = 60 * 60 * 1000;

/** A finished backup `hoursAgo` before the mock's now. */
export function mockBackup(index: number, hoursAgo: number, overrides: Partial<Backup> = {}): Backup {
  const createdAt = FIXED_NOW - hoursAgo * HOUR_MS;
  const stamp = new Date(createdAt).toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  const id = `b${String(index).padStart(7, '0')}-0000-4000-9000-000000000000`;
  return {
    id,
    fileName: `license-console-${stamp}-${id.slice(0, 8)}.lcbackup`,
    kind: 'scheduled',
    status: 'done',
    sizeBytes: 2_400_000 + index * 13_000,
    encrypted: true,
    lastMigration: '0019_migration_names_and_backups',
    rows: 48_210 + index * 17,
    error: null,
    createdBy: null,
    createdAt,
    finishedAt: createdAt + 4_000,
    ...overrides,
  };
}

export type BackupStore = BackupsOverview;

/** On, encrypted, daily at 02:00, seven kept: three days of backups. */
export const createBackupStore = (overrides: Partial<BackupStore> = {}): BackupStore => ({
  enabled: true,
  encrypted: true,
  time: '02:00',
  keep: 7,
  backups: [mockBackup(3, 10), mockBackup(2, 34), mockBackup(1, 58)],
  ...overrides,
});

export function backupHandlers(store: BackupStore = createBackupStore()) {
  return [
    http.get(api('/backups'), ({ request }) => {
      const denied = refusal(request, 'settings:manage');
      if (denied) return denied;
      return HttpResponse.json({ data: store } satisfies z.input<typeof backupsOverviewResponseSchema>);
    }),

    http.post(api('/backups'), ({ request }) => {
      const denied = refusal(request, 'settings:manage');
      if (denied) return denied;
      const refused = backupMakeRefusal({
        enabled: store.enabled,
        running: store.backups.some((backup) => backup.status === 'running'),
      });
      if (refused) return errorResponse(409, refused, 'CONFLICT');
      const actor = actorOf(request) ?? mockUsers.owner;
      const made = mockBackup(store.backups.length + 1, 0, {
        kind: 'manual',
        encrypted: store.encrypted,
        createdBy: { id: actor.uuid, name: actor.name },
      });
      store.backups = [made, ...store.backups];
      return HttpResponse.json({ data: made } satisfies z.input<typeof backupResponseSchema>, {
        status: 201,
      });
    }),

    http.post(api('/backups/:id/download'), async ({ request, params }) => {
      const denied = refusal(request, 'settings:manage');
      if (denied) return denied;
      const noKey = backupDownloadRefusal({ encrypted: store.encrypted });
      if (noKey) return errorResponse(409, noKey, 'CONFLICT');
      const body = downloadBackupRequestSchema.safeParse(await jsonOf(request));
      if (!body.success) return validationFailed(body.error);
      if (body.data.password !== MOCK_PASSWORD)
        return errorResponse(403, MESSAGES.wrongCurrentPassword, 'FORBIDDEN');
      const backup = store.backups.find((each) => each.id === params.id);
      if (!backup) return errorResponse(404, 'Backup not found', 'NOT_FOUND');
      const notDone = backupDownloadRefusal({ encrypted: true, status: backup.status });
      if (notDone) return errorResponse(409, notDone, 'CONFLICT');
      return new HttpResponse(new Blob(['LICENSE-CONSOLE-BACKUP 1\n']), {
        headers: { 'content-type': 'application/octet-stream', 'cache-control': 'no-store' },
      });
    }),
  ];
}

/** The list fails to load. */
export const backupsFail = () =>
  http.get(api('/backups'), () => errorResponse(500, MESSAGES.internal, 'INTERNAL'));
