import { useId, useState } from 'react';
import { downloadBackupRequestSchema, type Backup, type BackupsOverview } from '../../../contract/backups';
import { fieldErrorsOf } from '../../../contract/errors';
import { can } from '../../../contract/roles';
import { LIST_TEXTS } from '../../../contract/ui-texts';
import { BACKUP_ERRORS, BACKUP_TEXTS as TEXTS, describeSize } from '../../../contract/texts/backups';
import { failureToast } from '../../../lib/api/call-errors';
import { useFormSubmit } from '../../../lib/forms/use-form-submit';
import { formatDateTime } from '../../../lib/format/dates';
import { LoadFailedBanner } from '../../../lib/lists/LoadFailedBanner';
import { useSessionState } from '../../../lib/session';
import {
  Button,
  DialogForm,
  layout,
  LoadingState,
  Modal,
  PlainTable,
  TextField,
  useToast,
  type DataTableColumn,
} from '../../../ui';
import { useBackups } from '../api/get-backups';
import { useDownloadBackup } from '../api/download-backup';
import { useMakeBackup } from '../api/make-backup';
import * as styles from '../SettingsPage.css';

/**
 * Backups of the whole database (`/backups`, owners only): what the server does (BACKUP_DIR, BACKUP_TIME,
 * BACKUP_KEEP, BACKUP_KEY), "Back Up Now", and the backups kept, each downloadable with the password again when they
 * are encrypted. Nobody else sees the panel: the server refuses them the calls.
 */
export function BackupsPanel() {
  const session = useSessionState();
  const isOwner = session.status === 'authenticated' && can(session.user.role.name, 'settings:manage');
  return isOwner ? <OwnersBackups /> : null;
}

function OwnersBackups() {
  const headingId = useId();
  const overview = useBackups();
  const data = overview.data;
  return (
    <section className={layout.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={layout.panelTitle}>
        {TEXTS.heading}
      </h2>
      <LoadFailedBanner error={overview.error} onRetry={() => overview.mutate()} />
      {overview.isLoading && <LoadingState label={TEXTS.loading} size="inline" />}
      {data && <BackupsBody overview={data} />}
    </section>
  );
}

function BackupsBody({ overview }: { overview: BackupsOverview }) {
  const toast = useToast();
  const make = useMakeBackup();
  const [isMaking, setIsMaking] = useState(false);
  const [downloading, setDownloading] = useState<Backup | null>(null);

  if (!overview.enabled) return <p className={styles.hint}>{TEXTS.off}</p>;

  const backUpNow = async () => {
    setIsMaking(true);
    try {
      const made = await make();
      toast.show(
        made.status === 'done'
          ? {
              type: 'success',
              title: TEXTS.toasts.made.title,
              description: TEXTS.toasts.made.description(made.fileName),
            }
          : {
              type: 'destructive',
              title: TEXTS.toasts.failed.title,
              description: made.error ?? BACKUP_ERRORS.make,
            },
      );
    } catch (caught) {
      toast.show(failureToast(caught, TEXTS.toasts.failed.title, BACKUP_ERRORS.make));
    } finally {
      setIsMaking(false);
    }
  };

  const columns: DataTableColumn<Backup>[] = [
    {
      id: 'createdAt',
      header: TEXTS.columns.createdAt,
      isRowHeader: true,
      cell: (backup) => (
        <span className={layout.stack}>
          <span>{formatDateTime(backup.createdAt)}</span>
          <span className={layout.muted}>{backup.fileName}</span>
        </span>
      ),
    },
    {
      id: 'kind',
      header: TEXTS.columns.kind,
      cell: (backup) =>
        backup.createdBy
          ? `${TEXTS.kinds[backup.kind]} ${TEXTS.by(backup.createdBy.name)}`
          : TEXTS.kinds[backup.kind],
    },
    {
      id: 'size',
      header: TEXTS.columns.size,
      noWrap: true,
      cell: (backup) => (backup.sizeBytes === null ? '—' : describeSize(backup.sizeBytes)),
    },
    {
      id: 'status',
      header: TEXTS.columns.status,
      cell: (backup) =>
        backup.status === 'failed' && backup.error ? (
          <span className={layout.stack}>
            <span>{TEXTS.statuses.failed}</span>
            <span className={layout.muted}>{backup.error}</span>
          </span>
        ) : (
          TEXTS.statuses[backup.status]
        ),
    },
  ];

  return (
    <>
      <p className={styles.hint}>
        {TEXTS.schedule(overview.time, overview.keep)}{' '}
        {overview.encrypted ? TEXTS.encrypted : TEXTS.notEncrypted}
      </p>
      <div className={layout.actions}>
        <Button onPress={backUpNow} isPending={isMaking}>
          {isMaking ? TEXTS.backingUp : TEXTS.backUpNow}
        </Button>
      </div>
      <PlainTable
        aria-label={TEXTS.heading}
        columns={columns}
        rows={overview.backups}
        getRowId={(backup) => backup.id}
        emptyText={TEXTS.empty}
        {...(overview.encrypted
          ? {
              rowActionsHeader: TEXTS.columns.actions,
              rowActions: (backup: Backup) =>
                backup.status === 'done' ? (
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={TEXTS.downloadLabel(backup.fileName)}
                    onPress={() => setDownloading(backup)}
                  >
                    {TEXTS.download}
                  </Button>
                ) : null,
            }
          : {})}
      />
      <Modal
        title={TEXTS.dialog.title}
        isOpen={downloading !== null}
        onOpenChange={(isOpen) => !isOpen && setDownloading(null)}
      >
        {(close) => downloading && <DownloadBackupForm backup={downloading} close={close} />}
      </Modal>
    </>
  );
}

/** The owner's password again, then the file. A wrong password is the server's 403, said in the banner. */
function DownloadBackupForm({ backup, close }: { backup: Backup; close: () => void }) {
  const toast = useToast();
  const download = useDownloadBackup();
  const { field, formProps } = useFormSubmit({
    initialValues: () => ({ password: '' }),
    prepare: (values) => {
      const parsed = downloadBackupRequestSchema.safeParse(values);
      if (!parsed.success) return { fieldErrors: fieldErrorsOf(parsed.error.issues) };
      return { save: () => download(backup, parsed.data.password) };
    },
    onSaved: () => {
      toast.show({ type: 'success', title: TEXTS.toasts.downloaded.title, description: backup.fileName });
      close();
    },
    onFailed: (caught, fieldErrors) =>
      Object.keys(fieldErrors).length > 0 ? null : String((caught as Error).message),
  });
  return (
    <DialogForm
      {...formProps}
      aria-label={TEXTS.dialog.title}
      cancelLabel={LIST_TEXTS.cancel}
      onCancel={close}
      submitLabel={TEXTS.dialog.submit}
      pendingLabel={TEXTS.dialog.pending}
    >
      <p>{TEXTS.dialog.body}</p>
      <p className={layout.muted}>{backup.fileName}</p>
      <TextField
        label={TEXTS.dialog.password}
        {...field('password')}
        type="password"
        autoComplete="current-password"
        isRequired
        autoFocus
      />
    </DialogForm>
  );
}
