import { useState } from 'react';
import { ListPagination } from '../../lib/lists/ListPagination';
import { CERTIFICATE_SORT_KEYS, type Certificate } from '../../contract/certificates';
import { USERS_SEARCH_DEBOUNCE_MS } from '../../contract/constants';
import { can } from '../../contract/roles';
import {
  CERTIFICATE_ERRORS,
  CERTIFICATES_BULK_TEXTS as BULK_TEXTS,
  CERTIFICATES_TEXTS as TEXTS,
} from '../../contract/ui-texts';
import { headerSortOf, sortOfHeader } from '../../lib/lists/list-sort';
import { useListBulk } from '../../lib/lists/use-list-bulk';
import { reportOutcome, type OutcomeToasts } from '../../lib/toasts/outcome-toasts';
import { useSessionState } from '../../lib/session';
import {
  Button,
  ConfirmDialog,
  layout,
  PageHeader,
  SearchField,
  Select,
  useToast,
  type SelectOption,
} from '../../ui';
import { useActivateCertificate } from './api/activate-certificate';
import { useBulkCertificates, type BulkOptions } from './api/bulk-certificates';
import { useDownloadCertificates } from './api/download-certificates';
import { useListCertificateIds } from './api/list-certificate-ids';
import { CERTIFICATE_CHANGE_RELOADS } from './api/revalidate';
import { useDeleteCertificate } from './api/delete-certificate';
import { useDownloadCertificate } from './api/download-certificate';
import { useExportCertificates } from './api/export-certificates';
import type { CertificateFilters } from './api/keys';
import { useCertificates } from './api/list-certificates';
import { bulkActionsFor, type CertificateBulkChoice } from './bulk-actions';
import { BulkRenewDialog } from './components/BulkRenewDialog';
import { BulkRevokeDialog } from './components/BulkRevokeDialog';
import { CertificateBulkBar } from './components/CertificateBulkBar';
import { CertificateCounters } from './components/CertificateCounters';
import { CertificateFormModal } from './components/CertificateFormModal';
import { CertificateTable } from './components/CertificateTable';
import { HistoryModal } from './components/HistoryModal';
import { RenewDialog } from './components/RenewDialog';
import { RevokeDialog } from './components/RevokeDialog';
import { TransferDialog } from './components/TransferDialog';
import { ValidateLicenceDialog } from './components/ValidateLicenceDialog';
import type { CertificateAction } from './row-actions';
import { useCertificateFilters } from './use-certificate-filters';
import * as styles from './CertificatesPage.css';
import { LoadFailedBanner } from '../../lib/lists/LoadFailedBanner';

const STATUS_OPTIONS: SelectOption<CertificateFilters['status']>[] = [
  { id: 'all', label: TEXTS.statusOptions.all },
  // The order of docs/requirements.md#certificates-screen.
  ...(['active', 'pending', 'expired', 'revoked', 'distributed'] as const).map((status) => ({
    id: status,
    label: TEXTS.statusOptions[status],
  })),
];

/** The steps a row's button takes at once, without a dialog. */
type OnePressStep = 'activate' | 'download';

const STEP_TOASTS: Record<OnePressStep, OutcomeToasts<unknown>> = {
  activate: {
    done: () => ({ title: TEXTS.toasts.activated, description: TEXTS.toasts.activatedDescription }),
    failed: { title: TEXTS.toasts.activationFailed, description: CERTIFICATE_ERRORS.activate },
  },
  download: {
    done: () => ({ title: TEXTS.toasts.downloaded, description: TEXTS.toasts.downloadedDescription }),
    failed: { title: TEXTS.toasts.downloadFailed, description: CERTIFICATE_ERRORS.download },
  },
};

type OpenDialog =
  | { kind: 'create' }
  | { kind: 'edit' | 'revoke' | 'delete' | 'history' | 'renew' | 'transfer'; certificate: Certificate }
  | { kind: 'validate' }
  | { kind: 'bulkRevoke' | 'bulkDelete' | 'bulkRenew'; count: number }
  | null;

const certificateId = (certificate: Certificate) => certificate.uuid;
const certificateName = (certificate: Certificate) => certificate.serialNumber;

