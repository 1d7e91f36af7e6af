// The console's texts for backups (src/contract/backups.ts): the Backups panel of the owners' Settings page and its
// download dialog.
import type { Backup } from '../backups';
import { formatCount } from '../format';

export const BACKUP_ERRORS = {
  fetch: 'Failed to fetch backups',
  make: 'Failed to make a backup',
  download: 'Failed to download the backup',
} as const;

/** "1.2 MB": a file's size as people read it (decimal units, as file managers show them). */
export function describeSize(bytes: number): string {
  if (bytes < 1000) return `${formatCount(bytes)} B`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

export const BACKUP_TEXTS = {
  heading: 'Backups',
  loading: 'Loading backups...',
  /** What the server does, from GET /backups. */
  schedule: (time: string, keep: number) =>
    `A backup of the whole database is made every day at ${time} UTC; the newest ${formatCount(keep)} are kept.`,
  encrypted: 'Backups are encrypted with BACKUP_KEY.',
  notEncrypted:
    'Backups are not encrypted (BACKUP_KEY is not set): they hold the private signing keys, so they cannot be downloaded here. Copy them from the server.',
  off: 'Backups are off: set BACKUP_DIR on the server to make them. docs/operations.md says how to restore one.',
  backUpNow: 'Back Up Now',
  backingUp: 'Backing up...',
  empty: 'No backups yet.',
  columns: { createdAt: 'Made', kind: 'Kind', size: 'Size', status: 'Status', actions: 'Actions' },
  kinds: { scheduled: 'Daily', manual: 'On demand' } satisfies Record<Backup['kind'], string>,
  statuses: { running: 'Running', done: 'Done', failed: 'Failed' } satisfies Record<Backup['status'], string>,
  by: (name: string) => `by ${name}`,
  download: 'Download',
  downloadLabel: (fileName: string) => `Download ${fileName}`,
  /** The download dialog: the owner's password again. */
  dialog: {
    title: 'Download Backup',
    body: 'The file holds the private keys that sign every licence. Enter your password to download it.',
    password: 'Your password',
    submit: 'Download',
    pending: 'Downloading...',
  },
  toasts: {
    made: { title: 'Backup Made', description: (fileName: string) => `${fileName} is in BACKUP_DIR.` },
    failed: { title: 'Backup Failed' },
    downloaded: { title: 'Backup Downloaded' },
  },
} as const;