/** The certificates screen of docs/requirements.md#certificates-screen: counters, filters in the URL, the list and every lifecycle step. */
export function CertificatesPage() {
  const session = useSessionState();
  const role = session.status === 'authenticated' ? session.user.role.name : 'viewer';
  const toast = useToast();
  const [filters, setFilters] = useCertificateFilters();
  const { data, error, isLoading, mutate: reload } = useCertificates(filters);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [busy, setBusy] = useState<{ id: string; action: CertificateAction } | null>(null);
  const [isExporting, setExporting] = useState(false);
  const activate = useActivateCertificate();
  const download = useDownloadCertificate();
  const remove = useDeleteCertificate();
  const exportCsv = useExportCertificates();
  const listIds = useListCertificateIds();
  const bulkCall = useBulkCertificates();
  const downloadZip = useDownloadCertificates();
  const canWrite = can(role, 'certificates:write');
  const bulk = useListBulk<Certificate, CertificateBulkChoice>({
    toast,
    // What narrows the rows: a new search, status or client clears the selection.
    filterKey: JSON.stringify([filters.search.trim(), filters.status, filters.clientId]),
    getRowId: certificateId,
    nameOf: certificateName,
    pageRows: data?.certificates,
    total: data?.total,
    fetchIds: () => listIds(filters),
    reloads: CERTIFICATE_CHANGE_RELOADS,
  });
  // Rows are selectable for a role with at least one bulk action.
  const isSelectable = bulkActionsFor('unknown', role).length > 0;

  const closeDialog = () => setDialog(null);
  const isFiltered = filters.search !== '' || filters.status !== 'all' || filters.clientId !== null;
  const rows = data?.certificates;

  /** Runs a one-press step with its row's button busy and its toasts. */
  const runStep = async (action: OnePressStep, certificate: Certificate) => {
    setBusy({ id: certificate.uuid, action });
    const step = () => (action === 'activate' ? activate(certificate.uuid) : download(certificate));
    await reportOutcome(toast, step, STEP_TOASTS[action]);
    setBusy(null);
  };

  const handleAction = (action: CertificateAction, certificate: Certificate) => {
    if (action === 'activate' || action === 'download') void runStep(action, certificate);
    else setDialog({ kind: action, certificate });
  };

  // The question stays open after a failure, so the user can retry or cancel.
  const handleDelete = (certificate: Certificate) =>
    reportOutcome(toast, () => remove(certificate.uuid), {
      done: () => ({
        title: TEXTS.toasts.deleted,
        description: TEXTS.toasts.deletedDescription(certificate.serialNumber),
      }),
      failed: { title: TEXTS.toasts.deleteFailed, description: CERTIFICATE_ERRORS.delete },
    });

  /** Runs a bulk call on every selected certificate; the bar shows its progress, then each row's outcome. */
  const runBulk = (action: 'activate' | 'renew' | 'revoke' | 'delete', options?: BulkOptions) =>
    bulk.whilePending(action, () =>
      bulk.run(BULK_TEXTS.done[action], (chunk) => bulkCall(action, chunk, options), BULK_TEXTS.bulkError),
    );

  const downloadSelected = () =>
    bulk.whilePending('download', () =>
      reportOutcome(toast, () => downloadZip(bulk.selection.ids), {
        done: () => ({ title: BULK_TEXTS.downloaded, description: BULK_TEXTS.downloadedDescription }),
        failed: { title: BULK_TEXTS.downloadFailed, description: BULK_TEXTS.downloadError },
      }),
    );

  const handleBulkAction = (action: CertificateBulkChoice) => {
    if (action === 'activate') void runBulk('activate');
    else if (action === 'download') void downloadSelected();
    else {
      const kind = ({ renew: 'bulkRenew', revoke: 'bulkRevoke', delete: 'bulkDelete' } as const)[action];
      setDialog({ kind, count: bulk.selection.count });
    }
  };

  const handleExport = async () => {
    setExporting(true);
    await reportOutcome(toast, () => exportCsv(filters), {
      failed: { title: TEXTS.toasts.exportFailed, description: CERTIFICATE_ERRORS.export },
    });
    setExporting(false);
  };

  const clientName = filters.clientId
    ? rows?.find((c) => c.clientId === filters.clientId)?.clientName
    : undefined;

  return (
    <div className={layout.page}>
      <PageHeader
        title={TEXTS.title}
        actions={
          <>
            <Button variant="secondary" onPress={() => setDialog({ kind: 'validate' })}>
              {TEXTS.validateLicence}
            </Button>
            <Button variant="secondary" onPress={handleExport} isPending={isExporting}>
              {isExporting ? TEXTS.exporting : TEXTS.exportCsv}
            </Button>
            {canWrite && <Button onPress={() => setDialog({ kind: 'create' })}>{TEXTS.generate}</Button>}
          </>
        }
      />
      <LoadFailedBanner error={error} onRetry={() => reload()} />
      <CertificateCounters counts={data?.counts} isUnavailable={Boolean(error) && !data} />
      <div className={layout.toolbar} role="search" aria-label={TEXTS.searchLabel}>
        <div className={styles.search}>
          <SearchField
            label={TEXTS.searchLabel}
            placeholder={TEXTS.searchPlaceholder}
            value={filters.search}
            debounceMs={USERS_SEARCH_DEBOUNCE_MS}
            onChange={(search) => setFilters({ search })}
          />
        </div>
        <Select
          label={TEXTS.statusLabel}
          isLabelHidden
          options={STATUS_OPTIONS}
          value={filters.status}
          onChange={(status) => setFilters({ status })}
        />
        {filters.clientId && (
          <div className={styles.clientFilter}>
            {clientName && <span>{TEXTS.clientFilter(clientName)}</span>}
            <Button variant="ghost" size="sm" onPress={() => setFilters({ clientId: null })}>
              {TEXTS.clearClientFilter}
            </Button>
          </div>
        )}
      </div>
      {isSelectable && (
        <CertificateBulkBar
          bulk={bulk}
          role={role}
          statusFilter={filters.status}
          onAction={handleBulkAction}
        />
      )}
      {/* Without rows to show, the banner alone says what went wrong (issue 20); older rows stay under it. */}
      {!(error && !rows) && (
        <CertificateTable
          rows={rows}
          isLoading={isLoading}
          emptyText={isFiltered ? TEXTS.emptyFiltered : TEXTS.empty}
          role={role}
          busy={busy}
          onAction={handleAction}
          sortDescriptor={headerSortOf({ sort: filters.sort, order: filters.order })}
          onSortChange={(descriptor) => {
            const sort = sortOfHeader(descriptor, CERTIFICATE_SORT_KEYS);
            if (sort) setFilters(sort);
          }}
          selection={isSelectable ? bulk.tableSelection : undefined}
        />
      )}
      {data && (
        <ListPagination
          page={data.page}
          pageSize={filters.limit}
          total={data.total}
          noun={TEXTS.paginationNoun}
          label={TEXTS.paginationLabel}
          onPageChange={(page) => setFilters({ page })}
          onPageSizeChange={(limit) => setFilters({ limit })}
        />
      )}

      <CertificateFormModal
        // A new form (fresh defaults) each time it opens.
        key={
          dialog?.kind === 'edit' ? dialog.certificate.uuid : dialog?.kind === 'create' ? 'create' : 'closed'
        }
        certificate={dialog?.kind === 'edit' ? dialog.certificate : null}
        isOpen={dialog?.kind === 'create' || dialog?.kind === 'edit'}
        onOpenChange={(open) => !open && closeDialog()}
      />
      {dialog?.kind === 'revoke' && <RevokeDialog certificate={dialog.certificate} onClose={closeDialog} />}
      {dialog?.kind === 'renew' && <RenewDialog certificate={dialog.certificate} onClose={closeDialog} />}
      {dialog?.kind === 'transfer' && (
        <TransferDialog certificate={dialog.certificate} onClose={closeDialog} />
      )}
      {dialog?.kind === 'history' && <HistoryModal certificate={dialog.certificate} onClose={closeDialog} />}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title={TEXTS.delete.title(dialog.certificate.serialNumber)}
          message={TEXTS.delete.message}
          confirmLabel={TEXTS.delete.confirm}
          pendingLabel={TEXTS.delete.confirming}
          cancelLabel={TEXTS.delete.cancel}
          isOpen
          onOpenChange={(open) => !open && closeDialog()}
          onConfirm={() => handleDelete(dialog.certificate)}
        />
      )}
      {dialog?.kind === 'bulkRevoke' && (
        <BulkRevokeDialog
          count={dialog.count}
          isOpen
          onOpenChange={(open) => !open && closeDialog()}
          onRevoke={(reason) => void runBulk('revoke', { reason })}
        />
      )}
      {dialog?.kind === 'bulkRenew' && (
        <BulkRenewDialog
          count={dialog.count}
          isOpen
          onOpenChange={(open) => !open && closeDialog()}
          onRenew={(renewal) => void runBulk('renew', renewal)}
        />
      )}
      {dialog?.kind === 'bulkDelete' && (
        <ConfirmDialog
          title={BULK_TEXTS.deleteTitle}
          message={BULK_TEXTS.deleteMessage(dialog.count)}
          confirmLabel={TEXTS.delete.confirm}
          cancelLabel={TEXTS.delete.cancel}
          isOpen
          onOpenChange={(open) => !open && closeDialog()}
          // The question closes at once: the bar shows the progress and each row's outcome.
          onConfirm={() => void runBulk('delete')}
        />
      )}
      <ValidateLicenceDialog
        isOpen={dialog?.kind === 'validate'}
        onOpenChange={(open) => !open && closeDialog()}
      />
    </div>
  );
}
